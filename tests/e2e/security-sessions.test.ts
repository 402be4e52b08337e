import { expect, password, setupTimeout, test } from './fixtures'
import { startStack, type Stack } from './stack'

// Its own stack with access tokens that live 2 seconds, so a test sees them expire (issue 13, finding 9).
let stack: Stack
test.beforeAll(async () => {
  test.setTimeout(setupTimeout)
  stack = await startStack({ ACCESS_TOKEN_SECONDS: '2' })
})
test.afterAll(() => stack?.stop())

const cookieHeader = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

/** The cookies a browser holds after `response`, on top of `jar`. */
function merge(jar: string, response: Response) {
  const cookies = new Map(jar.split('; ').map((c) => c.split(/=(.*)/s, 2) as [string, string]))
  for (const c of cookieHeader(response).split('; ').filter(Boolean)) {
    const [name, value] = c.split(/=(.*)/s, 2)
    cookies.set(name, value)
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}

const page = (path: string, cookie: string) => fetch(stack.baseURL + path, { redirect: 'manual', headers: { cookie } })

test.describe('sessions', () => {
  test('two tabs opened at once after the access token expired both stay signed in', async () => {
    const login = await fetch(`${stack.baseURL}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'agent@demo.local', password }),
    })
    expect(login.status, stack.output()).toBe(302)
    const jar = cookieHeader(login)
    await new Promise((resolve) => setTimeout(resolve, 3000))

    // the same cookies, at the same moment: both present the same refresh token
    const tabs = await Promise.all([
      page('/demo-portal', jar),
      page('/demo-portal/solutions/call-evaluation/evaluation-list', jar),
    ])
    expect(tabs.map((r) => r.status)).toEqual([200, 200])
    for (const tab of tabs) expect(tab.headers.getSetCookie().join()).toContain('access_token_demo=')

    // whichever tab's cookies the browser keeps, the session goes on
    for (const tab of tabs) {
      await new Promise((resolve) => setTimeout(resolve, 2500))
      const next = await page('/demo-portal', merge(jar, tab))
      expect(next.status).toBe(200)
    }
  })
})
