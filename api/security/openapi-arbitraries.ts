import fc from 'fast-check'

/*
 * fast-check arbitraries built from the API's OpenAPI document (not from the zod contract:
 * zod-fast-check needs fast-check 3 and cannot generate for z.preprocess or regex strings).
 * For each operation: path parameters, query and JSON body, either valid by the schema or hostile
 * (controls, bidi, overlong strings, extreme numbers and dates, wrong types, missing and extra fields).
 */

export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  enum?: unknown[]
  minimum?: number
  maximum?: number
  exclusiveMinimum?: boolean | number
  exclusiveMaximum?: boolean | number
  nullable?: boolean
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  default?: unknown
}

type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema }
type OperationObject = {
  summary?: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> }
  security?: unknown[]
}
export type OpenApiDocument = { paths: Record<string, Record<string, OperationObject>> }

export type Operation = {
  /** "METHOD /path/{id}/", the key of the authorization table. */
  key: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  summary: string
  pathParams: Parameter[]
  query: Parameter[]
  json?: JsonSchema
  /** The multipart body's schema when the document gives one; `{}` when only the route says it is multipart. */
  multipart?: JsonSchema
  bodyRequired: boolean
  secured: boolean
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/**
 * Every operation of the document. Routes whose body is multipart but whose document has no
 * requestBody yet are recognised by their summary ("multipart", "file"), so they are fuzzed too.
 */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const params = op.parameters ?? []
      const content = op.requestBody?.content ?? {}
      const json = content['application/json']?.schema
      let multipart = content['multipart/form-data']?.schema
      if (!multipart && !json && method !== 'get' && /multipart|\bfile\b/i.test(op.summary ?? '')) multipart = {}
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        summary: op.summary ?? '',
        pathParams: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        json,
        multipart: multipart ?? undefined,
        bodyRequired: Boolean(op.requestBody?.required),
        secured: Boolean(op.security?.length),
      })
    }
  }
  return ops
}

// ---------------------------------------------------------------- hostile atoms

/** A JSON number literal that JavaScript cannot hold (1e400, -0.0e-999…), written as is into a body. */
export class RawJson {
  constructor(readonly text: string) {}
  toString() {
    return this.text
  }
}

const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).concat('\u007f')
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']
const ODD = ['\u3000', '\u200b', '\ufeff', '\ufffd', '\ud800', '\udfff', '\u0085', '\u2028', '💩', 'é', '\u0301']

/** Characters that break naive code: C0 controls (NUL first), bidi overrides, ideographic space, lone surrogates. */
export const hostileChar = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 3, arbitrary: fc.constantFrom(...C0) },
  { weight: 3, arbitrary: fc.constantFrom(...BIDI) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD) },
)

const sqlish = [
  "' or 1=1 --",
  '%',
  '_',
  '\\',
  '%%_\\%',
  '"; drop table users; --',
  '$1',
  '::text',
  '${x}',
  '{{x}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e-300',
  '-1e308',
  '1e308',
  '1e400',
  '0x10',
  '9007199254740993',
  '-0',
  ' 1',
  '1 ',
  '١٢٣',
  '１２３',
]

const DATES = [
  '0001-01-01',
  '0000-00-00',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '2025-02-29',
  '1969-12-31',
  '1900-01-01',
  '2026-1-1',
  '20260101',
  '2026/01/01',
  '01-01-2026',
  '2026-01-01T00:00:00Z',
  '2026-01-01T25:61:61',
  '+275760-09-13',
  '-000001-01-01',
  '２０２６-01-01',
  '2026-01-01\u0000',
]

/** Dates at the ends of what PostgreSQL and JavaScript hold, and one that does not exist. */
export const EDGE_DATES = ['0001-01-01', '9999-12-31', '2026-02-30'] as const

/** A string that is hostile by content: controls, bidi, overlong, SQL and template metacharacters, odd dates and numbers. */
export function hostileString(maxLength = 10_000): fc.Arbitrary<string> {
  const long = Math.max(maxLength + 1, 10_000)
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(fc.string({ maxLength: 8 }), hostileChar, fc.string({ maxLength: 8 })).map((p) => p.join('')),
    },
    { weight: 2, arbitrary: fc.array(hostileChar, { minLength: 1, maxLength: 6 }).map((a) => a.join('')) },
    { weight: 2, arbitrary: fc.constantFrom(...sqlish) },
    { weight: 2, arbitrary: fc.constantFrom(...DATES) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n', '\u3000\u3000') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('a'.repeat(long), 'é'.repeat(long), `\u202e${'x'.repeat(long)}`, '\u0000'.repeat(300)),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  )
}

