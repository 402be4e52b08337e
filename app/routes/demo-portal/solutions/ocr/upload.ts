import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { documentPath, OCR_DEMO_PATH, UPLOADED } from '~/components/ocr/format'
import type { UploadReply } from '~/components/ocr/upload-form'
import { appendToast, loginUrl } from '~/sessions.server'
import { handleUpload } from './upload.server'

function json(body: UploadReply, status: number, headers: Headers) {
  headers.set('Content-Type', 'application/json; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  return new Response(JSON.stringify(body), { status, headers })
}

/** Someone who opens this address: the form is on the demo page. */
export const loader = () => redirect(OCR_DEMO_PATH)

/**
 * The demo page's upload form, posted by its XMLHttpRequest (which shows the upload's progress): the
 * same checks and call as the page's own action, answered in JSON. A redirect (no session, or a session
 * the API ended) becomes `{ location, reload }` with its cookies, for the page to follow.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ location: OCR_DEMO_PATH, reload: true }, 405, new Headers())
  try {
    const outcome = await handleUpload(request)
    if (!outcome.ok) return json({ result: outcome.result }, outcome.status, new Headers(outcome.headers))
    const headers = await appendToast(new Headers(outcome.headers), { message: UPLOADED })
    return json({ location: documentPath('pending', outcome.documentId) }, 200, headers)
  } catch (thrown) {
    const location = thrown instanceof Response ? thrown.headers.get('Location') : null
    if (!(thrown instanceof Response) || !location) throw thrown
    const headers = new Headers()
    for (const cookie of thrown.headers.getSetCookie()) headers.append('Set-Cookie', cookie)
    // after signing in, back to the form (this address only takes posts)
    const to = location.startsWith('/login') ? loginUrl(OCR_DEMO_PATH) : location
    return json({ location: to, reload: true }, 401, headers)
  }
}
