import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '#contract/accounts'
import { endpoints, pathTemplateOf, type Endpoint } from '#contract/endpoints'
import { paths } from '#contract/paths'
import { callEvaluations, recordings } from '#api/db/schema'
import { createAudioSigner } from '#api/modules/evaluations/audio-url'
import { talkAudioSigner } from '#api/modules/chatbot/audio-link'
import { createLinkSigner, IMAGE_LINK_TTL_S } from '#api/lib/signed-link'
import { testEnv, type TestApp } from '#api/test-utils'
import { envelopeProblem } from './envelope'
import {
  expiredToken,
  otherUser,
  ownedBy,
  ROLES,
  setupSecurityApp,
  signInDemo,
  TINY_PNG,
  type Auth,
  type Owned,
} from './fixtures'
import { encodeMultipart, type MultipartPart } from './openapi-arbitraries'

/*
 * Issue 13: every operation × (no token, expired token, wrong role, another owner). Who may call an
 * endpoint (public, signed link, signed in, or which roles) comes from the endpoint table
 * (contract/endpoints.ts, docs/decisions/014), which the API registers its routes from; the rows
 * below add how to aim a request at another owner's object, and the kind of object it reaches. The
 * rows must name exactly the routes the app has, so a new endpoint cannot be left out.
 *
 * "Another owner": the object is made by user A (a fresh agent, or for evaluations the call's agent)
 * and asked for by user B of an allowed role who is neither an admin nor A's overseer. Each such
 * check also sends the same request as A, which must not be refused, so a refusal is about who asks.
 */

type Kind =
  /** An upload to speech recognition, read: its owner, admins, QA supervisors; others 404. */
  | 'recording'
  /** An upload changed or deleted: its owner or an admin; 403 for other readers, 404 for the rest. */
  | 'recording-change'
  /** A recording's audio key: readers of the upload, or of an evaluation that uses the recording; others 404. */
  | 'listenable'
  /** A call evaluation: agents only their own (403), everyone else reads. */
  | 'evaluation'
  /** check_access_status: answers for any call, and says whether the caller may view it. */
  | 'evaluation-access'
  | 'document'
  | 'summary'
  | 'person'
  | 'scan'
  | 'notification'
  /** A scored interaction: agents only their own (403), everyone else reads. */
  | 'scoring-item'
  /** Signed links (no bearer token): a link made out to B for A's object. */
  | 'signed-recording'
  | 'signed-page'
  | 'signed-photo'
  | 'signed-scan-photo'
  /** A chatbot conversation, read: its owner, QA supervisors and admins; others 404. */
  | 'conversation'
  /** A conversation carried on, rated or handed off: its owner alone; everyone else 404. */
  | 'conversation-change'
  /** A voice message's signed link. */
  | 'signed-talk'

type Call = { method: string; url: string; json?: unknown; multipart?: MultipartPart[] }

type Target = {
  owned: Owned
  /** A seeded call evaluation of another agent than the demo agent, and its recording. */
  evaluation: { id: number; recordingId: number; kid: string }
  /** A signed link's query for `uid` (or expired). */
  sign: (kind: 'recording' | 'page' | 'photo' | 'scan' | 'talk', id: number, uid: number, expired?: boolean) => string
}

type Row = {
  /**
   * Roles the object's rule admits when it is narrower than the endpoint's access in the contract
   * (which is otherwise the one source of who may call: contract/endpoints.ts).
   */
  roles?: readonly Role[]
  owner?: Kind
  /** The request, aimed at the target's objects (absent for public rows). */
  call?: (target: Target, as?: Auth) => Call
}

const reviewers = ['admin', 'qa_supervisor', 'auditor'] as const

const get = (url: string): Call => ({ method: 'GET', url })
const q = (url: string, query: Record<string, string | number>) =>
  `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`
const photoPart = (name: string): MultipartPart => ({ name, filename: 'a.png', type: 'image/png', bytes: TINY_PNG })

const dashboards = [
  'call_evaluation_dashboard',
  'agent_highlight_dashboard',
  'agent-leader-board',
  'outlier_agent_report',
  'failed_category_count',
  'agent_scoring_vs_sentiment',
  'top_violations_by_categories',
  'top_ten_violations',
  'agent_performance',
  'purpose_call_distribution',
  'call_sentiment_vs_score',
  'ai_auditor_agreement',
  'audit_productivity',
]
const accessLists = [
  'department_list',
  'location_list',
  'role_list',
  'entity_list',
  'company-group-list',
  'company-pay-group-list',
  'job-code-list',
]
const docs = [
  '/api/docs',
  '/api/docs/',
  '/api/docs/static/index.html',
  '/api/docs/static/swagger-initializer.js',
  '/api/docs/*',
  '/api/docs/json',
  '/api/docs/yaml',
]

