import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type App, type AppEnv, buildApp } from './app'
import { startQueue, type Queue } from './jobs/queue'
import { registerJobs } from './register-jobs'
import { parseEnv, type ApiEnv } from './env'
import { hashPassword } from './auth/password'
import { type Database, openDatabase } from './db/client'
import { users } from './db/schema'
import type { Llm } from './engines/llm/client'
import { localBlobStore, type BlobStore } from './lib/blob-store'
import { migrationsFolder } from './lib/project-root'
import type { Role } from '#contract/accounts'

export const testEnv: AppEnv = {
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  trustProxy: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
  loginIpLimit: 1000,
  loginAccountLimit: 1000,
  loginAccountWindowMs: 15 * 60_000,
}

const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** A fresh, migrated database: in-memory PGlite, or a throw-away PostgreSQL database (TEST_DB=postgres). */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return freshPglite()
  const name = `api_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl() })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  const database = await openDatabase({ driver: 'postgres', connectionString: url.toString(), max: 4 })
  await database.migrate()
  const close = database.close
  database.close = async () => {
    await close()
    const dropper = new pg.Client({ connectionString: adminUrl() })
    await dropper.connect()
    // pool.end() resolves before its sockets have closed: wait for them rather than kill them (which the pool logs)
    for (let attempt = 0; ; attempt++) {
      try {
        await dropper.query(`drop database if exists "${name}"${attempt >= 20 ? ' with (force)' : ''}`)
        break
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    }
    await dropper.end()
  }
  return database
}

type SetupOptions = {
  /** A queue, or a function that starts one on the test database (stopped by close()). */
  queue?: Queue | ((database: Database, blobs: BlobStore) => Promise<Queue>)
  llm?: Llm | null
  register?: (app: App) => void | Promise<void>
  /** The blob store (e.g. S3 on s3rver: api/lib/test-s3.ts); default: a throw-away folder. */
  blobs?: BlobStore
}

const silentLog = { info() {}, error() {} }

/** A pg-boss queue on the test database with `workers` consumers, its jobs registered like the API's. */
export function testQueue(workers = 1, env: Partial<ApiEnv> = {}) {
  return async (database: Database, blobs: BlobStore) => {
    const queue = await startQueue(database, { workers, log: silentLog })
    await registerJobs(
      queue,
      database,
      { ...parseEnv({ JWT_SECRET: testEnv.jwtSecret, DATA_DIR: os.tmpdir() }), ...env },
      blobs,
    )
    return queue
  }
}

/** initdb is the slow part of PGlite: reuse a migrated data dir, cached per migration set. */
async function freshPglite(): Promise<Database> {
  const folder = migrationsFolder()
  const hash = createHash('sha256')
  for (const file of fs.readdirSync(folder).sort()) {
    if (file.endsWith('.sql')) hash.update(fs.readFileSync(path.join(folder, file)))
  }
  const cache = path.join(os.tmpdir(), `api-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`)
  if (fs.existsSync(cache)) {
    const database = await openDatabase({
      driver: 'pglite',
      memory: true,
      loadDataDir: new Blob([fs.readFileSync(cache)]),
    })
    await database.migrate()
    return database
  }
  const database = await openDatabase({ driver: 'pglite', memory: true })
  await database.migrate()
  const tmp = `${cache}.${process.pid}.${randomBytes(4).toString('hex')}`
  fs.writeFileSync(tmp, Buffer.from(await (await database.dump!()).arrayBuffer()))
  fs.renameSync(tmp, cache)
  return database
}

/** An app on a fresh database and a throw-away blob folder (or `options.blobs`); `register` adds test-only routes before the app is sealed. */
export async function setupTestApp(env: Partial<AppEnv> = {}, options: SetupOptions = {}) {
  const database = await createTestDatabase()
  const blobDir = options.blobs ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-blobs-'))
  const blobs = options.blobs ?? localBlobStore(blobDir!)
  const queue = typeof options.queue === 'function' ? await options.queue(database, blobs) : options.queue
  const app = await buildApp({
    database,
    env: { ...testEnv, ...env },
    queue,
    blobs,
    llm: options.llm ?? null,
  })
  await options.register?.(app)
  await app.ready()
  return {
    app,
    database,
    db: database.db,
    blobs,
    queue,
    async close() {
      await app.close()
      if (typeof options.queue === 'function') await queue?.stop()
      await database.close()
      if (blobDir) fs.rmSync(blobDir, { recursive: true, force: true })
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof setupTestApp>>

let counter = 0
export async function createUser(
  t: TestApp,
  fields: { email?: string; role?: Role; password?: string; isActive?: boolean } = {},
) {
  const password = fields.password ?? 'Secret#123'
  const [row] = await t.db
    .insert(users)
    .values({
      email: fields.email ?? `user${++counter}-${randomBytes(3).toString('hex')}@test.local`,
      firstName: 'Test',
      lastName: `User ${counter}`,
      role: fields.role ?? 'agent',
      isActive: fields.isActive ?? true,
      passwordHash: await hashPassword(password),
    })
    .returning()
  return { ...row, password }
}

export async function login(t: TestApp, email: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/accounts/login/', payload: { email, password }, headers })
}

/** Signs a user in and returns their tokens (fails the test if the login fails). */
export async function tokensFor(t: TestApp, user: { email: string; password: string }) {
  const res = await login(t, user.email, user.password)
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`)
  const { access, refresh } = res.json().data as { access: string; refresh: string }
  return { access, refresh, auth: { authorization: `Bearer ${access}` } }
}

/** Polls `probe` until it gives a truthy value (returned), or fails the test after `ms`. */
export async function until<T>(
  probe: () => Promise<T | null | undefined | false>,
  { ms = 20_000, every = 100 } = {},
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, every))
  }
}

type FilePart = { name: string; bytes: Uint8Array | string; type?: string; field?: string }

/** A multipart/form-data body for `inject`: text fields, then any files (each in its `field`, "file" by default). */
export function multipartBody(fields: Record<string, string>, files: FilePart | FilePart[] = []) {
  const boundary = `----test${randomBytes(8).toString('hex')}`
  const parts: Uint8Array[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const file of Array.isArray(files) ? files : [files]) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`
    parts.push(
      Buffer.from(head),
      typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
