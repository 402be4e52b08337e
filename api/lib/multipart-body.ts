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

/** The type provider's transform, plus a `requestBody` for each endpoint that takes a multipart form. */
export function openApiTransform(input: Input) {
  const out = jsonSchemaTransform(input)
  const { multipart, ...schema } = out.schema as Record<string, unknown> & { multipart?: MultipartForm }
  if (!multipart) return out
  const binary = { type: 'string', format: 'binary' }
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
