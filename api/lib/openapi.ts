import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { ZodTypeAny } from 'zod'
import type { MultipartForm } from '#contract/endpoints'

declare module 'fastify' {
  interface FastifySchema {
    /** A multipart upload's form (contract/endpoints.ts), for the OpenAPI document only: multipart bodies are read part by part in the handler (lib/upload.ts), so they cannot be a `body` schema that Fastify validates. */
    multipart?: MultipartForm
  }
}

type Input = Parameters<typeof jsonSchemaTransform>[0]
type JsonSchema = { properties?: Record<string, unknown>; required?: string[] }

/** A zod schema as the JSON schema the rest of the document uses (the type provider's own conversion). */
const toJson = (zod: ZodTypeAny, url: string) =>
  (jsonSchemaTransform({ schema: { body: zod }, url }).schema as { body: JsonSchema }).body

const binary = { type: 'string', format: 'binary' }

/**
 * The type provider's transform, plus a `requestBody` for each endpoint that takes a multipart form
 * and a 200 with the file's media type for each download.
 */
export function openApiTransform(input: Input) {
  const out = jsonSchemaTransform(input)
  const { multipart, ...schema } = out.schema as Record<string, unknown> & {
    multipart?: MultipartForm
    produces?: string[]
    response?: Record<string, unknown>
  }
  if (schema.produces && !schema.response?.[200]) {
    const content = Object.fromEntries(schema.produces.map((type) => [type, { schema: binary }]))
    schema.response = { ...schema.response, 200: { description: 'The file', content } }
  }
  if (!multipart) return { url: out.url, schema }
  const fields = multipart.fields ? toJson(multipart.fields, input.url) : {}
  const form = {
    type: 'object',
    properties: {
      ...Object.fromEntries(
        Object.entries(multipart.files).map(([name, max]) => [
          name.replace(/\?$/, ''),
          max === 1 ? binary : { type: 'array', items: binary, minItems: 1, maxItems: max },
        ]),
      ),
      ...fields.properties,
    },
    required: [...Object.keys(multipart.files).filter((name) => !name.endsWith('?')), ...(fields.required ?? [])],
  }
  const content: Record<string, { schema: unknown }> = { 'multipart/form-data': { schema: form } }
  if (multipart.json) content['application/json'] = { schema: toJson(multipart.json, input.url) }
  return { url: out.url, schema: { ...schema, body: { content } } }
}

type Node = Record<string, unknown>

/**
 * The whole document, made valid OpenAPI 3.0 where the zod conversion is not: `z.null()` comes out
 * as `{ enum: ['null'], nullable: true }`, a `nullable` without the `type` that 3.0 requires beside
 * it (and the string 'null' rather than null).
 */
export function openApiDocument<T>(document: T): T {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit)
    if (!node || typeof node !== 'object') return node
    const out: Node = Object.fromEntries(Object.entries(node as Node).map(([key, value]) => [key, visit(value)]))
    if (out.nullable === true && out.type === undefined && Array.isArray(out.enum)) {
      const values = out.enum.map((v) => (v === 'null' ? null : v))
      const types = new Set(values.filter((v) => v !== null).map((v) => typeof v))
      out.type = types.size === 1 ? [...types][0] : 'string'
      out.enum = values
    }
    return out
  }
  return visit(document) as T
}
