import { endpoints } from '#contract/endpoints'
import type { EvaluationListQuery } from '#contract/evaluations'
import type { Upstream } from '~/services/upstream.server'

/** `list/{query}`: the page and every filter the portal validated; empty filters are left out. */
export function listEvaluations(api: Upstream, query: EvaluationListQuery) {
  const { auto_fail, ...rest } = query
  return api.request(endpoints.listEvaluations, { query: { ...rest, auto_fail: auto_fail ? true : undefined } })
}

/** The recording's key id, then a signed URL for it: the second call needs the first's answer. */
export async function getSignedAudio(api: Upstream, recordingId: number) {
  const key = await api.request(endpoints.loadFileAndKid, { query: { recording_id: recordingId } })
  const signed = await api.request(endpoints.sendKeyAuthorizedUser, {
    query: { recording_id: recordingId, kid: key.kid },
  })
  return { ...signed, mime_type: key.mime_type }
}

export const AUDIO_PROXY_PREFIX = '/resources/call-audio/'

/**
 * The API's signed URL (`/api/call_evaluation/recording-audio/<id>/?expires=…&sig=…`, relative or absolute)
 * as the portal's proxy path, with the signed query kept as it came. Null when it is not an audio URL.
 */
export function toPortalAudioUrl(signedUrl: string): string | null {
  let url: URL
  try {
    url = new URL(signedUrl, 'http://upstream.invalid')
  } catch {
    return null
  }
  const match = url.pathname.match(/\/recording-audio\/(\d+)\/?$/)
  return match ? `${AUDIO_PROXY_PREFIX}${match[1]}${url.search}` : null
}

export { orNull, upstreamFailure } from './upstream.server'