const evalRead = (path: string): Row => ({
  owner: 'evaluation',
  call: ({ evaluation }) => get(q(path, { call_evaluation_id: evaluation.id })),
})

/** The authorization table: every route of the API, keyed by "METHOD path" as the OpenAPI document writes it. */
export const table: Record<string, Row> = {
  ...Object.fromEntries(docs.map((p) => [`GET ${p}`, {} satisfies Row])),
  'GET /api/health/': {},
  'POST /api/accounts/login/': {},
  'POST /api/accounts/token/refresh/': {},
  'POST /api/accounts/logout/': {
    call: () => ({ method: 'POST', url: '/api/accounts/logout/', json: {} }),
  },
  'GET /api/accounts/user-detail/': { call: () => get('/api/accounts/user-detail/') },

  'GET /api/notification_center/notifications/': {
    call: () => get('/api/notification_center/notifications/'),
  },
  'POST /api/notification_center/notifications/{id}/read/': {
    owner: 'notification',
    call: ({ owned }) => ({
      method: 'POST',
      url: `/api/notification_center/notifications/${owned.notification}/read/`,
    }),
  },
  'GET /api/base/lookups/domain/': { call: () => get('/api/base/lookups/domain/') },
  'GET /api/base/lookups/language/': { call: () => get('/api/base/lookups/language/') },
  'GET /api/call_evaluation/campaigns/': { call: () => get('/api/call_evaluation/campaigns/') },
  'GET /api/call_evaluation/services/': { call: () => get('/api/call_evaluation/services/') },
  'GET /api/call_evaluation/lookup/evaluation-type/': {
    call: () => get('/api/call_evaluation/lookup/evaluation-type/'),
  },

  'GET /api/call_evaluation/template/': { call: () => get('/api/call_evaluation/template/') },
  'DELETE /api/call_evaluation/template/': {
    call: () => ({
      method: 'DELETE',
      url: q('/api/call_evaluation/template/', { template_internal_id: '00000000-0000-4000-8000-000000000000' }),
    }),
  },
  'POST /api/call_evaluation/create-template/': {
    call: () => ({ method: 'POST', url: '/api/call_evaluation/create-template/', json: {} }),
  },
  'PUT /api/call_evaluation/update-template/': {
    call: () => ({ method: 'PUT', url: '/api/call_evaluation/update-template/', json: {} }),
  },

  'GET /api/call_evaluation/list/': { call: () => get('/api/call_evaluation/list/') },
  'GET /api/call_evaluation/export/': { call: () => get('/api/call_evaluation/export/') },
  'GET /api/call_evaluation/check_access_status/': {
    owner: 'evaluation-access',
    call: ({ evaluation }) =>
      get(q('/api/call_evaluation/check_access_status/', { call_evaluation_id: evaluation.id })),
  },
  'GET /api/call_evaluation/details/': evalRead('/api/call_evaluation/details/'),
  'GET /api/call_evaluation/manual_review/': evalRead('/api/call_evaluation/manual_review/'),
  'GET /api/call_evaluation/sentiment_analysis/': evalRead('/api/call_evaluation/sentiment_analysis/'),
  'GET /api/call_evaluation/sentiment_word_cloud/': evalRead('/api/call_evaluation/sentiment_word_cloud/'),
  'GET /api/call_evaluation/sentiment_timing/': evalRead('/api/call_evaluation/sentiment_timing/'),
  'GET /api/call_evaluation/emotion_analysis/': evalRead('/api/call_evaluation/emotion_analysis/'),
  'GET /api/call_evaluation/get_action_status/': {
    owner: 'evaluation',
    call: ({ evaluation }) => get(q('/api/call_evaluation/get_action_status/', { ca_audit_id: evaluation.id })),
  },
  'PUT /api/call_evaluation/profanity_identification/': {
    owner: 'evaluation',
    call: ({ evaluation }) => ({
      method: 'PUT',
      url: '/api/call_evaluation/profanity_identification/',
      json: { call_evaluation_id: evaluation.id },
    }),
  },
  'PUT /api/call_evaluation/change_status/': {
    roles: ['admin', 'qa_supervisor', 'auditor', 'agent'],
    owner: 'evaluation',
    // acknowledged is open to the call's agent from ai_evaluated and reviewed; a refusal comes before any move
    call: ({ evaluation }) => ({
      method: 'PUT',
      url: '/api/call_evaluation/change_status/',
      json: { call_evaluation_id: evaluation.id, status: 'disputed', comment: 'matrix' },
    }),
  },
  'PUT /api/call_evaluation/access_start_end_time/': {
    roles: reviewers,
    call: ({ evaluation }) => ({
      method: 'PUT',
      url: '/api/call_evaluation/access_start_end_time/',
      json: { action: 'start', call_evaluation_id: evaluation.id },
    }),
  },
  'POST /api/call_evaluation/rescore/': {
    call: ({ evaluation }) => ({
      method: 'POST',
      url: '/api/call_evaluation/rescore/',
      json: { call_evaluation_id: evaluation.id },
    }),
  },
  'PUT /api/call_evaluation/manual_review/': {
    call: ({ evaluation }) => ({
      method: 'PUT',
      url: '/api/call_evaluation/manual_review/',
      json: { call_evaluation_id: evaluation.id, rows: [{ internal_id: 1, value: 'yes' }] },
    }),
  },
  'GET /api/call_evaluation/load_file_and_kid/': {
    owner: 'listenable',
    call: ({ owned }) => get(q('/api/call_evaluation/load_file_and_kid/', { recording_id: owned.recording })),
  },
  'GET /api/call_evaluation/send-key-authorized-user/': {
    owner: 'listenable',
    call: ({ owned }) =>
      get(
        q('/api/call_evaluation/send-key-authorized-user/', { recording_id: owned.recording, kid: owned.recordingKid }),
      ),
  },
  'GET /api/call_evaluation/recording-audio/{id}/': {
    owner: 'signed-recording',
    call: ({ owned, sign }, as) =>
      get(`${paths.recordingAudio(owned.recording)}?${sign('recording', owned.recording, as?.id ?? 0)}`),
  },
  ...Object.fromEntries(
    dashboards.map((d) => [
      `GET /api/call_evaluation/${d}/`,
      { call: () => get(`/api/call_evaluation/${d}/`) } satisfies Row,
    ]),
  ),
  'GET /api/users/project-list/': { call: () => get('/api/users/project-list/') },

  'GET /api/accounts/users/': { call: () => get('/api/accounts/users/') },
  'GET /api/accounts/user_by_id/{id}/': {
    call: () => get('/api/accounts/user_by_id/1/'),
  },
  'POST /api/accounts/create_user/': {
    call: () => ({ method: 'POST', url: '/api/accounts/create_user/', json: {} }),
  },
  'PUT /api/accounts/edit_user/': {
    call: () => ({ method: 'PUT', url: '/api/accounts/edit_user/', json: {} }),
  },
  'PATCH /api/accounts/deactivate_user/{id}/': {
    call: () => ({ method: 'PATCH', url: '/api/accounts/deactivate_user/2147483647/' }),
  },
  'POST /api/accounts/user-upload/': {
    call: () => ({
      method: 'POST',
      url: '/api/accounts/user-upload/',
      multipart: [{ name: 'file', filename: 'u.csv', type: 'text/csv', bytes: Buffer.from('email\n') }],
    }),
  },
  'GET /api/accounts/export-user-list/': {
    call: () => get('/api/accounts/export-user-list/'),
  },
  'GET /api/accounts/user_list/agent/': { call: () => get('/api/accounts/user_list/agent/') },
  'GET /api/accounts/user_list/qa_supervisor/': {
    call: () => get('/api/accounts/user_list/qa_supervisor/'),
  },
  ...Object.fromEntries(
    accessLists.map((l) => [`GET /api/access_mgmt/${l}/`, { call: () => get(`/api/access_mgmt/${l}/`) } satisfies Row]),
  ),

  'GET /api/speech_recognition/engine/': { call: () => get('/api/speech_recognition/engine/') },
  'POST /api/speech_recognition/upload_recording/': {
    call: () => ({ method: 'POST', url: '/api/speech_recognition/upload_recording/', multipart: [] }),
  },
  'GET /api/speech_recognition/upload_recording/': {
    call: () => get('/api/speech_recognition/upload_recording/'),
  },
  'GET /api/speech_recognition/upload_recording_kpi/': {
    call: () => get('/api/speech_recognition/upload_recording_kpi/'),
  },
  'GET /api/speech_recognition/recording_status/': {
    owner: 'recording',
    call: ({ owned }) => get(q('/api/speech_recognition/recording_status/', { recording_id: owned.recording })),
  },
  'PUT /api/speech_recognition/update_transcription/': {
    owner: 'recording-change',
    call: ({ owned }) => ({
      method: 'PUT',
      url: '/api/speech_recognition/update_transcription/',
      json: {
        recording_id: owned.recording,
        segments: [
          { speaker: 'agent', text: 'Edited line one' },
          { speaker: 'customer', text: 'Edited line two' },
        ],
      },
    }),
  },
  'DELETE /api/speech_recognition/update_transcription/': {
    owner: 'recording-change',
    call: ({ owned }) => ({
      method: 'DELETE',
      url: q('/api/speech_recognition/update_transcription/', { recording_id: owned.recording }),
    }),
  },
  'PUT /api/speech_recognition/update_summary/': {
    owner: 'recording-change',
    call: ({ owned }) => ({
      method: 'PUT',
      url: '/api/speech_recognition/update_summary/',
      json: { recording_id: owned.recording, summary: 'An edited summary.' },
    }),
  },

  'POST /api/summarization/summarize/': {
    call: () => ({
      method: 'POST',
      url: '/api/summarization/summarize/?wait=0',
      json: { text: 'Short text to summarise. It has two sentences.', summary_type: 'brief' },
    }),
  },
  'GET /api/summarization/summarize/': { call: () => get('/api/summarization/summarize/') },
  'DELETE /api/summarization/summarize/': {
    owner: 'summary',
    call: ({ owned }) => ({ method: 'DELETE', url: q('/api/summarization/summarize/', { summary_id: owned.summary }) }),
  },
  'GET /api/summarization/summary_status/': {
    owner: 'summary',
    call: ({ owned }) => get(q('/api/summarization/summary_status/', { summary_id: owned.summary })),
  },
  'GET /api/summarization/summary_types/': { call: () => get('/api/summarization/summary_types/') },
  'GET /api/summarization/summarize-chart/': { call: () => get('/api/summarization/summarize-chart/') },
  'GET /api/summarization/summarize-kpi/': { call: () => get('/api/summarization/summarize-kpi/') },

  'POST /api/agent_scoring/create/': {
    call: () => ({
      method: 'POST',
      url: '/api/agent_scoring/create/',
      json: { channel: 'chat', text: 'Agent: Hello' },
    }),
  },
  'GET /api/agent_scoring/details/': {
    owner: 'scoring-item',
    call: ({ owned }) => get(q('/api/agent_scoring/details/', { item_id: owned.scoringItem })),
  },
  'PUT /api/agent_scoring/claim/': {
    call: ({ owned }) => ({ method: 'PUT', url: '/api/agent_scoring/claim/', json: { item_id: owned.scoringItem } }),
  },
  'PUT /api/agent_scoring/rescore/': {
    call: ({ owned }) => ({ method: 'PUT', url: '/api/agent_scoring/rescore/', json: { item_id: owned.scoringItem } }),
  },
  'PUT /api/agent_scoring/decision/': {
    call: ({ owned }) => ({
      method: 'PUT',
      url: '/api/agent_scoring/decision/',
      json: { item_id: owned.scoringItem, decision: 'accept' },
    }),
  },
  // lists and figures: an agent's answer holds only their own items (api/modules/agent-scoring/routes.test.ts)
  'GET /api/agent_scoring/list/': { call: () => get(q('/api/agent_scoring/list/', { bucket: 'pending' })) },
  'GET /api/agent_scoring/kpi/': { call: () => get('/api/agent_scoring/kpi/') },
  'GET /api/agent_scoring/export/': { call: () => get(q('/api/agent_scoring/export/', { bucket: 'pending' })) },
  'GET /api/agent_scoring/calibration/': {
    call: () =>
      get(q('/api/agent_scoring/calibration/', { template_internal_id: '00000000-0000-4000-8000-000000000000' })),
  },

  'POST /api/ocr/upload_document/': {
    call: () => ({ method: 'POST', url: '/api/ocr/upload_document/', multipart: [] }),
  },
  'GET /api/ocr/upload_document/': { call: () => get('/api/ocr/upload_document/') },
  'DELETE /api/ocr/upload_document/': {
    owner: 'document',
    call: ({ owned }) => ({ method: 'DELETE', url: q('/api/ocr/upload_document/', { document_id: owned.document }) }),
  },
  'GET /api/ocr/get_document_details/': {
    owner: 'document',
    call: ({ owned }) => get(q('/api/ocr/get_document_details/', { document_id: owned.document })),
  },
  'GET /api/ocr/page_image/{documentId}/{page}/': {
    owner: 'signed-page',
    call: ({ owned, sign }, as) =>
      get(`${paths.ocrPageImage(owned.document, 1)}?${sign('page', owned.document, as?.id ?? 0)}`),
  },
  'PUT /api/ocr/insights_chatbot/': {
    owner: 'document',
    call: ({ owned }) => ({
      method: 'PUT',
      url: '/api/ocr/insights_chatbot/',
      json: { document_id: owned.document, question: 'What is the total?' },
    }),
  },
  'GET /api/ocr/upload_document_kpi/': { call: () => get('/api/ocr/upload_document_kpi/') },

  'POST /api/face_recognition/people/': {
    call: () => ({ method: 'POST', url: '/api/face_recognition/people/', multipart: [] }),
  },
  'GET /api/face_recognition/people/': { call: () => get('/api/face_recognition/people/') },
  'GET /api/face_recognition/people/{id}/': {
    owner: 'person',
    call: ({ owned }) => get(`/api/face_recognition/people/${owned.person}/`),
  },
  'PUT /api/face_recognition/people/{id}/': {
    owner: 'person',
    call: ({ owned }) => ({
      method: 'PUT',
      url: `/api/face_recognition/people/${owned.person}/`,
      json: { name: 'Renamed', external_id: 'E-2' },
    }),
  },
  'DELETE /api/face_recognition/people/{id}/': {
    owner: 'person',
    call: ({ owned }) => ({ method: 'DELETE', url: `/api/face_recognition/people/${owned.person}/` }),
  },
  'POST /api/face_recognition/verify/': {
    owner: 'person',
    call: ({ owned }) => ({
      method: 'POST',
      url: '/api/face_recognition/verify/',
      multipart: [{ name: 'person_id', value: String(owned.person) }, photoPart('photo')],
    }),
  },
  'POST /api/face_recognition/identify/': {
    call: () => ({ method: 'POST', url: '/api/face_recognition/identify/', multipart: [] }),
  },
  'GET /api/face_recognition/scans/': { call: () => get('/api/face_recognition/scans/') },
  'GET /api/face_recognition/scans/{id}/': {
    owner: 'scan',
    call: ({ owned }) => get(`/api/face_recognition/scans/${owned.scan}/`),
  },
  'DELETE /api/face_recognition/scans/{id}/': {
    owner: 'scan',
    call: ({ owned }) => ({ method: 'DELETE', url: `/api/face_recognition/scans/${owned.scan}/` }),
  },
  'GET /api/face_recognition/scan_kpi/': { call: () => get('/api/face_recognition/scan_kpi/') },
  'GET /api/face_recognition/photo/{id}/': {
    owner: 'signed-photo',
    call: ({ owned, sign }, as) => get(`${paths.facePhoto(owned.photo)}?${sign('photo', owned.photo, as?.id ?? 0)}`),
  },
  'GET /api/face_recognition/scan_photo/{id}/': {
    owner: 'signed-scan-photo',
    call: ({ owned, sign }, as) => get(`${paths.faceScanPhoto(owned.scan)}?${sign('scan', owned.scan, as?.id ?? 0)}`),
  },

  'POST /api/chatbot/converse/': {
    owner: 'conversation-change',
    call: ({ owned }) => ({
      method: 'POST',
      url: '/api/chatbot/converse/',
      json: {
        channel: 'chat_with_us',
        campaign_id: owned.conversationCampaign,
        message: 'And on Saturdays?',
        conversation_id: owned.conversation,
      },
    }),
  },
  'POST /api/chatbot/talk/': { call: () => ({ method: 'POST', url: '/api/chatbot/talk/', multipart: [] }) },
  'GET /api/chatbot/talk_audio/{id}/': {
    owner: 'signed-talk',
    call: ({ owned, sign }, as) =>
      get(`/api/chatbot/talk_audio/${owned.chatAnswer}/?${sign('talk', owned.chatAnswer, as?.id ?? 0)}`),
  },
  'GET /api/chatbot/conversations/': { call: () => get('/api/chatbot/conversations/') },
  'GET /api/chatbot/conversations/{id}/': {
    owner: 'conversation',
    call: ({ owned }) => get(`/api/chatbot/conversations/${owned.conversation}/`),
  },
  'GET /api/chatbot/conversations/{id}/transcript/': {
    owner: 'conversation',
    call: ({ owned }) => get(`/api/chatbot/conversations/${owned.conversation}/transcript/`),
  },
  'GET /api/chatbot/conversations_export/': { call: () => get('/api/chatbot/conversations_export/') },
  'GET /api/chatbot/kpi/': { call: () => get('/api/chatbot/kpi/') },
  'POST /api/chatbot/feedback/': {
    owner: 'conversation-change',
    call: ({ owned }) => ({
      method: 'POST',
      url: '/api/chatbot/feedback/',
      json: { message_id: owned.chatAnswer, rating: 'up' },
    }),
  },
  'POST /api/chatbot/handoff/': {
    owner: 'conversation-change',
    call: ({ owned }) => ({
      method: 'POST',
      url: '/api/chatbot/handoff/',
      json: { conversation_id: owned.conversation, callback: { name: 'Sam Lee', phone: '+44 7700 900123' } },
    }),
  },
  'GET /api/chatbot/handoffs/': { call: () => get('/api/chatbot/handoffs/') },
  'PUT /api/chatbot/handoffs/': {
    call: () => ({ method: 'PUT', url: '/api/chatbot/handoffs/', json: { handoff_id: 999_999, action: 'accept' } }),
  },
  'GET /api/chatbot/articles/': { call: () => get('/api/chatbot/articles/') },
  'GET /api/chatbot/articles/{id}/': { call: () => get('/api/chatbot/articles/1/') },
  'POST /api/chatbot/articles/': { call: () => ({ method: 'POST', url: '/api/chatbot/articles/', json: {} }) },
  'PUT /api/chatbot/articles/': { call: () => ({ method: 'PUT', url: '/api/chatbot/articles/', json: {} }) },
  'DELETE /api/chatbot/articles/': {
    call: () => ({ method: 'DELETE', url: q('/api/chatbot/articles/', { article_id: 999_999 }) }),
  },
  'GET /api/chatbot/gaps/': { call: () => get('/api/chatbot/gaps/') },
  'GET /api/reshub/sites/': { call: () => get('/api/reshub/sites/') },
  'GET /api/reshub/practitioners/': { call: () => get('/api/reshub/practitioners/') },
  'GET /api/reshub/services/': { call: () => get('/api/reshub/services/') },
  'GET /api/reshub/slots/': {
    call: () => get(q('/api/reshub/slots/', { service_id: 999_999, date_from: '2026-03-02', date_to: '2026-03-02' })),
  },
  'GET /api/reshub/appointments/': { call: () => get('/api/reshub/appointments/') },
  'POST /api/reshub/appointments/': { call: () => ({ method: 'POST', url: '/api/reshub/appointments/', json: {} }) },
  'GET /api/reshub/appointments/{id}/': { call: () => get('/api/reshub/appointments/999999/') },
  'PUT /api/reshub/appointments/{id}/': {
    call: () => ({ method: 'PUT', url: '/api/reshub/appointments/999999/', json: { start: '2026-03-02T09:00:00Z' } }),
  },
  'PUT /api/reshub/appointments/{id}/status/': {
    call: () => ({ method: 'PUT', url: '/api/reshub/appointments/999999/status/', json: { status: 'arrived' } }),
  },
  'GET /api/reshub/appointments/{id}/ics/': { call: () => get('/api/reshub/appointments/999999/ics/') },
  'GET /api/reshub/practitioners/{id}/ics/': { call: () => get('/api/reshub/practitioners/999999/ics/') },
  'GET /api/reshub/waitlist/': { call: () => get('/api/reshub/waitlist/') },
  'POST /api/reshub/waitlist/': { call: () => ({ method: 'POST', url: '/api/reshub/waitlist/', json: {} }) },
  'GET /api/reshub/tasks/': { call: () => get('/api/reshub/tasks/') },
  'PUT /api/reshub/tasks/': { call: () => ({ method: 'PUT', url: '/api/reshub/tasks/', json: {} }) },
  'GET /api/reshub/kpi/': { call: () => get('/api/reshub/kpi/') },
  'GET /api/emr/patients/': { call: () => get('/api/emr/patients/') },
  'GET /api/emr/patients/{id}/': { call: () => get('/api/emr/patients/999999/') },
  'GET /api/emr/patients/{id}/summary/': { call: () => get('/api/emr/patients/999999/summary/') },
  'GET /api/emr/access_log/': { call: () => get('/api/emr/access_log/') },
}

