import type { ActionFunctionArgs } from '@remix-run/node'
import { converseBody } from '#contract/chatbot'
import { endpoints } from '#contract/endpoints'
import { getEnv } from '~/env.server'
import { readForm } from '~/lib/forms.server'
import { refuseCrossSite } from '~/lib/same-origin.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { clientIp, createUpstream, errorResponse } from '~/services/upstream.server'
import { CHATBOT_UNREACHABLE } from '~/components/chatbot/format'

/**
 * A chat message with its answer streamed (ARCHITECTURE §9, issue 16): the page's form posted here by
 * its script, sent on to converse/ with `stream: true`, and the API's NDJSON events (the text as
 * it is written, then the result) relayed as they come. The browser going away aborts the upstream
 * request, which stops the work there. Without JavaScript the form posts to the page itself.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  refuseCrossSite(request)
  const api = await createUpstream(request)
  const form = await readForm(request)
  const parsed = converseBody.safeParse({
    channel: form.get('channel'),
    campaign_id: form.get('campaign_id'),
    message: form.get('message') ?? '',
    ...(form.get('conversation_id') && { conversation_id: form.get('conversation_id') }),
    ...(form.get('call_evaluation_id') && { call_evaluation_id: form.get('call_evaluation_id') }),
    stream: true,
  })
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? 'Type a message', api.headers)

  const send = () => {
    const headers = new Headers({
      Accept: 'application/x-ndjson',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${api.tokens.access ?? ''}`,
    })
    const ip = clientIp(request, context)
    if (ip) headers.set('X-Forwarded-For', ip)
    return fetch(getEnv().API_BASE_URL + endpoints.converse.path, {
      method: 'POST',
      headers,
      body: JSON.stringify(parsed.data),
      signal: request.signal,
    })
  }
  let response: Response
  try {
    response = await send()
    if (response.status === 401) {
      void response.body?.cancel().catch(() => {})
      // the client refreshes (or signs out with a redirect) on its own 401
      await api.request(endpoints.userDetail)
      response = await send()
    }
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown
    return errorResponse(503, CHATBOT_UNREACHABLE, api.headers)
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null
    const message = response.status < 500 && typeof body?.message === 'string' ? body.message : CHATBOT_UNREACHABLE
    return errorResponse(response.status >= 500 ? 502 : response.status, message, api.headers)
  }
  const out = applySecurityHeaders(new Headers(api.headers))
  out.set('Content-Type', 'application/x-ndjson; charset=utf-8')
  out.set('Cache-Control', 'no-store')
  return new Response(response.body, { status: 200, headers: out })
}
