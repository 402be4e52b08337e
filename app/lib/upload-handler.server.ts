import type { Submission, SubmissionResult } from '@conform-to/react'
import type { UploadReply } from '~/components/layout/xhr-upload.schema'
import { readSpooledUpload, type SpoolOptions } from '~/lib/multipart-upload.server'
import { createUpstream, upstreamFailure, type Upstream } from '~/services/upstream.server'
import { appendToast, loginUrl, requireTokens } from '~/sessions.server'

export type SpooledUploadOutcome<R> =
  | { ok: true; created: R; headers: Headers }
  | { ok: false; status: number; result: SubmissionResult<string[]>; headers: Headers }

type SpooledUpload<V extends { file: File }, R> = {
  /** How the body is read: the file spooled to a temporary file, within these limits. */
  spool: SpoolOptions
  /** The same rules as in the browser (the form's `*.schema.ts`). */
  parse: (form: FormData) => Submission<unknown, string[], V>
  /** The API call, the file read lazily from the temporary file. */
  send: (api: Upstream, value: NoInfer<V>) => Promise<R>
  /** The API's field errors shown next to these fields; the others only in its message. */
  fields: string[]
  /** The form-level line said first when the form is refused before the API: SPEC §8's wording, where the page has one. */
  refused?: string
  /** The line said before the API's message when the API refuses or fails, by status. */
  failed?: (status: number) => string
}

/**
 * An upload form, posted with or without JavaScript: the session checked before the body is read (a
 * missing one throws the sign-in redirect), the file spooled to disk, the form checked like the browser
 * checks it, then sent on to the API; the temporary file is removed whatever happens. Refusals come back
 * as the form's result (the file field never echoed) with the status that fits.
 */
export async function handleSpooledUpload<V extends { file: File }, R>(
  request: Request,
  { spool, parse, send, fields, refused, failed }: SpooledUpload<V, R>,
): Promise<SpooledUploadOutcome<R>> {
  const tokens = await requireTokens(request)
  const read = await readSpooledUpload(request, spool)
  if ('error' in read) {
    const error: Record<string, string[]> =
      refused === undefined ? { file: [read.error] } : { '': [refused], file: [read.error] }
    return { ok: false, status: read.status, result: { status: 'error', error }, headers: new Headers() }
  }
  try {
    const submission = parse(read.form)
    if (submission.status !== 'success') {
      const result =
        refused === undefined
          ? submission.reply({ hideFields: ['file'] })
          : submission.reply({ formErrors: [refused], hideFields: ['file'] })
      return { ok: false, status: 400, result, headers: new Headers() }
    }
    const api = await createUpstream(request, tokens)
    try {
      const created = await send(api, submission.value)
      return { ok: true, created, headers: api.headers }
    } catch (thrown) {
      const failure = await upstreamFailure(thrown)
      const fieldErrors = Object.fromEntries(
        Object.entries(failure.fieldErrors).filter(([key]) => fields.includes(key)),
      )
      const formErrors = failed === undefined ? [failure.message] : [failed(failure.status), failure.message]
      return {
        ok: false,
        status: failure.status,
        result: submission.reply({ formErrors, fieldErrors, hideFields: ['file'] }),
        headers: api.headers,
      }
    }
  } finally {
    await read.cleanup()
  }
}

function json(body: UploadReply, status: number, headers: Headers) {
  headers.set('Content-Type', 'application/json; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  return new Response(JSON.stringify(body), { status, headers })
}

type XhrUpload<O extends { ok: true; headers: Headers }> = {
  /** The demo page the form is on: where a wrong method and a new sign-in lead back to. */
  formPath: string
  /** The same handler as the page's own action. */
  handle: (
    request: Request,
  ) => Promise<O | { ok: false; status: number; result: SubmissionResult<string[]>; headers: Headers }>
  /** Where the page goes on to once the upload is in, and the toast it shows there. */
  done: (outcome: O) => { location: string; toast: string }
}

/**
 * The demo page's upload form, posted by its XMLHttpRequest (which shows the upload's progress): the
 * same checks and call as the page's own action, answered in JSON. A redirect (no session, or a session
 * the API ended) becomes `{ location, reload }` with its cookies, for the page to follow.
 */
export async function xhrUploadAction<O extends { ok: true; headers: Headers }>(
  request: Request,
  { formPath, handle, done }: XhrUpload<O>,
) {
  if (request.method !== 'POST') return json({ location: formPath, reload: true }, 405, new Headers())
  try {
    const outcome = await handle(request)
    if (!outcome.ok) return json({ result: outcome.result }, outcome.status, new Headers(outcome.headers))
    const { location, toast } = done(outcome)
    const headers = await appendToast(new Headers(outcome.headers), { message: toast })
    return json({ location }, 200, headers)
  } catch (thrown) {
    const location = thrown instanceof Response ? thrown.headers.get('Location') : null
    if (!(thrown instanceof Response) || !location) throw thrown
    const headers = new Headers()
    for (const cookie of thrown.headers.getSetCookie()) headers.append('Set-Cookie', cookie)
    // after signing in, back to the form (this address only takes posts)
    const to = location.startsWith('/login') ? loginUrl(formPath) : location
    return json({ location: to, reload: true }, 401, headers)
  }
}