/**
 * "Another owner": who asks for A's object, and the answer they get. Overseers (who read everyone's)
 * are left out, except where the rule gives them their own answer (a QA supervisor reads an upload
 * but may not change it: 403).
 */
const otherOwner: Record<Kind, { as: readonly Role[]; status: number }[]> = {
  recording: [{ as: ['auditor', 'agent', 'visitor'], status: 404 }],
  'recording-change': [
    { as: ['auditor', 'agent', 'visitor'], status: 404 },
    { as: ['qa_supervisor'], status: 403 },
  ],
  listenable: [{ as: ['auditor', 'agent', 'visitor'], status: 404 }],
  evaluation: [{ as: ['agent'], status: 403 }],
  'evaluation-access': [{ as: ['agent'], status: 200 }],
  document: [{ as: ['admin', 'qa_supervisor', 'auditor', 'agent', 'visitor'], status: 404 }],
  summary: [{ as: ['admin', 'qa_supervisor', 'auditor', 'agent', 'visitor'], status: 404 }],
  person: [{ as: ['qa_supervisor', 'auditor', 'agent', 'visitor'], status: 404 }],
  scan: [{ as: ['qa_supervisor', 'auditor', 'agent', 'visitor'], status: 404 }],
  notification: [{ as: ['admin', 'qa_supervisor', 'auditor', 'agent', 'visitor'], status: 404 }],
  'scoring-item': [{ as: ['agent'], status: 403 }],
  // a link made out to someone the rule does not admit is an invalid link (decision 012): the link is refused, not the object
  'signed-recording': [{ as: ['auditor', 'agent', 'visitor'], status: 403 }],
  'signed-page': [{ as: ['admin', 'qa_supervisor', 'auditor', 'agent', 'visitor'], status: 403 }],
  'signed-photo': [{ as: ['qa_supervisor', 'auditor', 'agent', 'visitor'], status: 403 }],
  'signed-scan-photo': [{ as: ['qa_supervisor', 'auditor', 'agent', 'visitor'], status: 403 }],
  conversation: [{ as: ['auditor', 'agent', 'visitor'], status: 404 }],
  'conversation-change': [{ as: ['admin', 'qa_supervisor', 'auditor', 'agent', 'visitor'], status: 404 }],
  'signed-talk': [{ as: ['auditor', 'agent', 'visitor'], status: 403 }],
}

