import { isIP } from 'node:net'
import { replace, type AppLoadContext } from '@remix-run/node'
import { LRUCache } from 'lru-cache'
import type { z } from 'zod'
import { envelope, errorBody } from '#contract/envelope'
import { tokenPair } from '#contract/accounts'
import { needsBearer, pathOf, type NamedEndpoint } from '#contract/endpoints'
import { paths } from '#contract/paths'
import { getEnv } from '~/env.server'
import { requestFacts } from '~/lib/request-scope.server'
import {
  appendClearedTokenCookies,
  appendTokenCookies,
  currentPath,
  getTokens,
  loginUrl,
  type Tokens,
} from '~/sessions.server'

const TIMEOUT_MS = 15_000
export const UNREACHABLE_MESSAGE = "The upstream API can't be reached right now. Please try again in a moment."

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type CallOptions<S extends z.ZodTypeAny> = {
  path: string
  schema: S
  method?: Method
  query?: Record<string, string | number | boolean | undefined>
  /** JSON, or a FormData sent as multipart/form-data (uploads). */
  body?: unknown
  /** false: no bearer token and no refresh (login, refresh itself). */
  auth?: boolean
  /** How long to wait for the answer; longer for uploads the API processes before answering. */
  timeoutMs?: number
  /**
   * Asked for no one waiting (a lookup's refresh): not cut short when this request ends, and no token
   * rotation or sign-out on a 401, which would spend the session's refresh token in a response already
   * sent. It fails instead.
   */
  background?: boolean
}

/** An endpoint of the table that answers enveloped JSON (downloads are fetched as files instead). */
export type JsonEndpoint = NamedEndpoint & { response: z.ZodTypeAny }

/** A multipart endpoint's body: a FormData, or the JSON it takes instead when it has one (summarize: pasted text). */
type MultipartBody<M> = M extends { json: z.ZodTypeAny } ? FormData | z.input<M['json']> : FormData

/** What a call by endpoint sends: path parameters, the query, and a JSON body or a FormData (uploads). */
export type RequestInput<E extends JsonEndpoint> = {
  params?: Record<string, string | number>
  query?: E['query'] extends z.ZodTypeAny ? z.input<E['query']> : never
  body?: E['body'] extends z.ZodTypeAny
    ? z.input<E['body']>
    : E['multipart'] extends object
      ? MultipartBody<E['multipart']>
      : never
  /** How long to wait for the answer; longer for uploads the API processes before answering. */
  timeoutMs?: number
}

export type Upstream = {
  /** Calls an endpoint of the table (contract/endpoints.ts): its method, path, token and answer's schema come from there. */
  request<E extends JsonEndpoint>(endpoint: E, input?: RequestInput<E>): Promise<z.output<E['response']>>
  /**
   * A lookup (the campaigns, people, templates… a picker offers): a GET answered from this session's
   * cache when the same call was answered less than LOOKUP_TTL_MS ago, or less than LOOKUP_STALE_MS
   * ago while it is asked again behind the page. See `lookups` below.
   */
  lookup<E extends JsonEndpoint & { method: 'GET' }>(
    endpoint: E,
    input?: Pick<RequestInput<E>, 'params' | 'query'>,
  ): Promise<z.output<E['response']>>
  call<S extends z.ZodTypeAny>(options: CallOptions<S>): Promise<z.output<S>>
  /** Set-Cookie headers (rotated tokens) the loader or action must commit with its response. */
  headers: Headers
  tokens: Partial<Tokens>
}

/** An address as the API should see it: a valid IP, IPv4 without its IPv6-mapped prefix. */
function plainIp(value: string | null | undefined): string | null {
  const address = value?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  return address && isIP(address) ? address : null
}

/**
 * The client's address, so the API can rate-limit per real client: the one header the proxy in
 * front of the portal writes (TRUST_PROXY_HEADER; its last entry, the one that proxy added), else
 * the connection's address from the portal's server. Headers a client sends itself are not trusted.
 */