/** Numbers at and past the edges: tiny, huge, negative, not integers, not finite (as raw JSON). */
export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1e-300,
    -1e-300,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    0.5,
    1.000001,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.constantFrom(
    new RawJson('1e400'),
    new RawJson('-1e400'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('1.0'),
    new RawJson('-0.0e-999'),
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
)

/** A value of the wrong type for `schema` (array for a string, object for a number, and so on). */
export function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(schema)
  const options: fc.Arbitrary<unknown>[] = [
    fc.constant(null),
    fc.constant([]),
    fc.constant({}),
    fc.constant([hostileSample()]),
    fc.constant({ $gt: '' }),
    fc.constant({ __proto__: { polluted: true } }),
    fc.constant(JSON.parse('{"__proto__": {"polluted": true}}')),
    fc.constant({ constructor: { prototype: { polluted: true } } }),
  ]
  if (type !== 'string') options.push(hostileString(200))
  if (type !== 'number' && type !== 'integer') options.push(hostileNumber)
  if (type !== 'boolean') options.push(fc.boolean())
  if (type === 'boolean') options.push(fc.constantFrom('true', 'false', 0, 1, 'yes'))
  if (type === 'integer' || type === 'number') options.push(fc.constantFrom('1', '1e-300', 'NaN', ''))
  return fc.oneof(...options)
}

const hostileSample = () => '\u0000\u202e'

// ---------------------------------------------------------------- valid values

export type Hints = (name: string, schema: JsonSchema) => readonly unknown[] | undefined

type Ctx = { hints?: Hints; name?: string; depth?: number }

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null')
  if (schema.type) return schema.type
  if (schema.properties) return 'object'
  if (schema.items) return 'array'
  return undefined
}

const regexCache = new Map<string, fc.Arbitrary<string> | null>()
function patternString(pattern: string, maxLength: number | undefined): fc.Arbitrary<string> | null {
  const key = `${pattern}\u0000${maxLength}`
  if (!regexCache.has(key)) {
    let arb: fc.Arbitrary<string> | null = null
    try {
      const re = new RegExp(pattern, 'u')
      // fast-check cannot generate from unicode property escapes: fall back to letters, then check
      const source = /\\p\{/.test(pattern) ? null : fc.stringMatching(re)
      arb = (
        source ?? fc.string({ unit: fc.constantFrom(..."AbcÉéßñ\u0301 .-'’0123456789"), minLength: 1, maxLength: 20 })
      ).filter((s) => re.test(s) && (maxLength === undefined || s.length <= maxLength))
    } catch {
      arb = null
    }
    regexCache.set(key, arb)
  }
  return regexCache.get(key)!
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0
  const maxLength = Math.min(schema.maxLength ?? 60, Math.max(minLength, 60))
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 254))
    case 'uuid':
      return fc.uuid()
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10))
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString())
  }
  if (schema.pattern) {
    if (/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/.test(schema.pattern)) {
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10))
    }
    const arb = patternString(schema.pattern, schema.maxLength)
    if (arb) return arb.filter((s) => s.length >= minLength)
  }
  // printable text with the odd accent: valid, not hostile
  return fc
    .string({ unit: 'grapheme-ascii', minLength, maxLength })
    .filter((s) => s.trim().length >= Math.min(minLength, 1))
}

function numberBounds(schema: JsonSchema, integer: boolean) {
  let min = schema.minimum ?? (integer ? -(2 ** 31) : -1e6)
  let max = schema.maximum ?? (integer ? 2 ** 31 - 1 : 1e6)
  const step = integer ? 1 : 1e-6
  if (schema.exclusiveMinimum === true) min += step
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step
  if (schema.exclusiveMaximum === true) max -= step
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step
  return { min, max }
}

