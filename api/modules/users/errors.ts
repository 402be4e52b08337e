import { HttpError } from '../../lib/http-error'

/**
 * A rejected user form: field errors, plus `non_field_errors` where the problem is the record as a
 * whole (a duplicate email, SPEC §8). The message is the first non-field error, else `fallback`.
 */
export class FormError extends HttpError {
  constructor(
    statusCode: number,
    fallback: string,
    errors: Record<string, string[]>,
    public nonFieldErrors: string[] = [],
  ) {
    super(statusCode, nonFieldErrors[0] ?? fallback, errors)
  }
}

/** A PostgreSQL unique violation (from pg or PGlite, possibly wrapped by drizzle), with its constraint. */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return e.constraint ?? ''
    e = e.cause as typeof e
  }
  return null
}
