import type { LoaderFunctionArgs } from '@remix-run/node'
import { endpoints, pathOf } from '#contract/endpoints'
import { proxySignedAudio } from '~/lib/signed-audio-proxy.server'
import { errorResponse } from '~/services/upstream.server'

/** A voice message of trelliTalk (the question recorded or the answer spoken), streamed from the API's signed URL. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const messageId = params.messageId ?? ''
  if (!/^\d{1,10}$/.test(messageId)) return errorResponse(404, 'Message not found')
  return proxySignedAudio(
    { request, context },
    pathOf(endpoints.talkAudio, { id: messageId }),
    'The audio is not available.',
  )
}