type Case = { key: string; column: string; as?: Role; expected: number }

/** The contract's endpoints by "METHOD path", as the app and the OpenAPI document write them. */
const byKey = new Map<string, Endpoint>(
  Object.values(endpoints).map((e) => [`${e.method} ${pathTemplateOf(e.path)}`, e]),
)

/** How a caller proves who they are, from the contract: nothing, a signed link, or a bearer token. */
function authOf(key: string): 'public' | 'signed' | 'bearer' {
  const access = byKey.get(key)?.access ?? 'public' // the docs, which are not API endpoints
  return access === 'public' ? 'public' : access === 'signed-link' ? 'signed' : 'bearer'
}

/** The roles that may call, from the contract, narrowed where the row says the object's rule is narrower. */
function rolesOf(key: string, row: Row): readonly Role[] | undefined {
  const access = byKey.get(key)?.access
  return row.roles ?? (Array.isArray(access) ? (access as readonly Role[]) : undefined)
}

/** Every check the table asks for, one test each. */
function casesOf(): Case[] {
  const cases: Case[] = []
  for (const [key, row] of Object.entries(table)) {
    const auth = authOf(key)
    const roles = rolesOf(key, row)
    if (auth === 'public') continue
    const denied = auth === 'signed' ? 403 : 401
    cases.push({ key, column: auth === 'signed' ? 'no signature' : 'no token', expected: denied })
    cases.push({ key, column: auth === 'signed' ? 'expired link' : 'expired token', expected: denied })
    for (const role of ROLES) {
      if (auth === 'bearer' && roles && !roles.includes(role))
        cases.push({ key, column: 'wrong role', as: role, expected: 403 })
    }
    for (const { as, status } of row.owner ? otherOwner[row.owner] : []) {
      for (const role of as) {
        if (roles && !roles.includes(role)) continue
        cases.push({ key, column: 'another owner', as: role, expected: status })
        if (row.owner === 'listenable' && role === 'agent') {
          cases.push({ key, column: "another agent's call recording", as: role, expected: 404 })
        }
      }
    }
  }
  return cases
}

