import { spawn, type ChildProcess } from 'node:child_process'
import { get, type IncomingHttpHeaders } from 'node:http'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { freePort } from '../../scripts/lib/launch.mjs'
import { expect, password, setupTimeout, test } from './fixtures'
import { root, startStack, waitFor, type Stack } from './stack'

// The portal as its own server (server.mjs) runs it, in two copies (PORTAL_PROCESSES), over an API of
// its own whose per-address login limit is low: the shared stack's is raised for the other specs, and
// this file spends it.
const IP_LIMIT = 12
let stack: Stack
let portal: ChildProcess
let base: string
let log = ''

test.beforeAll(async () => {
  test.setTimeout(setupTimeout)
  stack = await startStack({ LOGIN_IP_LIMIT: String(IP_LIMIT), LOGIN_ACCOUNT_LIMIT: '0' })
  const port = await freePort()
  portal = spawn(process.execPath, ['server.mjs', 'build/server/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_BASE_URL: stack.apiURL,
      SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
      COOKIE_SECURE: 'false',
      PORTAL_PROCESSES: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  portal.stdout?.on('data', (d) => (log += d))
  portal.stderr?.on('data', (d) => (log += d))
  base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/login`, 60_000)
})

/** The processes whose parent is `pid` (from /proc: no ps or pgrep needed). */
function childrenOf(pid: number | undefined): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid
      } catch {
        return false
      }
    })
    .map(Number)
}

test.afterAll(async () => {
  if (portal && portal.exitCode === null) {
    const copies = childrenOf(portal.pid)
    const exited = new Promise((resolve) => portal.once('exit', resolve))
    portal.kill('SIGINT')
    await exited
    // a stop reaches every copy: none is left behind, serving the port
    expect(copies.filter((pid) => readdirSync('/proc').includes(String(pid)))).toEqual([])
  }
  await stack?.stop()
})

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(base + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  })

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

async function signIn(redirectTo = '') {
  const response = await post('/login', { email: 'agent@demo.local', password, redirectTo })
  expect(response.status, log).toBe(302)
  return response
}

/** A GET's status on a connection of its own (`agent: false`: nothing kept from an earlier request). */
const statusOnNewConnection = (url: string) =>
  new Promise<number>((resolve, reject) => {
    get(url, { agent: false, timeout: 10_000 }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
      .on('timeout', function (this: { destroy: (error: Error) => void }) {
        this.destroy(Object.assign(new Error(`no answer from ${url} in 10 s`), { code: 'ETIMEDOUT' }))
      })
      .on('error', reject)
  })

/** A GET as it comes over the wire: its headers and its bytes, not decompressed. */
const rawGet = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(base + path, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
    }).on('error', reject)
  })

/**
 * A GET asked again, once, when its connection is reset or left unanswered for 10 s: the primary may
 * hand a new connection to the copy that was killed before it has noticed the death, and that
 * connection is reset or hangs (seen on a slow machine; node:cluster's round-robin scheduling).
 */
const statusAskedAgainOnReset = (url: string) =>
  statusOnNewConnection(url).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'ETIMEDOUT') throw error
    return statusOnNewConnection(url)
  })

test.describe('the portal server', () => {
  test('runs PORTAL_PROCESSES copies on one port, and starts another when one dies', async () => {
    const before = childrenOf(portal.pid)
    expect(before, log).toHaveLength(2)
    process.kill(before[0], 'SIGKILL')
    // the other copy answers meanwhile, on new connections (one that fetch kept open may be the dead
    // copy's); a connection handed to the dead copy as it died is lost, and asked again
    for (let i = 0; i < 5; i++) expect(await statusAskedAgainOnReset(`${base}/login`)).toBe(200)
    await expect
      .poll(() => childrenOf(portal.pid).filter((pid) => pid !== before[0]).length, { timeout: 15_000 })
      .toBe(2)
    await waitFor(`${base}/login`, 15_000)
  })

  test('a sign-in never ends on another site, whatever whitespace redirectTo hides', async () => {
    for (const redirectTo of ['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '/\u3000/evil.example']) {
      const response = await signIn(redirectTo)
      expect(response.headers.get('Location'), JSON.stringify(redirectTo)).toBe('/demo-portal')
      const form = await fetch(`${base}/login?redirectTo=${encodeURIComponent(redirectTo)}`, { redirect: 'manual' })
      expect(form.status).toBe(200)
    }
  })

  test('a cross-site form post is refused with a 403 that says so, not an empty 500', async () => {
    const evil = { Origin: 'http://evil.example' }
    const login = await post('/login', { email: 'agent@demo.local', password }, evil)
    expect(login.status).toBe(403)
    expect(await login.text()).toMatch(/another site/)
    expect(login.headers.getSetCookie()).toEqual([])
    const blind = await post('/login', { email: 'agent@demo.local', password }, { 'Sec-Fetch-Site': 'cross-site' })
    expect(blind.status).toBe(403)
  })

  test('sign-out takes a post from its own pages or from curl, never from another site', async () => {
    const session = cookiesOf(await signIn())
    const evil = await post('/logout', {}, { Cookie: session, Origin: 'http://evil.example' })
    expect(evil.status).toBe(403)
    expect(evil.headers.getSetCookie()).toEqual([])
    const page = await fetch(`${base}/demo-portal`, { headers: { Cookie: session }, redirect: 'manual' })
    expect(page.status).toBe(200)
    const own = await post('/logout', {}, { Cookie: session, Origin: base, 'Sec-Fetch-Site': 'same-origin' })
    expect(own.status).toBe(302)
    expect(own.headers.get('Location')).toBe('/login')
    const curl = await post('/logout', {}, { Cookie: cookiesOf(await signIn()) })
    expect(curl.status).toBe(302)
  })

  test('signed-in pages are kept by no cache; static files are never sniffed', async () => {
    const session = cookiesOf(await signIn())
    for (const path of ['/demo-portal', '/reshub', '/demo-portal.data']) {
      const response = await fetch(base + path, { headers: { Cookie: session }, redirect: 'manual' })
      expect(response.headers.get('Cache-Control'), path).toBe('private, no-store')
      expect(response.headers.get('X-Content-Type-Options'), path).toBe('nosniff')
    }
    const asset = readdirSync(join(root, 'build/client/assets')).find((name) => name.endsWith('.js'))
    const script = await fetch(`${base}/assets/${asset}`)
    expect(script.status).toBe(200)
    expect(script.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(script.headers.get('Cache-Control')).toMatch(/immutable/)
    const icon = await fetch(`${base}/favicon.svg`)
    expect(icon.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  test('pages go compressed whole, with their length, in the encoding the browser accepts', async () => {
    const session = cookiesOf(await signIn())
    const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const
    for (const [accepted, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=0, br;q=0.5', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ] as const) {
      const { status, headers, body } = await rawGet('/demo-portal', { Cookie: session, 'Accept-Encoding': accepted })
      expect(status, accepted).toBe(200)
      expect(headers['content-encoding'], accepted).toBe(expected)
      expect(headers.vary, accepted).toMatch(/Accept-Encoding/)
      // one body of a known length, not chunks
      expect(Number(headers['content-length']), accepted).toBe(body.length)
      const html = (expected ? decode[expected](body) : body).toString('utf8')
      expect(html, accepted).toMatch(/^<!DOCTYPE html>/)
      expect(html, accepted).toContain('streamController.close()')
    }
    // a navigation's data still goes through the compression middleware
    const data = await rawGet('/demo-portal.data', { Cookie: session, 'Accept-Encoding': 'br' })
    expect(data.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(data.body).toString('utf8')).toContain('routes/demo-portal/layout')
  })

  // Last: it spends this address's login allowance on the API.
  test('wrong passwords meet a 429 however the client varies X-Real-IP or X-Forwarded-For', async () => {
    const statuses: number[] = []
    for (let i = 0; i < IP_LIMIT + 4; i += 1) {
      const spoofed = `203.0.113.${i + 1}`
      const response = await post(
        '/login',
        { email: `nobody${i}@demo.local`, password: 'wrong-password' },
        { 'X-Real-IP': spoofed, 'X-Forwarded-For': spoofed, 'Fly-Client-IP': spoofed },
      )
      statuses.push(response.status)
    }
    expect(statuses).toContain(429)
  })
})