/** A value valid by `schema`, mixing in `hints` (ids that exist) for the named field. */
export function validValue(schema: JsonSchema, ctx: Ctx = {}): fc.Arbitrary<unknown> {
  const depth = ctx.depth ?? 0
  const hinted = ctx.name !== undefined ? ctx.hints?.(ctx.name, schema) : undefined
  const base = validByType(schema, { ...ctx, depth })
  const withHints = hinted?.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hinted) }, { weight: 1, arbitrary: base })
    : base
  return schema.nullable
    ? fc.oneof({ weight: 5, arbitrary: withHints }, { weight: 1, arbitrary: fc.constant(null) })
    : withHints
}

function validByType(schema: JsonSchema, ctx: Ctx): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum)
  const variants = schema.anyOf ?? schema.oneOf
  if (variants?.length) {
    const usable = variants.filter((v) => !('not' in v))
    return usable.length ? fc.oneof(...usable.map((v) => validValue(v, ctx))) : fc.constant('x')
  }
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), ctx)
  switch (typeOf(schema)) {
    case 'string':
      return validString(schema)
    case 'integer': {
      const { min, max } = numberBounds(schema, true)
      // small values hit rows that exist; the rest of the range now and then
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 60) }) },
        { weight: 1, arbitrary: fc.integer({ min, max }) },
      )
    }
    case 'number': {
      const { min, max } = numberBounds(schema, false)
      // mostly what a person types (whole or one decimal); fast-check's edge-biased doubles now and then
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.integer({ min: Math.ceil(min * 10), max: Math.floor(max * 10) }).map((n) => n / 10),
        },
        { weight: 1, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
      )
    }
    case 'boolean':
      return fc.boolean()
    case 'array': {
      const minLength = schema.minItems ?? 0
      const maxLength = Math.min(schema.maxItems ?? 4, Math.max(minLength, 4))
      if ((ctx.depth ?? 0) > 6) return fc.constant(Array.from({ length: minLength }, () => 'x'))
      return fc.array(validValue(schema.items ?? {}, { ...ctx, name: ctx.name, depth: (ctx.depth ?? 0) + 1 }), {
        minLength,
        maxLength,
      })
    }
    case 'object': {
      const props = schema.properties ?? {}
      const required = new Set(schema.required ?? [])
      const model: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [key, prop] of Object.entries(props)) {
        model[key] = validValue(prop, { ...ctx, name: key, depth: (ctx.depth ?? 0) + 1 })
      }
      return fc.record(model, { requiredKeys: [...required].filter((k) => k in props) })
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean())
  }
}

// ---------------------------------------------------------------- hostile values

/** A value hostile for `schema`: valid type with hostile content, an edge, or a wrong type. */
export function hostileLeaf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(schema)
  const options: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [{ weight: 2, arbitrary: wrongType(schema) }]
  if (type === 'string' || !type) {
    options.push({ weight: 6, arbitrary: hostileString(schema.maxLength) })
    // hostile content that still fits the length limits reaches the handler and the database
    const max = schema.maxLength ?? 200
    options.push({
      weight: 4,
      arbitrary: fc
        .tuple(hostileChar, fc.string({ maxLength: 6 }))
        .map(([c, s]) => `${s}${c}x`.slice(0, Math.max(1, max))),
    })
    if (schema.format === 'date' || schema.pattern?.includes('\\d{4}'))
      options.push(
        { weight: 8, arbitrary: fc.constantFrom(...EDGE_DATES) },
        { weight: 4, arbitrary: fc.constantFrom(...DATES) },
      )
  }
  if (type === 'integer' || type === 'number') options.push({ weight: 6, arbitrary: hostileNumber })
  if (type === 'array') {
    options.push({ weight: 2, arbitrary: fc.array(hostileLeaf(schema.items ?? {}), { minLength: 1, maxLength: 3 }) })
    options.push({ weight: 1, arbitrary: fc.constant(Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => 1)) })
  }
  return fc.oneof(...options)
}

/**
 * A body that is valid except for one hostile change somewhere: a property replaced by a hostile
 * value, a required field missing, an extra field, a wrong type at the root.
 */