let t: TestApp
let demo: Record<Role, Auth>
/** Users of each role who oversee nobody and own nothing yet (B); A is a fresh agent. */
let others: Record<Role, Auth>
let ownerA: Auth
let evaluation: Target['evaluation']

const audioSigner = createAudioSigner(testEnv.jwtSecret)
const imageSigner = createLinkSigner(testEnv.jwtSecret, 'image-url', IMAGE_LINK_TTL_S)
const talkSigner = talkAudioSigner(testEnv.jwtSecret)
const EXPIRED = Date.now() - 60 * 60 * 1000

function sign(kind: 'recording' | 'page' | 'photo' | 'scan' | 'talk', id: number, uid: number, expired = false) {
  const now = expired ? EXPIRED : Date.now()
  if (kind === 'recording') return audioSigner.sign(id, uid, now).url.split('?')[1]!
  if (kind === 'talk') return talkSigner.sign(String(id), uid, now).query.toString()
  const path =
    kind === 'page' ? paths.ocrPageImage(id, 1) : kind === 'photo' ? paths.facePhoto(id) : paths.faceScanPhoto(id)
  return imageSigner.sign(path, uid, now).query.toString()
}

async function send(call: Call, headers: Record<string, string>) {
  if (call.multipart) {
    const { payload, contentType } = encodeMultipart(call.multipart)
    return t.app.inject({
      method: call.method as 'POST',
      url: call.url,
      payload,
      headers: { ...headers, 'content-type': contentType },
    })
  }
  if (call.json !== undefined) {
    return t.app.inject({
      method: call.method as 'POST',
      url: call.url,
      payload: JSON.stringify(call.json),
      headers: { ...headers, 'content-type': 'application/json' },
    })
  }
  return t.app.inject({ method: call.method as 'GET', url: call.url, headers })
}

