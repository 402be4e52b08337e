import { sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { HttpError } from '../lib/http-error'
import type { Db } from './client'

/** A transaction, as drizzle hands it to `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Either the database or an open transaction: what a store function runs its queries on. */
export type Conn = Db | Tx

type NameColumns = { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }
/** "First Last", or the email when the user has no name. */
export const fullName = (u: NameColumns) =>
  sql<string>`coalesce(nullif(trim(${u.firstName} || ' ' || ${u.lastName}), ''), ${u.email})`

export const DAY_MS = 24 * 60 * 60 * 1000

/** Midnight UTC of a YYYY-MM-DD (the contract's isoDate has checked it names a real day; this guards other callers). */
export function utcDay(field: string, day: string) {
  const ms = Date.parse(`${day}T00:00:00Z`)
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) {
    throw new HttpError(400, 'Invalid request', { [field]: ['Use a date like 2026-01-31'] })
  }
  return ms
}

/**
 * The constraint a PostgreSQL error (from pg or PGlite, possibly wrapped by drizzle) violated, when
 * its SQLSTATE is `code` (23505 unique, 23P01 exclusion); null for any other error.
 */
export function constraintViolated(error: unknown, code: string): string | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === code) return e.constraint ?? ''
    e = e.cause as typeof e
  }
  return null
}
