import { z } from 'zod'
import { jobStatuses } from './job-status'

/** Every 2xx body: `{ data, message }` (ARCHITECTURE §4). */
export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ data, message: z.string() })
}
export type Envelope<T> = { data: T; message: string }

/** Every error body. `errors` maps a field name to its messages. */
export const errorBody = z.object({
  data: z.null(),
  message: z.string(),
  errors: z.record(z.array(z.string())).optional(),
  non_field_errors: z.array(z.string()).optional(),
})
export type ErrorBody = z.infer<typeof errorBody>

/** Paged list query: `page` from 1, `page_size` default 10, at most 100. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
})
export type PageQuery = z.infer<typeof pageQuery>

export function paged<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    total_pages: z.number().int().nonnegative(),
    current_page: z.number().int().positive(),
    next: z.number().int().positive().nullable(),
    previous: z.number().int().positive().nullable(),
    results: z.array(item),
  })
}
export type Paged<T> = {
  count: number
  total_pages: number
  current_page: number
  next: number | null
  previous: number | null
  results: T[]
}

/** Job status values and their labels (ARCHITECTURE §4). */
export const jobStatus = z.enum(jobStatuses)
export { jobStatusLabel, type JobStatus } from './job-status'

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

/** The query of a signed link (audio, page images, photos): checked by the signature, not by a schema. */
export const signedLinkQuery = z.object({
  expires: z.string().optional(),
  uid: z.string().optional(),
  sig: z.string().optional(),
})

/** Years a date may name: beyond them date arithmetic in JS and SQL leaves the ISO form or the type's range. */
export const DATE_YEARS = { min: 1900, max: 2999 } as const

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not), from 1900 to 2999. */
export const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return true // the regex above has said it
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
  }, 'Use a date like 2026-01-31')
  .refine((value) => {
    const year = Number(value.slice(0, 4))
    return !/^\d{4}/.test(value) || (year >= DATE_YEARS.min && year <= DATE_YEARS.max)
  }, `Use a date between ${DATE_YEARS.min} and ${DATE_YEARS.max}`)

/**
 * Text a client may send: no NUL or other control character except tab and line breaks
 * (PostgreSQL refuses NUL in text; the others have no business in a name or a search).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
export const CONTROL_CHARS_MESSAGE = 'Remove the control characters (such as NUL) from this text'

/** Where in a request value a string holds a control character (paths as zod reports them). */
export function controlCharPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return CONTROL_CHARS.test(value) ? [path] : []
  if (Array.isArray(value)) return value.flatMap((item, i) => controlCharPaths(item, [...path, i]))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      CONTROL_CHARS.test(key) ? [[...path, key]] : controlCharPaths(item, [...path, key]),
    )
  return []
}

/** A request schema that first refuses control characters in any string of the input, each at its field. */
export const withoutControlChars = <T extends z.ZodTypeAny>(schema: T) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      for (const path of controlCharPaths(value)) ctx.addIssue({ code: 'custom', path, message: CONTROL_CHARS_MESSAGE })
    })
    .pipe(schema)
