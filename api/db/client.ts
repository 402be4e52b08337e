import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { migrationsFolder } from '../lib/project-root'
import { acquireLock } from './lock'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Driver = 'pglite' | 'postgres'

/** What pg-boss needs to run SQL on a database it does not connect to itself. */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> }

export type Database = {
  db: Db
  driver: Driver
  /** Set only for PGlite: pg-boss runs through it. */
  executor?: SqlExecutor
  connectionString?: string
  /** PGlite only: the data directory as a tarball (tests reuse a migrated one). */
  dump?: () => Promise<Blob>
  migrate(dir?: string): Promise<void>
  ping(): Promise<number>
  close(): Promise<void>
}

export type OpenOptions =
  | { driver: 'pglite'; dataDir?: string; memory?: boolean; loadDataDir?: Blob }
  | { driver: 'postgres'; connectionString: string; max?: number }

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.driver === 'pglite' ? openPglite(opts) : openPostgres(opts.connectionString, opts.max)
}

async function openPglite(opts: { dataDir?: string; memory?: boolean; loadDataDir?: Blob }): Promise<Database> {
  let release = () => {}
  let dir: string | undefined
  if (!opts.memory) {
    if (!opts.dataDir) throw new Error('dataDir is required for an on-disk PGlite')
    fs.mkdirSync(opts.dataDir, { recursive: true })
    release = acquireLock(path.join(opts.dataDir, 'db.lock'))
    dir = path.join(opts.dataDir, 'db')
  }
  let client: PGlite
  try {
    // btree_gist: the appointments' exclusion constraints (migration 0016); PGlite loads an extension only when asked
    const extensions = { btree_gist }
    client = dir
      ? await PGlite.create(dir, { extensions })
      : await PGlite.create({ loadDataDir: opts.loadDataDir, extensions })
  } catch (error) {
    release()
    throw error
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db
  const executor: SqlExecutor = {
    async executeSql(text, values) {
      // pg-boss sends multi-statement scripts without parameters; only exec() runs those
      if (!values || values.length === 0) {
        const results = await client.exec(text)
        return { rows: results.at(-1)?.rows ?? [] }
      }
      const result = await client.query(text, values)
      return { rows: result.rows }
    },
  }
  return {
    db,
    driver: 'pglite',
    executor,
    dump: () => client.dumpDataDir('none'),
    migrate: (folder) => migratePglite(db as never, { migrationsFolder: folder ?? migrationsFolder() }),
    ping: () => ping(db),
    async close() {
      try {
        await client.close()
      } finally {
        release()
      }
    },
  }
}

async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max })
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message))
  const db = drizzleNodePg(pool, { schema }) as unknown as Db
  return {
    db,
    driver: 'postgres',
    connectionString,
    migrate: (folder) => migrateNodePg(db as never, { migrationsFolder: folder ?? migrationsFolder() }),
    ping: () => ping(db),
    close: () => pool.end(),
  }
}

async function ping(db: Db): Promise<number> {
  const started = performance.now()
  await db.execute(sql`select 1`)
  return Math.round((performance.now() - started) * 100) / 100
}