export function hostileValue(schema: JsonSchema, ctx: Ctx = {}): fc.Arbitrary<unknown> {
  const depth = ctx.depth ?? 0
  const type = typeOf(schema)
  if (type === 'object' && schema.properties && depth < 6) {
    const keys = Object.keys(schema.properties)
    const required = (schema.required ?? []).filter((k) => keys.includes(k))
    const valid = validValue(schema, ctx) as fc.Arbitrary<Record<string, unknown>>
    const options: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [
      { weight: 1, arbitrary: wrongType(schema) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), hostileLeaf({}))
          .map(([v, k, x]) => ({ ...v, [k]: x })),
      },
    ]
    if (keys.length) {
      options.push({
        weight: 8,
        arbitrary: fc
          .constantFrom(...keys)
          .chain((key) =>
            fc
              .tuple(valid, hostileValue(schema.properties![key]!, { ...ctx, name: key, depth: depth + 1 }))
              .map(([v, x]) => ({ ...v, [key]: x })),
          ),
      })
    }
    if (required.length) {
      options.push({
        weight: 2,
        arbitrary: fc.tuple(valid, fc.constantFrom(...required)).map(([v, key]) => {
          const copy = { ...v }
          delete copy[key]
          return copy
        }),
      })
    }
    return fc.oneof(...options)
  }
  if (type === 'array' && schema.items && depth < 6) {
    const item = schema.items
    return fc.oneof(
      hostileLeaf(schema),
      fc
        .tuple(
          fc.array(validValue(item, { ...ctx, depth: depth + 1 }), { maxLength: 2 }),
          hostileValue(item, { ...ctx, depth: depth + 1 }),
        )
        .map(([items, bad]) => [...items, bad]),
    )
  }
  return hostileLeaf(schema)
}

// ---------------------------------------------------------------- serialising

/** JSON text of a value that may hold RawJson numbers. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (value === undefined) return 'null'
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** How a value travels in a query string or a path segment: arrays repeat the key, objects use brackets. */
export function queryPairs(name: string, value: unknown): [string, string][] {
  if (value === undefined) return []
  if (Array.isArray(value)) return value.length ? value.flatMap((v) => queryPairs(name, v)) : [[`${name}[]`, '']]
  if (value && typeof value === 'object' && !(value instanceof RawJson)) {
    const entries = Object.entries(value)
    return entries.length ? entries.flatMap(([k, v]) => queryPairs(`${name}[${k}]`, v)) : [[name, '{}']]
  }
  return [[name, value === null ? '' : String(value)]]
}

const encode = (s: string) => {
  try {
    return encodeURIComponent(s)
  } catch {
    // a lone surrogate: send its UTF-8 replacement bytes as they would arrive from a sloppy client
    return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'))
  }
}

export function queryString(pairs: [string, string][]) {
  return pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')
}

export function fillPath(path: string, params: Record<string, unknown>) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    return encode(
      value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value),
    )
  })
}

// ---------------------------------------------------------------- requests

export type MultipartPart =
  { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer }

export type FuzzRequest = {
  op: Operation
  hostile: boolean
  method: Operation['method']
  url: string
  /** A JSON body (text), a multipart body, or a raw body with its own content type. */
  json?: string
  multipart?: MultipartPart[]
  raw?: { contentType: string; body: string }
}

/** Path ids that are no rows: zero, negative, past int4 and int8 and safe integers, not numbers. */
export const hostilePathId = fc.oneof(
  fc.constantFrom<unknown>(
    0,
    -1,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53,
    2 ** 63,
    '9'.repeat(40),
    'abc',
    '1.5',
    '1e3',
    '0x1',
    ' 1',
    '1 ',
    '%00',
    '\u0000',
    '\u202e1',
    '..',
    '１',
  ),
  hostileString(200),
)

const rawBodies = [
  { contentType: 'application/json', body: '{' },
  { contentType: 'application/json', body: '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}' },
  { contentType: 'application/json', body: '"\u0000"' },
  { contentType: 'application/json', body: 'null' },
  { contentType: 'application/json', body: '[]' },
  { contentType: 'application/json', body: '{"__proto__":{"polluted":true}}' },
  { contentType: 'application/json', body: '\ufeff{}' },
  { contentType: 'text/plain', body: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=%00' },
  { contentType: 'application/json; charset=utf-16', body: '{}' },
  { contentType: 'multipart/form-data', body: '--x\r\n' },
  {
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
  },
]

/** A valid WAV of 50 ms of silence (8 kHz mono 16-bit). */
export const TINY_WAV = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x44, 0x03, 0, 0]), // 36 + 800 bytes follow
  Buffer.from('WAVEfmt '),
  Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1f, 0, 0, 0x80, 0x3e, 0, 0, 2, 0, 16, 0]),
  Buffer.from('data'),
  Buffer.from([0x20, 0x03, 0, 0]),
  Buffer.alloc(800),
])
/** A valid 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
)

/** File contents: empty, junk, a tiny valid WAV and PNG, a PDF header with nothing after, HTML posing as an image. */
export const hostileFileBytes = fc.constantFrom(
  Buffer.alloc(0),
  Buffer.from('not a file at all'),
  Buffer.from([0, 0, 0, 0, 0xff, 0xfe]),
  TINY_WAV,
  TINY_PNG,
  TINY_PNG.subarray(0, 20),
  Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n'),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  Buffer.from('PK\u0003\u0004garbage'),
  Buffer.from('name,email\n\u0000,\u202e@x\n'),
)