beforeAll(async () => {
  t = await setupSecurityApp()
  demo = await signInDemo(t)
  others = {} as Record<Role, Auth>
  for (const role of ROLES) others[role] = await otherUser(t, role)
  ownerA = await otherUser(t, 'agent')
  const [row] = await t.db
    .select({ id: callEvaluations.id, recordingId: callEvaluations.recordingId })
    .from(callEvaluations)
    .where(and(ne(callEvaluations.agentId, demo.agent.id), eq(callEvaluations.channel, 'call')))
    .limit(1)
  const [rec] = await t.db.select({ kid: recordings.kid }).from(recordings).where(eq(recordings.id, row!.recordingId!))
  evaluation = { id: row!.id, recordingId: row!.recordingId!, kid: rec!.kid }
}, 180_000)

afterAll(async () => {
  await t?.close()
})

/** Every route the app answers, as "METHOD path" with {param} (HEAD, which Fastify adds to each GET, left out). */
function appRoutes(): string[] {
  const tree = t.app.printRoutes({ commonPrefix: false })
  const stack: string[] = []
  const routes: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line)
    if (!match) continue
    const depth = match[1]!.length / 4
    stack.length = depth
    const path = (stack[depth - 1] ?? '') + match[2]!
    stack[depth] = path
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) {
      routes.push(`${method} ${pathTemplateOf(path)}`)
    }
  }
  return routes.sort()
}