export function clientIp(request: Request, context?: AppLoadContext): string | null {
  const header = getEnv().TRUST_PROXY_HEADER
  if (header) return plainIp(request.headers.get(header)?.split(',').at(-1))
  return plainIp(requestFacts(context)?.socketAddress)
}

export function errorResponse(status: number, message: string, headers?: Headers) {
  const init = new Headers(headers)
  init.set('Content-Type', 'text/plain; charset=utf-8')
  return new Response(message, { status, headers: init })
}

async function failureOf(response: Response) {
  const body: unknown = await response.json().catch(() => null)
  const parsed = errorBody.safeParse(body)
  if (parsed.success) {
    // a problem with the record as a whole (a duplicate email) rides with the field errors
    const { message, errors = {}, non_field_errors: nonField = [] } = parsed.data
    const merged = [
      ...(errors.non_field_errors ?? []),
      ...nonField.filter((m) => !errors.non_field_errors?.includes(m)),
    ]
    return { message, errors: merged.length ? { ...errors, non_field_errors: merged } : errors }
  }
  return { message: response.statusText || `Upstream error ${response.status}`, errors: {} }
}

async function messageOf(response: Response) {
  return (await failureOf(response)).message
}

/** The API's field errors of a failed call, kept beside the thrown Response (whose body is the message). */
const fieldErrorsOf = new WeakMap<Response, Record<string, string[]>>()

/** `fieldErrors.non_field_errors`: the API's reasons about the request as a whole, when it gave some. */
export type UpstreamFailure = { status: number; message: string; fieldErrors: Record<string, string[]> }

/**
 * A failed upstream call as a status, a message to show and the API's field errors. The 401
 * sign-out redirect and anything that is not an upstream answer are rethrown. `forbidden`
 * replaces the message of a 403 with one that says who may do this.
 */
export async function upstreamFailure(
  thrown: unknown,
  { forbidden }: { forbidden?: string } = {},
): Promise<UpstreamFailure> {
  if (!(thrown instanceof Response) || (thrown.status >= 300 && thrown.status < 400)) throw thrown
  const fieldErrors = fieldErrorsOf.get(thrown) ?? {}
  if (thrown.status === 403 && forbidden) return { status: 403, message: forbidden, fieldErrors }
  return { status: thrown.status, message: (await thrown.text()) || `Upstream error ${thrown.status}`, fieldErrors }
}

/** The value, or null when the upstream failed (the page shows that part as unavailable). */
export function orNull<T>(promise: Promise<T>): Promise<T | null> {
  return promise.catch(async (thrown: unknown) => {
    await upstreamFailure(thrown)
    return null
  })
}

/**
 * One part of a page that fails on its own: its value, or the message that says why it has none
 * (the page shows the rest). A 401 sign-out still redirects.
 */
export function settlePart<T>(
  promise: Promise<T>,
): Promise<{ value: T; error: null } | { value: null; error: string }> {
  return promise.then(
    (value) => ({ value, error: null }),
    async (thrown: unknown) => ({ value: null, error: (await upstreamFailure(thrown)).message }),
  )
}

export const LOOKUP_TTL_MS = 30_000
/** How long an answer older than LOOKUP_TTL_MS may still be shown while a fresh one is asked for. */
export const LOOKUP_STALE_MS = 300_000

type KeptLookup = { answer: Promise<unknown>; at: number; refreshing?: boolean }

/**
 * Answers of lookups, by the access token that read them and the call: a page with a filter bar
 * asks for seven lists that change a few times a day, and a reviewer opens many pages a minute.
 * Keyed by the token itself (never by a user id read from it: the portal cannot verify a token, the
 * API did when it answered), so an entry serves only the session the API answered. An answer older
 * than LOOKUP_TTL_MS is still given while the same call is asked again behind the page (stale while
 * revalidate): a page never waits for its lookups once they were read, where under load every
 * session's seven lists fell due together and those pages took twice as long (issue 20). A change
 * made through the portal (any call that is not a GET) drops that session's entries at once; other
 * sessions see it on their first page after LOOKUP_TTL_MS, or at the latest on the next one. A failed
 * call, or a failed refresh, is not kept.
 */
