import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import type { ErrorBody } from '#contract/envelope'
import { HttpError } from '../lib/http-error'

const byCode: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON in request body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Content-Length does not match the body'],
  FST_ERR_VALIDATION: [400, 'Invalid request'],
}

/** The SQLSTATE of a database error, through drizzle's wrapper (`cause`) where there is one. */
function sqlState(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 3;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

/**
 * SQLSTATE class 22, data exception (a value out of a type's range, a bad byte sequence, a date
 * arithmetic overflow): a value the client sent that the contract let through. It is the client's
 * to fix, so 400, and a warning for us, since the contract should have said it first.
 */
export const isDataException = (error: unknown) => sqlState(error)?.startsWith('22') ?? false

type Issue = { instancePath: string; message: string; params: { issue: { code: string; received?: unknown } } }

function fieldErrors(error: { validation: Issue[] }) {
  // no prototype: a field named `constructor` or `__proto__` is a field like any other
  const errors: Record<string, string[]> = Object.create(null)
  for (const { instancePath, message, params } of error.validation) {
    const field = instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors'
    const missing = field === 'non_field_errors' && ['null', 'undefined'].includes(String(params.issue.received))
    ;(errors[field] ??= []).push(missing ? 'Request body is required' : message)
  }
  return errors
}

/**
 * Errors Fastify meets before routing (a malformed URL, a path segment over 100 characters), which
 * no hook sees: the envelope and the headers every answer carries.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400
  const body: ErrorBody = {
    data: null,
    message: status === 414 ? 'A part of the address is too long' : 'The address is malformed',
  }
  reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').status(status).send(body)
}

/** One error handler and one not-found handler, so every failure is the error envelope. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500
    let body: ErrorBody = { data: null, message: 'Internal server error' }
    if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400
      body = { data: null, message: 'Invalid request', errors: fieldErrors(error) }
    } else if (error instanceof HttpError) {
      status = error.statusCode
      body = { data: null, message: error.message, ...(error.errors && { errors: error.errors }) }
      if (error.headers) reply.headers(error.headers)
    } else if (error.code && byCode[error.code]) {
      ;[status, body.message] = byCode[error.code]
    } else if (isDataException(error)) {
      status = 400
      body.message = 'A value in the request is out of range or malformed'
      request.log.warn({ err: error }, 'database data exception from a request')
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema')
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode
      body.message = error.message || 'Bad request'
    } else {
      request.log.error({ err: error }, 'unhandled error')
    }
    if (status === 401) reply.header('www-authenticate', 'Bearer')
    return reply.status(status).send(body)
  })

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ data: null, message: 'Not found' }))

  // an empty JSON body (fetch POST with the header and no body) is no body, not an error
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text.trim() === '') return done(null, undefined)
    void parseJson(request, text, done)
  })
}
