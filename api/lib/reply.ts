import { z } from 'zod'
import { envelope, errorBody } from '#contract/envelope'

/** The `{ data, message }` body every 2xx route returns. */
export function ok<T>(data: T, message = 'OK') {
  return { data, message }
}

/** Response schemas for a route: the enveloped 200 plus the error shapes, for validation and docs. */
export function responses<T extends z.ZodTypeAny>(data: T, ...errorCodes: number[]) {
  const map: Record<number, z.ZodTypeAny> = { 200: envelope(data) }
  for (const code of [400, ...errorCodes]) map[code] = errorBody
  return map
}
