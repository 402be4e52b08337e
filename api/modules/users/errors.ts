import { constraintViolated } from '../../db/sql'
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
export const uniqueViolation = (error: unknown) => constraintViolated(error, '23505')
