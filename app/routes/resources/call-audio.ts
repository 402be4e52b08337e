import type { LoaderFunctionArgs } from '@remix-run/node'
import { paths } from '#contract/paths'
import { proxySignedAudio } from '~/lib/signed-audio-proxy.server'
import { errorResponse } from '~/services/upstream.server'

/** A call's audio, streamed from the API's signed URL (with Range, so the player can seek). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const recordingId = params.recordingId ?? ''
  if (!/^\d{1,10}$/.test(recordingId)) return errorResponse(404, 'Recording not found')
  return proxySignedAudio({ request, context }, paths.recordingAudio(recordingId), 'The recording is not available.')
}
