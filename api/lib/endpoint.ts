import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z, ZodTypeAny } from 'zod'
import type { Role } from '#contract/accounts'
import { envelope, errorBody } from '#contract/envelope'
import { needsBearer, type Endpoint, type FileResponse, type NamedEndpoint } from '#contract/endpoints'

/** The Fastify instance, with the zod type provider, that a module registers its routes on. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0]

type Infer<S> = S extends ZodTypeAny ? z.output<S> : unknown
type DataOf<E extends Endpoint> = E['response'] extends ZodTypeAny ? z.input<E['response']> : never

/** A request as the endpoint declares it: params, query and JSON body parsed by its schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Infer<E['params']>
  Querystring: Infer<E['query']>
  Body: Infer<E['body']>
}>

/** What a handler answers: the enveloped data, or (files, streams, 201s) what it sent through `reply`. */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<{ data: DataOf<E>; message: string } | FastifyReply>

const isFile = (response: Endpoint['response']): response is FileResponse => 'file' in response

/** The response schemas: the enveloped success (or the file), and the error body for 400 and each declared error. */
export function responseSchemas(e: Endpoint) {
  const map: Record<number, ZodTypeAny> = {}
  if (!isFile(e.response)) map[e.status ?? 200] = envelope(e.response)
  for (const code of [400, ...e.errors]) map[code] = errorBody
  if (!isFile(e.response)) for (const code of e.alsoAnswersWithData ?? []) map[code] = envelope(e.response)
  return map
}

/** The Fastify schema of an endpoint: what validates the request and answers, and what documents it. */
export function schemaOf(e: NamedEndpoint) {
  return {
    operationId: e.id,
    tags: [e.tag],
    summary: e.summary,
    security: needsBearer(e) ? [{ bearerAuth: [] }] : [],
    ...(e.params && { params: e.params }),
    ...(e.query && { querystring: e.query }),
    ...(e.body && { body: e.body }),
    ...(e.multipart && {
      consumes: e.multipart.json ? ['application/json', 'multipart/form-data'] : ['multipart/form-data'],
      multipart: e.multipart,
    }),
    ...(isFile(e.response) && { produces: [e.response.file] }),
    response: responseSchemas(e),
  }
}

/**
 * Registers a route from its entry in the endpoint table (contract/endpoints.ts): the method, path,
 * schemas and documentation come from there, and so does the access check that runs before the body
 * is read (signed-in users, or only the listed roles). `options` adds what is the API's own (rate
 * limits, body limits).
 */
export function route<E extends NamedEndpoint>(
  app: ZodApp,
  e: E,
  handler: EndpointHandler<E>,
  options: Omit<RouteShorthandOptions, 'schema'> = {},
) {
  const onRequest =
    e.access === 'signed-in'
      ? app.authenticate
      : Array.isArray(e.access)
        ? app.requireRole(...(e.access as readonly Role[]))
        : undefined
  app.route({
    ...options,
    method: e.method,
    url: e.path,
    ...(onRequest && { onRequest }),
    schema: schemaOf(e),
    handler: handler as never,
  })
}