const lookups = new LRUCache<string, KeptLookup>({
  max: 5_000,
  ttl: LOOKUP_STALE_MS,
  // however an entry goes (expired, pushed out, dropped), its session's index forgets it
  dispose: (_kept, key) => {
    const token = key.slice(0, key.indexOf(' '))
    const keys = lookupKeys.get(token)
    keys?.delete(key)
    if (keys?.size === 0) lookupKeys.delete(token)
  },
})
/** The cache's keys by the token they were read with: a change drops that session's entries directly. */
const lookupKeys = new Map<string, Set<string>>()

function keepLookup(token: string, key: string, answer: Promise<unknown>) {
  const kept = { answer, at: performance.now() }
  lookups.set(key, kept)
  // a failure is not kept (unless a newer answer took its place)
  answer.catch(() => lookups.get(key) === kept && lookups.delete(key))
  const keys = lookupKeys.get(token) ?? new Set<string>()
  lookupKeys.set(token, keys.add(key))
}

/** Tests start from an empty cache. */
export function clearLookups() {
  lookups.clear()
  lookupKeys.clear()
}

function forgetLookups(token: string | undefined) {
  if (!token) return
  for (const key of [...(lookupKeys.get(token) ?? [])]) lookups.delete(key)
}

/** A call's query string: its defined values, as text. */
function searchOf(query: Record<string, string | number | boolean | undefined> = {}) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value))
  return search
}

type Rotation = { tokens: Tokens } | { ended: true } | { status: number; message: string }

/**
 * Refreshes in flight in this process, by the refresh token they spend: two requests of one browser
 * whose access token expired together (two tabs, a page and its fetcher, a layout and its page)
 * share one rotation and set the same new cookies, where a second refresh would be a reuse.
 */
const rotations = new Map<string, Promise<Rotation>>()