const fileNames = fc.oneof(
  fc.constantFrom('call.wav', 'a.png', 'doc.pdf', 'users.csv', 'notes.txt', ''),
  hostileString(300),
  fc.constantFrom('..\\..\\evil.wav', '../../etc/passwd', 'x"; name="file', 'a\r\nContent-Type: text/html'),
)

function multipartParts(
  schema: JsonSchema,
  hints: Hints | undefined,
  hostile: boolean,
  fallbackFields: Record<string, readonly string[]>,
): fc.Arbitrary<MultipartPart[]> {
  const props = schema.properties ?? {}
  const fileFields = Object.entries(props)
    .filter(([, s]) => s.format === 'binary' || s.items?.format === 'binary')
    .map(([k]) => k)
  const textFields = Object.keys(props).filter((k) => !fileFields.includes(k))
  const fileNamesToUse = fileFields.length ? fileFields : ['file', 'photo', 'photos']
  const texts: Record<string, fc.Arbitrary<unknown>> = {}
  for (const name of textFields.length ? textFields : Object.keys(fallbackFields)) {
    const prop = props[name] ?? { type: 'string' }
    const hinted = fallbackFields[name] ?? hints?.(name, prop)
    const valid = hinted?.length ? fc.constantFrom(...hinted) : validValue(prop, { hints, name })
    texts[name] = hostile ? fc.oneof(valid, hostileLeaf(prop), fc.constant(undefined)) : valid
  }
  const fileField = hostile
    ? fc.oneof(fc.constantFrom(...fileNamesToUse), fc.constantFrom('', 'FILE', 'file[]'), hostileString(40))
    : fc.constantFrom(...fileNamesToUse)
  const file = fc.record({
    name: fileField,
    filename: hostile ? fileNames : fc.constantFrom('call.wav', 'a.png', 'users.csv'),
    type: fc.constantFrom('application/octet-stream', 'audio/wav', 'image/png', 'text/csv', 'text/html', ''),
    bytes: hostileFileBytes,
  })
  return fc
    .tuple(fc.record(texts, { requiredKeys: [] }), fc.array(file, { minLength: hostile ? 0 : 1, maxLength: 2 }))
    .map(([fields, files]) => [
      ...Object.entries(fields)
        .filter(([, v]) => v !== undefined)
        .map(([name, v]) => ({ name, value: typeof v === 'string' ? v : toJson(v) })),
      ...files,
    ])
}

export type RequestOptions = {
  hints?: Hints
  /** Text fields for multipart operations whose document has no body schema yet, with valid values. */
  multipartFields?: Record<string, readonly string[]>
}

/**
 * A request to `op`: valid by its schema, or hostile. A hostile request is valid except in one place
 * (a path id, one query value, the body, an extra query key), so the hostile value gets past the
 * validation of the others and reaches the handler and the database; now and then every part is
 * hostile at once.
 */
export function requestFor(op: Operation, hostile: boolean, options: RequestOptions = {}): fc.Arbitrary<FuzzRequest> {
  if (!hostile) return requestWith(op, null, options)
  const slots = [
    ...op.pathParams.map((p) => `path:${p.name}`),
    ...op.query.map((p) => `query:${p.name}`),
    ...(op.json || op.multipart || op.method !== 'GET' ? ['body'] : []),
    'extra',
  ]
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...slots).chain((slot) => requestWith(op, slot, options)) },
    { weight: 1, arbitrary: requestWith(op, '*', options) },
  )
}

