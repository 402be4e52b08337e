import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'

/** What a CSV cell may hold: strings are guarded against formulas, numbers are written as they are. */
export type CsvValue = string | number | boolean | Date | null | undefined

/** RFC 4180 line ending. */
export const CSV_EOL = '\r\n'
/** Lets Excel read the file as UTF-8 (names with accents). */
export const CSV_BOM = '\uFEFF'

/** A spreadsheet treats a text cell starting with one of these as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** One cell: formula-looking text gets a leading apostrophe, then RFC 4180 quoting where needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  let text = value instanceof Date ? value.toISOString() : value
  if (FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV record, CRLF-terminated. */
export function toCsvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + CSV_EOL
}

/** A whole CSV document in memory (small files; stream large ones with csvStream). */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>, { bom = true } = {}): string {
  let out = (bom ? CSV_BOM : '') + toCsvRow(header)
  for (const row of rows) out += toCsvRow(row)
  return out
}

/**
 * A CSV document as a stream: the header, then each row as the source yields it (rows are
 * gathered into chunks of about 64 KB so the socket is not written to once per row).
 */
export function csvStream(
  header: readonly string[],
  rows: Iterable<readonly CsvValue[]> | AsyncIterable<readonly CsvValue[]>,
  { bom = true } = {},
): Readable {
  async function* lines() {
    let chunk = (bom ? CSV_BOM : '') + toCsvRow(header)
    for await (const row of rows) {
      chunk += toCsvRow(row)
      if (chunk.length >= 65_536) {
        yield chunk
        chunk = ''
      }
    }
    if (chunk) yield chunk
  }
  return Readable.from(lines(), { objectMode: false })
}

/** Content-Type and Content-Disposition of a CSV download; the file name keeps only safe characters. */
export function csvHeaders(fileName: string) {
  const safe = fileName.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '') || 'export.csv'
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${safe.endsWith('.csv') ? safe : `${safe}.csv`}"`,
    'cache-control': 'no-store',
  }
}

/** The most rows one list export holds; the response says when the list had more. */
export const EXPORT_MAX_ROWS = 50_000
const EXPORT_BATCH = 1000

/**
 * A list as a CSV download, bounded and streamed: the ids of the whole list in its order first (one
 * more than the bound, to know whether there were more), then the rows a batch at a time, so memory
 * stays flat whatever the list and no row is skipped or repeated. The file is `<name>-YYYY-MM-DD.csv`;
 * `x-total-count` and `x-export-truncated` say how many rows it holds and whether the list had more.
 */
export async function sendListCsv(
  reply: FastifyReply,
  list: {
    name: string
    header: readonly string[]
    ids: (limit: number) => Promise<number[]>
    rows: (ids: number[]) => Promise<readonly (readonly CsvValue[])[]>
  },
) {
  const ids = await list.ids(EXPORT_MAX_ROWS + 1)
  const truncated = ids.length > EXPORT_MAX_ROWS
  if (truncated) ids.length = EXPORT_MAX_ROWS
  async function* rows() {
    for (let from = 0; from < ids.length; from += EXPORT_BATCH)
      yield* await list.rows(ids.slice(from, from + EXPORT_BATCH))
  }
  const day = new Date().toISOString().slice(0, 10)
  reply.headers({
    ...csvHeaders(`${list.name}-${day}.csv`),
    'x-total-count': String(ids.length),
    'x-export-truncated': String(truncated),
  })
  return reply.send(csvStream(list.header, rows()))
}
