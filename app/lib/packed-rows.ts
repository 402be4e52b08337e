// Rows of records sent as one array per field. A page's loader data is inlined in its HTML for
// hydration, where turbo-stream writes each field of each record as `"_key":value` (a dozen
// characters, escaped again in the script). A dashboard's records were a quarter of its HTML
// (issue 20: ≤ 120 KB a page); as columns, each value costs its own few characters.

/**
 * A value packed by `packRows`: opaque to the page, which reads it through `unpackRows`. The type
 * of the value it unpacks to rides along (a property that is never there), through Remix's types
 * of loader data as through any other.
 */
export type Packed<T> = { readonly '~unpacked'?: T }

/** An array of records with the same fields, as its length and one array per field. */
type PackedRows = { $rows: number; $columns: Record<string, unknown> }

type Plain = Record<string, unknown>

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype

const isPacked = (value: Plain): value is PackedRows =>
  typeof value.$rows === 'number' && isPlain(value.$columns) && Object.keys(value).length === 2

/** Records whose fields are the same, in the same order: the ones that pack. */
function sameFields(items: unknown[]): items is Plain[] {
  if (items.length < 2 || !items.every(isPlain)) return false
  const keys = Object.keys(items[0]).join('\u0000')
  return items.every((item) => Object.keys(item).join('\u0000') === keys)
}

/** Every array of records in the value, however deep, packed as columns; the rest as it is. */
export function packRows<T>(value: T): Packed<T> {
  return pack(value) as Packed<T>
}

function pack(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (!sameFields(value)) return value.map(pack)
    const columns: Record<string, unknown> = {}
    for (const key of Object.keys(value[0])) columns[key] = pack(value.map((row) => row[key]))
    return { $rows: value.length, $columns: columns } satisfies PackedRows
  }
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pack(item)]))
  return value
}

/** The value as it was before `packRows`. */
export function unpackRows<T>(value: Packed<T>): T {
  return unpack(value) as T
}

function unpack(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unpack)
  if (!isPlain(value)) return value
  if (isPacked(value)) {
    const columns = Object.entries(value.$columns).map(([key, column]) => [key, unpack(column) as unknown[]] as const)
    return Array.from({ length: value.$rows }, (_, row) =>
      Object.fromEntries(columns.map(([key, column]) => [key, column[row]])),
    )
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unpack(item)]))
}