/** `target`: null for a valid request, '*' for hostile everywhere, else the one hostile slot. */
function requestWith(op: Operation, target: string | null, options: RequestOptions): fc.Arbitrary<FuzzRequest> {
  const { hints } = options
  const hostileAt = (slot: string) => target === '*' || target === slot
  const pathArb = fc.record(
    Object.fromEntries(
      op.pathParams.map((p) => {
        const valid = validValue(p.schema ?? {}, { hints, name: p.name })
        return [p.name, hostileAt(`path:${p.name}`) ? fc.oneof(valid, hostilePathId, hostilePathId) : valid]
      }),
    ),
  )
  const queryArb = fc.record(
    Object.fromEntries(
      op.query.map((p) => {
        const valid = validValue(p.schema ?? {}, { hints, name: p.name })
        if (target === `query:${p.name}`) return [p.name, hostileLeaf(p.schema ?? {})]
        const arb =
          target === '*'
            ? fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: hostileLeaf(p.schema ?? {}) })
            : valid
        return [p.name, p.required ? arb : fc.option(arb, { nil: undefined, freq: 3 })]
      }),
    ),
    { requiredKeys: [] },
  )
  const extraQuery = hostileAt('extra')
    ? fc.option(
        fc.tuple(
          fc.constantFrom('extra', 'page', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'a[b]'),
          hostileString(50),
        ),
        {
          freq: target === '*' ? 4 : 1000,
        },
      )
    : fc.constant(null)

  const hostileBody = hostileAt('body')
  type Body = Pick<FuzzRequest, 'json' | 'multipart' | 'raw'>
  let bodyArb: fc.Arbitrary<Body> = fc.constant({})
  if (op.json && op.multipart) {
    bodyArb = fc.oneof(
      jsonBody(op.json, hostileBody, hints),
      multipartBody(op.multipart, hostileBody, hints, options.multipartFields ?? {}),
    )
  } else if (op.json) {
    bodyArb = jsonBody(op.json, hostileBody, hints)
  } else if (op.multipart) {
    bodyArb = multipartBody(op.multipart, hostileBody, hints, options.multipartFields ?? {})
  } else if (hostileBody && op.method !== 'GET') {
    bodyArb = fc.option(
      fc.constantFrom(...rawBodies).map((raw) => ({ raw })),
      { nil: {}, freq: 2 },
    ) as fc.Arbitrary<Body>
  }
  if (hostileBody && (op.json || op.multipart)) {
    bodyArb = fc.oneof(
      { weight: 8, arbitrary: bodyArb },
      { weight: 1, arbitrary: fc.constantFrom(...rawBodies).map((raw) => ({ raw })) },
      { weight: 1, arbitrary: fc.constant({}) },
    )
  }

  return fc.tuple(pathArb, queryArb, extraQuery, bodyArb).map(([params, query, extra, body]) => {
    const pairs = Object.entries(query).flatMap(([k, v]) => queryPairs(k, v))
    if (extra) pairs.push(extra)
    const qs = queryString(pairs)
    const hostile = target !== null
    return { op, hostile, method: op.method, url: fillPath(op.path, params) + (qs ? `?${qs}` : ''), ...body }
  })
}

function jsonBody(schema: JsonSchema, hostile: boolean, hints?: Hints) {
  return (hostile ? hostileValue(schema, { hints }) : validValue(schema, { hints })).map((value) => ({
    json: toJson(value),
  }))
}

function multipartBody(
  schema: JsonSchema,
  hostile: boolean,
  hints: Hints | undefined,
  fallback: Record<string, readonly string[]>,
) {
  return multipartParts(schema, hints, hostile, fallback).map((multipart) => ({ multipart }))
}