/** A per-request client: one refresh at most, shared by concurrent calls (rotation revokes reused tokens). */
export async function createUpstream(request: Request, known?: Partial<Tokens>): Promise<Upstream> {
  const tokens = known ?? (await getTokens(request))
  const headers = new Headers()
  const forwardedFor = clientIp(request)
  const redirectTo =
    request.method === 'GET' && !new URL(request.url).pathname.startsWith('/resources/')
      ? currentPath(request)
      : undefined
  let refreshing: Promise<boolean> | undefined
  let signedOut: Promise<Response> | undefined

  async function send(
    method: Method,
    path: string,
    options: {
      query?: CallOptions<z.ZodTypeAny>['query']
      body?: unknown
      bearer?: string
      timeoutMs?: number
      /** Not cut short when this request goes away: another request may be waiting on the answer. */
      shared?: boolean
    },
  ) {
    const url = new URL(getEnv().API_BASE_URL + path)
    url.search = searchOf(options.query).toString()
    const outgoing = new Headers({ Accept: 'application/json' })
    if (options.bearer) outgoing.set('Authorization', `Bearer ${options.bearer}`)
    if (forwardedFor) outgoing.set('X-Forwarded-For', forwardedFor)
    // a FormData goes as multipart: fetch sets the Content-Type with its boundary
    const body =
      options.body === undefined || options.body instanceof FormData ? options.body : JSON.stringify(options.body)
    if (typeof body === 'string') outgoing.set('Content-Type', 'application/json')
    try {
      return await fetch(url, {
        method,
        headers: outgoing,
        body,
        signal: options.shared
          ? AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS)
          : AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS)]),
      })
    } catch {
      throw errorResponse(503, UNREACHABLE_MESSAGE)
    }
  }

  async function signOut(): Promise<never> {
    signedOut ??= appendClearedTokenCookies(new Headers()).then((cleared) =>
      replace(loginUrl(redirectTo), { headers: cleared }),
    )
    throw await signedOut
  }

  // Settles with a value, never a Response: a body can be read only once and the outcome is shared.
  async function rotate(spent: string): Promise<Rotation> {
    let response: Response
    try {
      response = await send('POST', paths.tokenRefresh, { body: { refresh: spent }, shared: true })
    } catch {
      return { status: 503, message: UNREACHABLE_MESSAGE }
    }
    if (response.status >= 500) return { status: 502, message: await messageOf(response) }
    if (!response.ok) return { ended: true }
    const parsed = envelope(tokenPair).safeParse(await response.json().catch(() => null))
    return parsed.success ? { tokens: parsed.data.data } : { ended: true }
  }

  async function refresh(): Promise<boolean> {
    const spent = tokens.refresh
    if (!spent) return false
    let rotation = rotations.get(spent)
    if (!rotation) {
      rotation = rotate(spent).finally(() => rotations.delete(spent))
      rotations.set(spent, rotation)
    }
    const outcome = await rotation
    if ('status' in outcome) throw errorResponse(outcome.status, outcome.message)
    if ('ended' in outcome) return false
    tokens.access = outcome.tokens.access
    tokens.refresh = outcome.tokens.refresh
    await appendTokenCookies(headers, outcome.tokens)
    return true
  }

  async function call<S extends z.ZodTypeAny>(options: CallOptions<S>): Promise<z.output<S>> {
    const { path, schema, method = 'GET', query, body, auth = true, timeoutMs, background = false } = options
    if (auth && !tokens.access) await signOut()
    const sentWith = tokens.access
    if (method !== 'GET') forgetLookups(sentWith)
    let response = await send(method, path, {
      query,
      body,
      bearer: auth ? sentWith : undefined,
      timeoutMs,
      shared: background,
    })
    if (auth && response.status === 401 && !background) {
      // A concurrent call may already have rotated the tokens; only refresh if ours are still the old ones.
      if (tokens.access === sentWith) refreshing ??= refresh()
      const renewed = tokens.access !== sentWith || (await refreshing)
      if (!renewed) await signOut()
      response = await send(method, path, { query, body, bearer: tokens.access, timeoutMs })
      if (response.status === 401) await signOut()
    }
    if (!response.ok) {
      const { message, errors } = await failureOf(response)
      const failure = errorResponse(response.status >= 500 ? 502 : response.status, message)
      fieldErrorsOf.set(failure, errors)
      throw failure
    }
    const parsed = envelope(schema).safeParse(await response.json().catch(() => null))
    if (!parsed.success) throw errorResponse(502, 'The upstream API answered in an unexpected format.')
    return parsed.data.data
  }

  function byEndpoint<E extends JsonEndpoint>(
    endpoint: E,
    input: RequestInput<E> = {},
    background = false,
  ): Promise<z.output<E['response']>> {
    return call({
      method: endpoint.method,
      path: pathOf(endpoint, input.params),
      query: input.query as CallOptions<z.ZodTypeAny>['query'],
      body: input.body,
      schema: endpoint.response as E['response'],
      auth: needsBearer(endpoint),
      timeoutMs: input.timeoutMs,
      background,
    })
  }

  function lookup<E extends JsonEndpoint>(endpoint: E, input: RequestInput<E> = {}) {
    const token = tokens.access
    // nothing is kept for a visitor who has not signed in
    if (!token) return byEndpoint(endpoint, { params: input.params, query: input.query })
    const query = searchOf(input.query as CallOptions<z.ZodTypeAny>['query'])
    const key = `${token} ${pathOf(endpoint, input.params)}?${query}`
    const kept = lookups.get(key)
    if (kept) {
      if (!kept.refreshing && performance.now() - kept.at >= LOOKUP_TTL_MS) {
        kept.refreshing = true
        const fresh = byEndpoint(endpoint, { params: input.params, query: input.query }, true)
        // the stale answer stays until the fresh one is in; a failed refresh drops it
        fresh.then(
          () => lookups.get(key) === kept && keepLookup(token, key, fresh),
          () => lookups.get(key) === kept && lookups.delete(key),
        )
      }
      return kept.answer as ReturnType<typeof byEndpoint<E>>
    }
    const answer = byEndpoint(endpoint, { params: input.params, query: input.query })
    // kept under the token it was asked with; a rotation during the call files it under neither
    keepLookup(token, key, answer)
    return answer
  }

  return { request: byEndpoint, lookup, call, headers, tokens }
}
