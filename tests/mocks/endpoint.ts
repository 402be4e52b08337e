import { http, HttpResponse, type HttpHandler } from 'msw'
import type { z, ZodIssue, ZodTypeAny } from 'zod'
import { withoutControlChars } from '#contract/envelope'
import { needsBearer, type Endpoint, type FileResponse, type NamedEndpoint } from '#contract/endpoints'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, authenticate, error } from './auth'

/*
 * An msw handler built from the endpoint table (contract/endpoints.ts, docs/decisions/014), so a mock
 * takes the method, path, access rule and schemas the API registers, and checks them the way the
 * API does before its handler runs (api/lib/endpoint.ts, api/plugins/auth.ts, api/plugins/errors.ts):
 * a bearer or 401, the endpoint's roles or 403, then params, JSON body and query or 400 with field
 * errors. What a mock answers is checked against the contract too.
 */

/** The API's answer to a signed-in user whose role the endpoint does not list (api/plugins/auth.ts). */
export const FORBIDDEN = 'You do not have permission to perform this action.'
/** The API's message for a request its schemas refuse (api/plugins/errors.ts). */
export const INVALID_REQUEST = 'Invalid request'

type Infer<S> = S extends ZodTypeAny ? z.output<S> : undefined
type DataOf<E extends Endpoint> = E['response'] extends ZodTypeAny ? z.input<E['response']> : never
type Public = 'public' | 'signed-link'
type Caller<E extends Endpoint> = E['access'] extends Public
  ? { key: undefined; user: undefined }
  : { key: DemoKey; user: (typeof demoUsers)[DemoKey] }

/** What the resolver of a mock receives: the request as the endpoint's schemas parsed it, and who sent it. */
export type MockRequest<E extends Endpoint> = {
  params: Infer<E['params']>
  query: Infer<E['query']>
  body: Infer<E['body']>
  /** The raw request (multipart uploads, headers, the abort signal). */
  request: Request
} & Caller<E>

const ANSWER = Symbol('answer')
/** Enveloped data with a message of the resolver's choosing (when one mock answers with more than one). */
export type Answer<T> = { [ANSWER]: true; data: T; message: string }
export const answer = <T>(data: T, message: string): Answer<T> => ({ [ANSWER]: true, data, message })

type Result<E extends Endpoint> = DataOf<E> | Answer<DataOf<E>> | Response
export type MockResolver<E extends Endpoint> = (request: MockRequest<E>) => Result<E> | Promise<Result<E>>

const isFile = (response: Endpoint['response']): response is FileResponse => 'file' in response
const isAnswer = (value: unknown): value is Answer<unknown> =>
  typeof value === 'object' && value !== null && ANSWER in value

/** Field errors the way the API names them: `a.b`, `rows.0.value`; a missing body is `non_field_errors`. */
function fieldErrors(issues: ZodIssue[]) {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const field = issue.path.join('.') || 'non_field_errors'
    const missing =
      field === 'non_field_errors' && 'received' in issue && ['null', 'undefined'].includes(String(issue.received))
    ;(errors[field] ??= []).push(missing ? 'Request body is required' : issue.message)
  }
  return errors
}

/** A query string as Fastify parses it: a repeated key is a list. */
function queryOf(url: URL) {
  const query: Record<string, string | string[]> = {}
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key)
    query[key] = values.length > 1 ? values : values[0]
  }
  return query
}

/** The JSON body as the API's parser reads it: none when empty, 400 when malformed, 415 when not JSON. */
async function jsonOf(request: Request): Promise<{ value: unknown } | Response> {
  const text = await request.clone().text()
  if (text.trim() === '') return { value: undefined }
  if (!request.headers.get('Content-Type')?.startsWith('application/json'))
    return error(415, 'Unsupported content type')
  try {
    return { value: JSON.parse(text) }
  } catch {
    return error(400, 'Malformed JSON in request body')
  }
}

/** The statuses an endpoint may answer: its own, 400, and the errors the table declares. */
export function declaredStatuses(e: Endpoint) {
  return new Set([e.status ?? 200, 400, ...e.errors, ...(e.alsoAnswersWithData ?? [])])
}

/** The handler of each mock's endpoint, so a test can tell which endpoints have one. */
const endpointOf = new WeakMap<HttpHandler, NamedEndpoint>()
export const mockedEndpoint = (handler: unknown) => endpointOf.get(handler as HttpHandler)

/**
 * The msw handler of an endpoint of the table. The resolver runs once the request has passed what
 * the API checks first; it answers with the data (enveloped with `message`, or with `answer(data,
 * message)`, and checked against the endpoint's response schema) or with a Response of its own
 * (errors, files). An error status the table does not declare for the endpoint is a mistake in the
 * mock (or in the table) and fails the call.
 */
export function mock<E extends NamedEndpoint>(e: E, resolver: MockResolver<E>, message = 'OK'): HttpHandler {
  const method = e.method.toLowerCase() as Lowercase<E['method']>
  const schemas = {
    params: e.params && withoutControlChars(e.params),
    body: e.body && withoutControlChars(e.body),
    query: e.query && withoutControlChars(e.query),
  }
  const statuses = declaredStatuses(e)

  const handler = http[method](UPSTREAM + e.path, async ({ request, params: rawParams }) => {
    let key: DemoKey | undefined
    if (needsBearer(e)) {
      const caller = authenticate(request)
      if (caller instanceof Response) return caller
      key = caller
      if (Array.isArray(e.access) && !e.access.includes(demoUsers[key].role)) return error(403, FORBIDDEN)
    }

    // in Fastify's order: params, body, query; the first part refused is the answer
    const raw: Record<keyof typeof schemas, unknown> = { params: rawParams, body: undefined, query: undefined }
    if (schemas.body) {
      const json = await jsonOf(request)
      if (json instanceof Response) return json
      raw.body = json.value
    }
    raw.query = queryOf(new URL(request.url))
    const parsed: Record<string, unknown> = {}
    for (const part of ['params', 'body', 'query'] as const) {
      const schema = schemas[part]
      if (!schema) continue
      const result = schema.safeParse(raw[part])
      if (!result.success) return error(400, INVALID_REQUEST, fieldErrors(result.error.issues))
      parsed[part] = result.data
    }

    const result = await resolver({
      ...parsed,
      request,
      key,
      user: key && demoUsers[key],
    } as unknown as MockRequest<E>)

    if (result instanceof Response) {
      // a file's errors are not in the table (only enveloped JSON is); Response.error() is status 0
      if (result.status >= 400 && !isFile(e.response) && !statuses.has(result.status))
        throw new Error(`mock ${e.id}: ${result.status} is not among the statuses the table declares`)
      return result
    }
    if (isFile(e.response)) throw new Error(`mock ${e.id}: a file endpoint answers with a Response`)
    const { data, message: said } = isAnswer(result) ? result : { data: result, message }
    const checked = (e.response as ZodTypeAny).safeParse(data)
    if (!checked.success)
      throw new Error(`mock ${e.id}: the answer breaks the contract: ${JSON.stringify(checked.error.issues)}`)
    return HttpResponse.json({ data: checked.data, message: said }, { status: e.status ?? 200 })
  })
  endpointOf.set(handler, e)
  return handler
}