/** A multipart/form-data body built by hand (inject has no form encoder), with a boundary that is not in the data. */
export function encodeMultipart(parts: MultipartPart[]) {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  const quote = (s: string) => s.replace(/[\r\n"]/g, (c) => encodeURIComponent(c))
  for (const part of parts) {
    if ('bytes' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"; filename="${quote(part.filename)}"\r\n` +
            (part.type ? `Content-Type: ${part.type}\r\n` : '') +
            '\r\n',
        ),
        part.bytes,
        Buffer.from('\r\n'),
      )
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"\r\n\r\n${part.value}\r\n`,
        ),
      )
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The request as inject options, and as a line to paste into a report. */
export function toInject(request: FuzzRequest, headers: Record<string, string>) {
  if (request.json !== undefined) {
    return {
      method: request.method,
      url: request.url,
      payload: request.json,
      headers: { ...headers, 'content-type': 'application/json' },
    }
  }
  if (request.multipart) {
    const { payload, contentType } = encodeMultipart(request.multipart)
    return { method: request.method, url: request.url, payload, headers: { ...headers, 'content-type': contentType } }
  }
  if (request.raw) {
    return {
      method: request.method,
      url: request.url,
      payload: request.raw.body,
      headers: { ...headers, 'content-type': request.raw.contentType },
    }
  }
  return { method: request.method, url: request.url, headers }
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s)

export function describeRequest(request: FuzzRequest) {
  const body =
    request.json !== undefined
      ? ` body=${clip(JSON.stringify(request.json))}`
      : request.multipart
        ? ` multipart=${clip(
            JSON.stringify(
              request.multipart.map((p) =>
                'bytes' in p ? { name: p.name, filename: p.filename, type: p.type, bytes: p.bytes.length } : p,
              ),
            ),
          )}`
        : request.raw
          ? ` raw(${request.raw.contentType})=${clip(JSON.stringify(request.raw.body))}`
          : ''
  return `${request.method} ${clip(request.url, 300)}${body}`
}

// ---------------------------------------------------------------- the edge sweep

const EDGE_STRINGS = ['a\u0000b', '\u202ex\u2066', 'x'.repeat(10_001)]
const EDGE_NUMBERS: unknown[] = [1e-300, -1e308, 1e308, 2 ** 53, 'abc']
const EDGE_PATH_IDS: unknown[] = [0, -1, 2 ** 31, 2 ** 53, 'abc', '\u0000']

/** A few values of each hostile class for `schema`, each tried once on every field by the sweep. */
export function edgeValues(schema: JsonSchema): unknown[] {
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return EDGE_NUMBERS
    case 'boolean':
      return ['yes', 2]
    case 'array':
      return ['a\u0000b', [null], [EDGE_STRINGS[0]]]
    case 'object':
      return ['a\u0000b', []]
    default:
      if (schema.format === 'date' || schema.pattern?.includes('\\d{4}')) return [...EDGE_DATES, EDGE_STRINGS[0]]
      return EDGE_STRINGS
  }
}

/**
 * The sweep: a valid request to `op` (made once, from `seed`), then the same request with one path
 * id, one query value or one top-level body field replaced by each of its edge values. Unlike the
 * random cases it reaches every field with every class of hostile value on every run.
 */
export function edgeRequests(op: Operation, options: RequestOptions & { seed: number }): FuzzRequest[] {
  const { hints, seed } = options
  const one = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { seed, numRuns: 1 })[0]!
  const params = Object.fromEntries(
    op.pathParams.map((p) => [p.name, one(validValue(p.schema ?? {}, { hints, name: p.name }))]),
  )
  const query = Object.fromEntries(
    op.query.filter((p) => p.required).map((p) => [p.name, one(validValue(p.schema ?? {}, { hints, name: p.name }))]),
  )
  const body = op.json ? (one(validValue(op.json, { hints })) as Record<string, unknown>) : undefined
  const build = (path: Record<string, unknown>, q: Record<string, unknown>, json: unknown): FuzzRequest => {
    const qs = queryString(Object.entries(q).flatMap(([k, v]) => queryPairs(k, v)))
    return {
      op,
      hostile: true,
      method: op.method,
      url: fillPath(op.path, path) + (qs ? `?${qs}` : ''),
      ...(json !== undefined ? { json: toJson(json) } : {}),
    }
  }
  const out: FuzzRequest[] = []
  for (const p of op.pathParams) {
    for (const edge of EDGE_PATH_IDS) out.push(build({ ...params, [p.name]: edge }, query, body))
  }
  for (const p of op.query) {
    for (const edge of edgeValues(p.schema ?? {})) out.push(build(params, { ...query, [p.name]: edge }, body))
  }
  // keys every object inherits, as unknown query keys: a handler that indexes a plain object by field name breaks on them
  for (const key of ['__proto__', 'constructor', 'toString'])
    out.push(build(params, { ...query, [key]: EDGE_STRINGS[0] }, body))
  if (body && typeof body === 'object' && !Array.isArray(body) && op.json?.properties) {
    for (const [name, schema] of Object.entries(op.json.properties)) {
      for (const edge of edgeValues(schema)) out.push(build(params, query, { ...body, [name]: edge }))
    }
  }
  return out
}