describe('the authorization table', () => {
  it('names exactly the routes the app has (a new route needs a row)', () => {
    const routes = appRoutes()
    expect(routes.length).toBeGreaterThan(80)
    const missing = routes.filter((r) => !(r in table))
    const stale = Object.keys(table).filter((k) => !routes.includes(k))
    expect({ missing, stale }).toEqual({ missing: [], stale: [] })
  })

  it('names every endpoint of the contract', () => {
    expect([...byKey.keys()].filter((key) => !(key in table))).toEqual([])
  })

  it('names every operation of the OpenAPI document', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> }
    const ops = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
    )
    expect(ops.filter((op) => !(op in table))).toEqual([])
  })
})

describe.each(casesOf())('$key: $column $as', ({ key, column, as, expected }) => {
  it(`answers ${expected}`, async () => {
    const row = table[key]!
    const owned = await ownedBy(t, ownerA.id, 'matrix')
    const target: Target = { owned, evaluation, sign }
    if (column === "another agent's call recording") {
      // the seeded call's recording, asked for by an agent who is not that call's agent
      target.owned = { ...owned, recording: evaluation.recordingId, recordingKid: evaluation.kid }
    }
    let res
    if (authOf(key) === 'signed') {
      const who = column === 'another owner' ? others[as!] : ownerA
      let call = row.call!(target, who)
      if (column === 'no signature') call = { ...call, url: call.url.split('?')[0]! }
      if (column === 'expired link') call = { ...call, url: `${call.url.split('?')[0]}?${expiredQuery(row, target)}` }
      res = await send(call, {})
    } else {
      const call = row.call!(target)
      // B: for calls, the demo agent (the seeded call is another agent's); else a fresh user of the role
      const asker =
        column === "another agent's call recording" ||
        (column === 'another owner' && row.owner?.startsWith('evaluation'))
          ? demo.agent
          : column === 'another owner'
            ? others[as!]
            : as
              ? demo[as]
              : ownerA
      const headers =
        column === 'no token'
          ? {}
          : column === 'expired token'
            ? { authorization: `Bearer ${await expiredToken(ownerA)}` }
            : asker.headers
      res = await send(call, headers)
    }
    const detail = `${key} ${column} ${as ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`
    expect(res.statusCode, detail).toBe(expected)
    if (expected >= 400) expect(envelopeProblem(res.headers['content-type'], res.body), detail).toBeNull()

    // the same request by the owner (A, or the call's agent) is not refused: the refusal was about who asked
    if (column === 'another owner' && row.owner !== 'evaluation-access') {
      const control =
        authOf(key) === 'signed'
          ? await send(row.call!(target, ownerA), {})
          : row.owner?.startsWith('evaluation')
            ? null
            : await send(row.call!(target), ownerA.headers)
      if (control) {
        expect(
          [401, 403, 404],
          `the owner's own request: ${control.statusCode} ${control.body.slice(0, 200)}`,
        ).not.toContain(control.statusCode)
        expect(control.statusCode).toBeLessThan(500)
      }
    }
  })
})

