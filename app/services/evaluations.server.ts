import {
  accessStatus,
  actionStatus,
  audioKey,
  emotionAnalysis,
  evaluationDetail,
  evaluationList,
  evaluationSummary,
  manualReview,
  profanityResult,
  projectList,
  reviewSession,
  sentimentAnalysis,
  sentimentTiming,
  signedAudio,
  wordCloudData,
  type ChangeStatusBody,
  type EvaluationListQuery,
  type ManualReviewBody,
  type ReviewSessionBody,
} from '#contract/evaluations'
import { paths } from '#contract/paths'
import type { Upstream } from '~/services/upstream.server'

/** `list/{query}`: the page and every filter the portal validated; empty filters are left out. */
export function listEvaluations(api: Upstream, query: EvaluationListQuery) {
  const { auto_fail, ...rest } = query
  return api.call({
    path: paths.evaluationList,
    query: { ...rest, auto_fail: auto_fail ? true : undefined },
    schema: evaluationList,
  })
}

export function getProjectList(api: Upstream, role: 'agent' | 'qa_supervisor') {
  return api.call({ path: paths.projectList, query: { limit: 200, q: '', role }, schema: projectList })
}

const byEvaluation = (id: number) => ({ call_evaluation_id: id })

export function getEvaluationDetail(api: Upstream, id: number) {
  return api.call({ path: paths.evaluationDetails, query: byEvaluation(id), schema: evaluationDetail })
}

export function getManualReview(api: Upstream, id: number) {
  return api.call({ path: paths.manualReview, query: byEvaluation(id), schema: manualReview })
}

export function saveManualReview(api: Upstream, body: ManualReviewBody) {
  return api.call({ method: 'PUT', path: paths.manualReview, body, schema: manualReview })
}

export function checkAccessStatus(api: Upstream, id: number) {
  return api.call({ path: paths.checkAccessStatus, query: byEvaluation(id), schema: accessStatus })
}

export function getActionStatus(api: Upstream, id: number) {
  return api.call({ path: paths.getActionStatus, query: { ca_audit_id: id }, schema: actionStatus })
}

export function changeStatus(api: Upstream, body: ChangeStatusBody) {
  return api.call({ method: 'PUT', path: paths.changeStatus, body, schema: actionStatus })
}

export function reviewSessionCall(api: Upstream, body: ReviewSessionBody) {
  return api.call({ method: 'PUT', path: paths.accessStartEndTime, body, schema: reviewSession })
}

/** Asks the API to score the call again (queued as a job; the detail's scoring_status follows it). */
export function rescoreEvaluation(api: Upstream, id: number) {
  return api.call({ method: 'POST', path: paths.rescore, body: byEvaluation(id), schema: evaluationSummary })
}

export function scanProfanity(api: Upstream, id: number) {
  return api.call({
    method: 'PUT',
    path: paths.profanityIdentification,
    body: byEvaluation(id),
    schema: profanityResult,
  })
}

export function getSentimentAnalysis(api: Upstream, id: number) {
  return api.call({ path: paths.sentimentAnalysis, query: byEvaluation(id), schema: sentimentAnalysis })
}

export function getSentimentTiming(api: Upstream, id: number) {
  return api.call({ path: paths.sentimentTiming, query: byEvaluation(id), schema: sentimentTiming })
}

export function getWordCloud(api: Upstream, id: number) {
  return api.call({ path: paths.sentimentWordCloud, query: byEvaluation(id), schema: wordCloudData })
}

export function getEmotionAnalysis(api: Upstream, id: number) {
  return api.call({ path: paths.emotionAnalysis, query: byEvaluation(id), schema: emotionAnalysis })
}

/** The recording's key id, then a signed URL for it: the second call needs the first's answer. */
export async function getSignedAudio(api: Upstream, recordingId: number) {
  const key = await api.call({ path: paths.loadFileAndKid, query: { recording_id: recordingId }, schema: audioKey })
  const signed = await api.call({
    path: paths.sendKeyAuthorizedUser,
    query: { recording_id: recordingId, kid: key.kid },
    schema: signedAudio,
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
