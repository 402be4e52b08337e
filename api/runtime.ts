import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { type Database, openDatabase } from './db/client'
import { DbLockedError } from './db/lock'
import { closeFace } from './engines/face'
import { closeOcr } from './engines/ocr'
import type { ApiEnv } from './env'

/** Opens the configured database and applies migrations; a locked PGlite exits with its message. */
export async function openConfiguredDatabase(env: ApiEnv): Promise<Database> {
  let database: Database
  try {
    database = env.databaseUrl
      ? await openDatabase({ driver: 'postgres', connectionString: env.databaseUrl })
      : await openDatabase({ driver: 'pglite', dataDir: env.dataDir })
  } catch (error) {
    if (error instanceof DbLockedError) {
      console.error(error.message)
      process.exit(EXIT_CONFIG)
    }
    throw error
  }
  try {
    await database.migrate(env.migrationsDir && path.resolve(env.migrationsDir))
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}

/** EX_CONFIG: the supervisor (scripts/lib/supervise.mjs) does not restart a process that exits with it. */
export const EXIT_CONFIG = 78

/**
 * Shutdown has to end within the supervisor's grace (9 s after its SIGTERM, then SIGKILL) and a
 * container host's stop (10 s): the steps get fractions of this.
 */
export const SHUTDOWN_MS = 8_000

/** Runs `stop` once on SIGINT/SIGTERM, then exits. */
export function onShutdown(stop: () => Promise<void>, log: (msg: string) => void) {
  let stopping = false
  const handler = (signal: string) => {
    if (stopping) return
    stopping = true
    log(`${signal} received, shutting down`)
    const force = setTimeout(() => process.exit(1), SHUTDOWN_MS + 500)
    force.unref()
    stop()
      .then(() => process.exit(0))
      .catch((error) => {
        console.error(error)
        process.exit(1)
      })
  }
  process.on('SIGINT', () => handler('SIGINT'))
  process.on('SIGTERM', () => handler('SIGTERM'))
}

/** Stops accepting and lets the requests in flight finish; those still open after `graceMs` are cut. */
export async function closeServer(app: FastifyInstance, graceMs: number) {
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs)
  try {
    await app.close()
  } finally {
    clearTimeout(cut)
  }
}

/** Ends the engines' worker threads and models (OCR's tesseract pool, the face model) at shutdown. */
export async function closeEngines(): Promise<void> {
  await Promise.allSettled([closeOcr(), closeFace()])
}