function expiredQuery(row: Row, target: Target) {
  const url = row.call!({ ...target, sign: (kind, id, uid) => sign(kind, id, uid, true) }, ownerA).url
  return url.split('?')[1]!
}

describe('the user directory (user_list/agent/, user_list/qa_supervisor/)', () => {
  it.each(ROLES.flatMap((role) => (['agent', 'qa_supervisor'] as const).map((list) => ({ role, list }))))(
    'as $role, $list: names for everyone, e-mails and employee codes only for admins and QA supervisors',
    async ({ role, list }) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/accounts/user_list/${list}/`,
        headers: demo[role].headers,
      })
      expect(res.statusCode).toBe(200)
      const rows = res.json().data.results as Record<string, unknown>[]
      expect(rows.length).toBeGreaterThan(0)
      for (const r of rows) expect(typeof r.name).toBe('string')
      const private_ = rows.filter((r) => (r.email ?? null) !== null || (r.employee_code ?? null) !== null)
      if (role === 'admin' || role === 'qa_supervisor') expect(rows.some((r) => typeof r.email === 'string')).toBe(true)
      else {
        const first = private_[0]
        expect(
          private_.length,
          `${private_.length} rows with an e-mail or employee code, e.g. ${JSON.stringify(first)}`,
        ).toBe(0)
      }
    },
  )
})
