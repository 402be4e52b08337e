import { z } from 'zod'
import type { AnyZodObject, ZodTypeAny } from 'zod'
import type { Role } from './accounts'
import * as accessMgmt from './access-mgmt'
import * as accounts from './accounts'
import * as agentScoring from './agent-scoring'
import * as callEvaluation from './call-evaluation'
import * as dashboards from './dashboards'
import * as envelope from './envelope'
import * as evaluations from './evaluations'
import * as face from './face'
import * as health from './health'
import * as lookups from './lookups'
import * as notifications from './notifications'
import * as ocr from './ocr'
import * as speech from './speech'
import * as summarization from './summarization'
import * as templates from './templates'
import * as users from './users'

/**
 * Every endpoint of the API, declared once (docs/decisions/014): method, path, what it takes and
 * answers, and who may call it. The API registers its routes from this table, the portal calls by
 * it, the test mocks are built from it, the OpenAPI document comes from it (the key is the
 * operationId), and the authorization matrix walks it.
 */

/**
 * Who may call an endpoint: anyone (sign-in, health); whoever holds a signed link (audio, images:
 * the signature is the credential); any signed-in user (the object's own access rule still applies,
 * api/auth/access.ts); or only these roles.
 */
export type Access = 'public' | 'signed-link' | 'signed-in' | readonly Role[]

/** A multipart upload: each file field and how many files it takes (`name?`: optional), its text fields, and the JSON body the same endpoint takes instead, if any. */
export type MultipartForm = { files: Record<string, number>; fields?: AnyZodObject; json?: ZodTypeAny }

/** A download: not enveloped JSON but a file of this media type. */
export type FileResponse = { file: string }

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type Endpoint = {
  method: Method
  /** With `:name` for each path parameter; every path ends with a slash. */
  path: string
  tag: string
  summary: string
  access: Access
  params?: ZodTypeAny
  query?: ZodTypeAny
  /** A JSON body. */
  body?: ZodTypeAny
  multipart?: MultipartForm
  /** The `data` of the `{ data, message }` envelope, or a file. */
  response: ZodTypeAny | FileResponse
  /** 201 for an endpoint that creates; 200 otherwise. */
  status?: 201
  /** The error statuses it may answer besides 400 (every endpoint may answer 400). */
  errors: readonly number[]
  /** Statuses that answer with the enveloped data too (health: 503 with the report of what is down). */
  alsoAnswersWithData?: readonly number[]
}

const endpoint = <const E extends Endpoint>(e: E) => e
const mb = (bytes: number) => bytes / 1024 / 1024

const table = {
  // ---------------------------------------------------------------- accounts
  login: endpoint({
    method: 'POST',
    path: '/api/accounts/login/',
    tag: 'accounts',
    summary: 'Sign in with email and password',
    access: 'public',
    body: accounts.loginBody,
    response: accounts.loginResult,
    errors: [401, 429],
  }),
  tokenRefresh: endpoint({
    method: 'POST',
    path: '/api/accounts/token/refresh/',
    tag: 'accounts',
    summary: 'Rotate a refresh token for a new access and refresh pair',
    access: 'public',
    body: accounts.refreshBody,
    response: accounts.tokenPair,
    errors: [401],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/accounts/logout/',
    tag: 'accounts',
    summary: 'Sign out: revoke the session and the presented refresh token',
    access: 'signed-in',
    body: accounts.logoutBody.nullish(),
    response: z.null(),
    errors: [401],
  }),
  userDetail: endpoint({
    method: 'GET',
    path: '/api/accounts/user-detail/',
    tag: 'accounts',
    summary: 'The signed-in user',
    access: 'signed-in',
    response: accounts.user,
    errors: [401],
  }),

  // ---------------------------------------------------------------- notifications
  listNotifications: endpoint({
    method: 'GET',
    path: '/api/notification_center/notifications/',
    tag: 'notifications',
    summary: "The caller's notifications, newest first",
    access: 'signed-in',
    query: notifications.notificationQuery,
    response: notifications.notificationList,
    errors: [401],
  }),
  markNotificationRead: endpoint({
    method: 'POST',
    path: '/api/notification_center/notifications/:id/read/',
    tag: 'notifications',
    summary: 'Mark one of the caller’s notifications read',
    access: 'signed-in',
    params: envelope.idParam,
    response: notifications.markReadResult,
    errors: [401, 404],
  }),

  // ---------------------------------------------------------------- lookups
  lookupDomain: endpoint({
    method: 'GET',
    path: '/api/base/lookups/domain/',
    tag: 'lookups',
    summary: 'Business domains',
    access: 'signed-in',
    response: lookups.lookupList,
    errors: [401],
  }),
  lookupLanguage: endpoint({
    method: 'GET',
    path: '/api/base/lookups/language/',
    tag: 'lookups',
    summary: 'Languages',
    access: 'signed-in',
    response: lookups.lookupList,
    errors: [401],
  }),

  // ---------------------------------------------------------------- call evaluation
  campaigns: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/campaigns/',
    tag: 'call evaluation',
    summary: 'Campaigns',
    access: 'signed-in',
    response: callEvaluation.campaignList,
    errors: [401],
  }),
  services: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/services/',
    tag: 'call evaluation',
    summary: "Services, optionally of one campaign's",
    access: 'signed-in',
    query: callEvaluation.serviceQuery,
    response: callEvaluation.serviceList,
    errors: [401],
  }),
  evaluationTypes: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/lookup/evaluation-type/',
    tag: 'call evaluation',
    summary: 'Evaluation types',
    access: 'signed-in',
    response: callEvaluation.evaluationTypeList,
    errors: [401],
  }),

  // ---------------------------------------------------------------- templates
  getTemplate: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/template/',
    tag: 'templates',
    summary: 'A page of templates (latest versions), or one template with template_internal_id',
    access: 'signed-in',
    query: templates.templateQuery,
    response: z.union([templates.template, templates.templateList]),
    errors: [401, 404],
  }),
  createTemplate: endpoint({
    method: 'POST',
    path: '/api/call_evaluation/create-template/',
    tag: 'templates',
    summary: 'Create a template',
    access: ['admin', 'qa_supervisor'],
    body: templates.templateInput,
    response: templates.template,
    errors: [401, 403],
  }),
  updateTemplate: endpoint({
    method: 'PUT',
    path: '/api/call_evaluation/update-template/',
    tag: 'templates',
    summary: 'Save a template as a new version (evaluations keep the version they were scored with)',
    access: ['admin', 'qa_supervisor'],
    body: templates.updateTemplateBody,
    response: templates.template,
    errors: [401, 403, 404],
  }),
  archiveTemplate: endpoint({
    method: 'DELETE',
    path: '/api/call_evaluation/template/',
    tag: 'templates',
    summary: 'Delete a template and its versions (archived instead when calls were scored with it)',
    access: ['admin', 'qa_supervisor'],
    query: templates.templateIdQuery,
    response: templates.templateArchived,
    errors: [401, 403, 404],
  }),

  // ---------------------------------------------------------------- call evaluation
  listEvaluations: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/list/',
    tag: 'call evaluation',
    summary: 'A page of call evaluations with filters (agents see only their own)',
    access: 'signed-in',
    query: evaluations.evaluationListQuery,
    response: evaluations.evaluationList,
    errors: [401],
  }),
  checkAccessStatus: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/check_access_status/',
    tag: 'call evaluation',
    summary: 'What the signed-in user may do with a call now (view, review, change status), and why not',
    access: 'signed-in',
    query: evaluations.evaluationIdQuery,
    response: evaluations.accessStatus,
    errors: [401, 404],
  }),
  evaluationDetails: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/details/',
    tag: 'call evaluation',
    summary: 'One call evaluation with its transcript',
    access: 'signed-in',
    query: evaluations.evaluationIdQuery,
    response: evaluations.evaluationDetail,
    errors: [401, 403, 404],
  }),
  changeStatus: endpoint({
    method: 'PUT',
    path: '/api/call_evaluation/change_status/',
    tag: 'call evaluation',
    summary: 'Move an evaluation to another status (reviewers; an agent acknowledges or disputes their own)',
    access: 'signed-in',
    body: evaluations.changeStatusBody,
    response: evaluations.actionStatus,
    errors: [401, 403, 404, 409],
  }),
  getActionStatus: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/get_action_status/',
    tag: 'call evaluation',
    summary: "An evaluation's status, where this user may move it, and its history",
    access: 'signed-in',
    query: evaluations.actionStatusQuery,
    response: evaluations.actionStatus,
    errors: [401, 403, 404],
  }),
  accessStartEndTime: endpoint({
    method: 'PUT',
    path: '/api/call_evaluation/access_start_end_time/',
    tag: 'call evaluation',
    summary: 'Start, keep alive or end a review session (one reviewer holds a call at a time)',
    access: 'signed-in',
    body: evaluations.reviewSessionBody,
    response: evaluations.reviewSession,
    errors: [401, 403, 404, 409],
  }),
  rescore: endpoint({
    method: 'POST',
    path: '/api/call_evaluation/rescore/',
    tag: 'call evaluation',
    summary: 'Score the call again (queued when the API has a job queue, else at once)',
    access: ['admin', 'qa_supervisor', 'auditor'],
    body: evaluations.rescoreBody,
    response: evaluations.evaluationSummary,
    errors: [401, 403, 404, 422],
  }),
  getManualReview: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/manual_review/',
    tag: 'call evaluation',
    summary: "The manual review rows grouped by template category, with the AI's evidence",
    access: 'signed-in',
    query: evaluations.evaluationIdQuery,
    response: evaluations.manualReview,
    errors: [401, 403, 404],
  }),
  saveManualReview: endpoint({
    method: 'PUT',
    path: '/api/call_evaluation/manual_review/',
    tag: 'call evaluation',
    summary: "Save the auditor's answers; recomputes the auditor's score and marks the call reviewed",
    access: ['admin', 'qa_supervisor', 'auditor'],
    body: evaluations.manualReviewBody,
    response: evaluations.manualReview,
    errors: [401, 403, 404, 409],
  }),
  loadFileAndKid: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/load_file_and_kid/',
    tag: 'call evaluation',
    summary: "The recording's key id and type, to ask for a signed audio link",
    access: 'signed-in',
    query: evaluations.recordingIdQuery,
    response: evaluations.audioKey,
    errors: [401, 403, 404],
  }),
  sendKeyAuthorizedUser: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/send-key-authorized-user/',
    tag: 'call evaluation',
    summary: "A signed link to the recording's audio for this user, valid 15 minutes",
    access: 'signed-in',
    query: evaluations.audioKeyQuery,
    response: evaluations.signedAudio,
    errors: [401, 403, 404],
  }),
  recordingAudio: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/recording-audio/:id/',
    tag: 'call evaluation',
    summary: 'The audio (signed link, no bearer token); supports Range requests',
    access: 'signed-link',
    params: envelope.idParam,
    query: envelope.signedLinkQuery,
    response: { file: 'audio/*' },
    errors: [403, 404, 416],
  }),
  sentimentAnalysis: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/sentiment_analysis/',
    tag: 'call evaluation',
    summary: "Each speaker's mean sentiment and how many of their lines lean each way",
    access: 'signed-in',
    query: evaluations.evaluationIdQuery,
    response: evaluations.sentimentAnalysis,
    errors: [401, 403, 404],
  }),
  sentimentWordCloud: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/sentiment_word_cloud/',
    tag: 'call evaluation',
    summary: "The call's most used content words, by speaker and leaning",
    access: 'signed-in',
    query: evaluations.evaluationIdQuery,
    response: evaluations.wordCloudData,
    errors: [401, 403, 404],
  }),
  sentimentTiming: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/sentiment_timing/',
    tag: 'call evaluation',
    summary: 'Sentiment over the call in equal slices, per speaker',
    access: 'signed-in',
    query: evaluations.evaluationIdQuery,
    response: evaluations.sentimentTiming,
    errors: [401, 403, 404],
  }),
  emotionAnalysis: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/emotion_analysis/',
    tag: 'call evaluation',
    summary: "Share of each speaker's words that signal each emotion",
    access: 'signed-in',
    query: evaluations.evaluationIdQuery,
    response: evaluations.emotionAnalysis,
    errors: [401, 403, 404],
  }),
  profanityIdentification: endpoint({
    method: 'PUT',
    path: '/api/call_evaluation/profanity_identification/',
    tag: 'call evaluation',
    summary: 'Profanity in the transcript, censored, with who said it and when (stores nothing)',
    access: 'signed-in',
    body: evaluations.profanityBody,
    response: evaluations.profanityResult,
    errors: [401, 403, 404],
  }),
  evaluationExport: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/export/',
    tag: 'call evaluation',
    summary: 'The filtered evaluation list as CSV (at most 50000 rows; agents get their own calls)',
    access: 'signed-in',
    query: evaluations.evaluationListQuery,
    response: { file: 'text/csv' },
    errors: [401],
  }),

  // ---------------------------------------------------------------- call evaluation dashboards
  callEvaluationDashboard: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/call_evaluation_dashboard/',
    tag: 'call evaluation dashboards',
    summary: 'Call evaluation KPIs and trend',
    access: 'signed-in',
    query: dashboards.callEvaluationDashboardQuery,
    response: dashboards.callEvaluationDashboard,
    errors: [401],
  }),
  agentHighlightDashboard: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/agent_highlight_dashboard/',
    tag: 'call evaluation dashboards',
    summary: 'Best, worst and most improved agents',
    access: 'signed-in',
    query: dashboards.agentHighlightQuery,
    response: dashboards.agentHighlightDashboard,
    errors: [401],
  }),
  agentLeaderBoard: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/agent-leader-board/',
    tag: 'call evaluation dashboards',
    summary: 'Agents ranked by average score',
    access: 'signed-in',
    query: dashboards.agentLeaderBoardQuery,
    response: dashboards.agentLeaderBoard,
    errors: [401],
  }),
  outlierAgentReport: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/outlier_agent_report/',
    tag: 'call evaluation dashboards',
    summary: 'Agents far from the team mean',
    access: 'signed-in',
    query: dashboards.outlierAgentQuery,
    response: dashboards.outlierAgentReport,
    errors: [401],
  }),
  failedCategoryCount: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/failed_category_count/',
    tag: 'call evaluation dashboards',
    summary: 'Failed calls per template category',
    access: 'signed-in',
    query: dashboards.dashboardQuery,
    response: dashboards.failedCategoryCount,
    errors: [401],
  }),
  agentScoringVsSentiment: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/agent_scoring_vs_sentiment/',
    tag: 'call evaluation dashboards',
    summary: 'Average score and customer sentiment per agent',
    access: 'signed-in',
    query: dashboards.dashboardQuery,
    response: dashboards.agentScoringVsSentiment,
    errors: [401],
  }),
  topViolationsByCategories: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/top_violations_by_categories/',
    tag: 'call evaluation dashboards',
    summary: 'Categories with the most failed questions',
    access: 'signed-in',
    query: dashboards.topViolationsByCategoriesQuery,
    response: dashboards.topViolationsByCategories,
    errors: [401],
  }),
  topTenViolations: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/top_ten_violations/',
    tag: 'call evaluation dashboards',
    summary: 'The ten questions failed most often',
    access: 'signed-in',
    query: dashboards.dashboardQuery,
    response: dashboards.topTenViolations,
    errors: [401],
  }),
  agentPerformance: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/agent_performance/',
    tag: 'call evaluation dashboards',
    summary: 'An agent over time and per category, beside the team',
    access: 'signed-in',
    query: dashboards.agentPerformanceQuery,
    response: dashboards.agentPerformance,
    errors: [401],
  }),
  purposeCallDistribution: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/purpose_call_distribution/',
    tag: 'call evaluation dashboards',
    summary: 'Calls per purpose with their average score',
    access: 'signed-in',
    query: dashboards.purposeCallDistributionQuery,
    response: dashboards.purposeCallDistribution,
    errors: [401],
  }),
  callSentimentVsScore: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/call_sentiment_vs_score/',
    tag: 'call evaluation dashboards',
    summary: 'Customer sentiment against score per call, with the correlation',
    access: 'signed-in',
    query: dashboards.callSentimentVsScoreQuery,
    response: dashboards.callSentimentVsScore,
    errors: [401],
  }),
  aiAuditorAgreement: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/ai_auditor_agreement/',
    tag: 'call evaluation dashboards',
    summary: 'How often auditors keep the AI answer',
    access: 'signed-in',
    query: dashboards.aiAuditorAgreementQuery,
    response: dashboards.aiAuditorAgreement,
    errors: [401],
  }),
  auditProductivity: endpoint({
    method: 'GET',
    path: '/api/call_evaluation/audit_productivity/',
    tag: 'call evaluation dashboards',
    summary: 'Reviews and review time per reviewer',
    access: 'signed-in',
    query: dashboards.dashboardQuery,
    response: dashboards.auditProductivity,
    errors: [401],
  }),

  // ---------------------------------------------------------------- users
  projectList: endpoint({
    method: 'GET',
    path: '/api/users/project-list/',
    tag: 'users',
    summary: 'Active agents and QA supervisors, by name',
    access: 'signed-in',
    query: evaluations.projectListQuery,
    response: evaluations.projectList,
    errors: [401],
  }),
  listUsers: endpoint({
    method: 'GET',
    path: '/api/accounts/users/',
    tag: 'users',
    summary: 'A page of users, searched by name or email and filtered by role, department, location and state',
    access: ['admin'],
    query: users.userListQuery,
    response: users.userList,
    errors: [401, 403],
  }),
  userById: endpoint({
    method: 'GET',
    path: '/api/accounts/user_by_id/:id/',
    tag: 'users',
    summary: 'One user with their staff record',
    access: ['admin'],
    params: users.userIdParam,
    response: users.managedUser,
    errors: [401, 403, 404],
  }),
  createUser: endpoint({
    method: 'POST',
    path: '/api/accounts/create_user/',
    tag: 'users',
    summary: 'Create a user (without a password, a temporary one is generated and returned once)',
    access: ['admin'],
    body: users.createUserBody,
    response: users.createUserResult,
    errors: [401, 403, 409],
  }),
  editUser: endpoint({
    method: 'PUT',
    path: '/api/accounts/edit_user/',
    tag: 'users',
    summary: 'Replace a user record (a new password or deactivation ends their sessions)',
    access: ['admin'],
    body: users.editUserBody,
    response: users.managedUser,
    errors: [401, 403, 404, 409],
  }),
  deactivateUser: endpoint({
    method: 'PATCH',
    path: '/api/accounts/deactivate_user/:id/',
    tag: 'users',
    summary: 'Deactivate a user: they cannot sign in and their sessions end at once',
    access: ['admin'],
    params: users.userIdParam,
    response: users.managedUser,
    errors: [401, 403, 404, 409],
  }),
  userUpload: endpoint({
    method: 'POST',
    path: '/api/accounts/user-upload/',
    tag: 'users',
    summary: `Create users from a CSV file (field "file", at most ${mb(users.USER_UPLOAD_MAX_BYTES)} MB and ${users.USER_UPLOAD_MAX_ROWS.toLocaleString('en')} rows): a report per row`,
    access: ['admin'],
    multipart: { files: { file: 1 } },
    response: users.userUploadReport,
    errors: [401, 403, 409, 413, 415],
  }),
  exportUserList: endpoint({
    method: 'GET',
    path: '/api/accounts/export-user-list/',
    tag: 'users',
    summary: 'The filtered user list as CSV (formula-safe)',
    access: ['admin'],
    query: users.exportUserListQuery,
    response: { file: 'text/csv' },
    errors: [401, 403],
  }),
  userListAgent: endpoint({
    method: 'GET',
    path: '/api/accounts/user_list/agent/',
    tag: 'users',
    summary: 'Active agents by name, for pickers (e-mail and employee code for admins and QA supervisors only)',
    access: 'signed-in',
    query: users.staffPickQuery,
    response: users.staffPickList,
    errors: [401],
  }),
  userListQaSupervisor: endpoint({
    method: 'GET',
    path: '/api/accounts/user_list/qa_supervisor/',
    tag: 'users',
    summary: 'Active QA supervisors by name, for pickers (e-mail and employee code for admins and QA supervisors only)',
    access: 'signed-in',
    query: users.staffPickQuery,
    response: users.staffPickList,
    errors: [401],
  }),

  // ---------------------------------------------------------------- access management
  departmentList: endpoint({
    method: 'GET',
    path: '/api/access_mgmt/department_list/',
    tag: 'access management',
    summary: 'Departments (teams) by name',
    access: 'signed-in',
    response: accessMgmt.departmentList,
    errors: [401],
  }),
  locationList: endpoint({
    method: 'GET',
    path: '/api/access_mgmt/location_list/',
    tag: 'access management',
    summary: 'Sites by name (at most `limit`, 250 by default)',
    access: 'signed-in',
    query: accessMgmt.locationListQuery,
    response: accessMgmt.locationList,
    errors: [401],
  }),
  roleList: endpoint({
    method: 'GET',
    path: '/api/access_mgmt/role_list/',
    tag: 'access management',
    summary: 'The roles a user can have',
    access: 'signed-in',
    response: accessMgmt.roleList,
    errors: [401],
  }),
  entityList: endpoint({
    method: 'GET',
    path: '/api/access_mgmt/entity_list/',
    tag: 'access management',
    summary: 'Legal entities of the BPO in use, by name',
    access: 'signed-in',
    response: accessMgmt.entityList,
    errors: [401],
  }),
  companyGroupList: endpoint({
    method: 'GET',
    path: '/api/access_mgmt/company-group-list/',
    tag: 'access management',
    summary: 'Company groups in use, by name',
    access: 'signed-in',
    response: accessMgmt.companyGroupList,
    errors: [401],
  }),
  companyPayGroupList: endpoint({
    method: 'GET',
    path: '/api/access_mgmt/company-pay-group-list/',
    tag: 'access management',
    summary: 'Company pay groups in use, by name',
    access: 'signed-in',
    response: accessMgmt.payGroupList,
    errors: [401],
  }),
  jobCodeList: endpoint({
    method: 'GET',
    path: '/api/access_mgmt/job-code-list/',
    tag: 'access management',
    summary: 'Job codes in use, by name',
    access: 'signed-in',
    response: accessMgmt.jobCodeList,
    errors: [401],
  }),

  // ---------------------------------------------------------------- speech recognition
  uploadRecording: endpoint({
    method: 'POST',
    path: '/api/speech_recognition/upload_recording/',
    tag: 'speech recognition',
    summary: `Upload a recording (multipart: file, language, domain; wav, mp3, m4a, ogg, flac or webm up to ${mb(speech.RECORDING_MAX_BYTES)} MB) and queue its transcription`,
    access: 'signed-in',
    multipart: { files: { file: 1 }, fields: speech.uploadRecordingFields },
    response: speech.uploadRecordingResult,
    errors: [401, 413, 415, 422, 503],
  }),
  listRecordings: endpoint({
    method: 'GET',
    path: '/api/speech_recognition/upload_recording/',
    tag: 'speech recognition',
    summary: "The signed-in user's recordings, newest first (search, status filter, paged)",
    access: 'signed-in',
    query: speech.recordingListQuery,
    response: speech.recordingList,
    errors: [401],
  }),
  recordingStatus: endpoint({
    method: 'GET',
    path: '/api/speech_recognition/recording_status/',
    tag: 'speech recognition',
    summary: 'A recording: its status, transcript, summary and a signed audio link',
    access: 'signed-in',
    query: speech.recordingIdQuery,
    response: speech.recordingDetail,
    errors: [401, 404],
  }),
  updateTranscription: endpoint({
    method: 'PUT',
    path: '/api/speech_recognition/update_transcription/',
    tag: 'speech recognition',
    summary: "Save an edited transcript (each line's text and speaker); the engine's stays as the original",
    access: 'signed-in',
    body: speech.updateTranscriptionBody,
    response: speech.recordingDetail,
    errors: [401, 403, 404, 409],
  }),
  updateSummary: endpoint({
    method: 'PUT',
    path: '/api/speech_recognition/update_summary/',
    tag: 'speech recognition',
    summary: "Save an edited summary; the engine's stays as the original",
    access: 'signed-in',
    body: speech.updateSummaryBody,
    response: speech.recordingDetail,
    errors: [401, 403, 404, 409],
  }),
  deleteRecording: endpoint({
    method: 'DELETE',
    path: '/api/speech_recognition/update_transcription/',
    tag: 'speech recognition',
    summary: 'Delete a recording, its audio and its pending job',
    access: 'signed-in',
    query: speech.recordingIdQuery,
    response: speech.recordingIdQuery,
    errors: [401, 403, 404],
  }),
  uploadRecordingKpi: endpoint({
    method: 'GET',
    path: '/api/speech_recognition/upload_recording_kpi/',
    tag: 'speech recognition',
    summary: "The signed-in user's recordings by status, with percentages",
    access: 'signed-in',
    response: speech.statusKpi,
    errors: [401],
  }),

  // ---------------------------------------------------------------- summarization
  summarize: endpoint({
    method: 'POST',
    path: '/api/summarization/summarize/',
    tag: 'summarization',
    summary:
      'Summarise text (JSON {text, summary_type}) or a .txt, .docx or .pdf (multipart file, summary_type). Waits up to `wait` seconds for the summary; a client that leaves meanwhile cancels it',
    access: 'signed-in',
    query: summarization.summarizeQuery,
    multipart: {
      files: { 'file?': 1 },
      fields: summarization.summarizeBody.partial({ text: true }),
      json: summarization.summarizeBody,
    },
    response: summarization.summarizeResult,
    errors: [401, 413, 415, 422, 503],
  }),
  listSummaries: endpoint({
    method: 'GET',
    path: '/api/summarization/summarize/',
    tag: 'summarization',
    summary: "The signed-in user's summaries, newest first (search, status and type filters, paged)",
    access: 'signed-in',
    query: summarization.summaryListQuery,
    response: summarization.summaryList,
    errors: [401],
  }),
  deleteSummary: endpoint({
    method: 'DELETE',
    path: '/api/summarization/summarize/',
    tag: 'summarization',
    summary: 'Delete a summary (a running one is cancelled first)',
    access: 'signed-in',
    query: summarization.summaryIdQuery,
    response: summarization.summaryIdQuery,
    errors: [401, 404],
  }),
  summaryStatus: endpoint({
    method: 'GET',
    path: '/api/summarization/summary_status/',
    tag: 'summarization',
    summary: 'A summary: its status, the summary and the text it was made from',
    access: 'signed-in',
    query: summarization.summaryIdQuery,
    response: summarization.summaryDetail,
    errors: [401, 404],
  }),
  summaryTypes: endpoint({
    method: 'GET',
    path: '/api/summarization/summary_types/',
    tag: 'summarization',
    summary: 'The kinds of summary',
    access: 'signed-in',
    response: summarization.summaryTypeList,
    errors: [401],
  }),
  summarizeChart: endpoint({
    method: 'GET',
    path: '/api/summarization/summarize-chart/',
    tag: 'summarization',
    summary: "The user's summaries by status in percent (the spec's defaults, flagged, while there are none)",
    access: 'signed-in',
    response: summarization.summaryChart,
    errors: [401],
  }),
  summarizeKpi: endpoint({
    method: 'GET',
    path: '/api/summarization/summarize-kpi/',
    tag: 'summarization',
    summary: "The user's summaries by status: count and percentage",
    access: 'signed-in',
    response: speech.statusKpi,
    errors: [401],
  }),

  // ---------------------------------------------------------------- document OCR
  uploadDocument: endpoint({
    method: 'POST',
    path: '/api/ocr/upload_document/',
    tag: 'document OCR',
    summary: `Upload a document (multipart: file, document_type; PNG, JPEG, TIFF, WebP or PDF up to ${mb(ocr.DOCUMENT_MAX_BYTES)} MB) and queue its OCR`,
    access: 'signed-in',
    multipart: { files: { file: 1 }, fields: ocr.uploadDocumentFields },
    response: ocr.uploadDocumentResult,
    status: 201,
    errors: [401, 413, 415, 503],
  }),
  listDocuments: endpoint({
    method: 'GET',
    path: '/api/ocr/upload_document/',
    tag: 'document OCR',
    summary: "The signed-in user's documents, newest first (bucket, type, search in name and text; paged)",
    access: 'signed-in',
    query: ocr.documentListQuery,
    response: ocr.documentList,
    errors: [401],
  }),
  deleteDocument: endpoint({
    method: 'DELETE',
    path: '/api/ocr/upload_document/',
    tag: 'document OCR',
    summary: 'Delete a document: its record, its file, its page images and its pending job',
    access: 'signed-in',
    query: ocr.documentIdQuery,
    response: ocr.documentIdQuery,
    errors: [401, 404],
  }),
  documentDetails: endpoint({
    method: 'GET',
    path: '/api/ocr/get_document_details/',
    tag: 'document OCR',
    summary:
      'A document: status, text per page with each word, its box and confidence, fields, signed page image links',
    access: 'signed-in',
    query: ocr.documentIdQuery,
    response: ocr.documentDetail,
    errors: [401, 404],
  }),
  ocrPageImage: endpoint({
    method: 'GET',
    path: '/api/ocr/page_image/:documentId/:page/',
    tag: 'document OCR',
    summary: 'A page image as read (PNG; signed link valid 15 minutes, no bearer token)',
    access: 'signed-link',
    params: ocr.pageImageParams,
    query: envelope.signedLinkQuery,
    response: { file: 'image/png' },
    errors: [403, 404],
  }),
  insightsChatbot: endpoint({
    method: 'PUT',
    path: '/api/ocr/insights_chatbot/',
    tag: 'document OCR',
    summary:
      "A question about a document, answered from its text with the passages used (an LLM's words when configured)",
    access: 'signed-in',
    body: ocr.insightsQuestion,
    response: ocr.insightsAnswer,
    errors: [401, 404, 409, 422],
  }),
  uploadDocumentKpi: endpoint({
    method: 'GET',
    path: '/api/ocr/upload_document_kpi/',
    tag: 'document OCR',
    summary: "The signed-in user's documents per bucket (scanned, pending, failed), with percentages",
    access: 'signed-in',
    response: ocr.documentKpi,
    errors: [401],
  }),

  // ---------------------------------------------------------------- facial recognition
  enrolPerson: endpoint({
    method: 'POST',
    path: '/api/face_recognition/people/',
    tag: 'facial recognition',
    summary: `Enrol a person (multipart: name, external_id and 1–${face.PHOTOS_PER_PERSON} photos, each PNG, JPEG or WebP up to ${mb(face.PHOTO_MAX_BYTES)} MB with exactly one clear face)`,
    access: 'signed-in',
    multipart: { files: { photos: 5 }, fields: face.personFields },
    response: face.person,
    status: 201,
    errors: [401, 413, 415, 429, 503],
  }),
  listPeople: endpoint({
    method: 'GET',
    path: '/api/face_recognition/people/',
    tag: 'facial recognition',
    summary: 'Enrolled people, newest first (search by name or external id, paged)',
    access: 'signed-in',
    query: face.personListQuery,
    response: face.personList,
    errors: [401],
  }),
  getPerson: endpoint({
    method: 'GET',
    path: '/api/face_recognition/people/:id/',
    tag: 'facial recognition',
    summary: 'One enrolled person with signed links to their photos',
    access: 'signed-in',
    params: face.personIdParam,
    response: face.person,
    errors: [401, 404],
  }),
  updatePerson: endpoint({
    method: 'PUT',
    path: '/api/face_recognition/people/:id/',
    tag: 'facial recognition',
    summary: "Change a person's name and external id",
    access: 'signed-in',
    params: face.personIdParam,
    body: face.personFields,
    response: face.person,
    errors: [401, 404],
  }),
  deletePerson: endpoint({
    method: 'DELETE',
    path: '/api/face_recognition/people/:id/',
    tag: 'facial recognition',
    summary: 'Delete a person, their photos and descriptors, and their scans with their photos',
    access: 'signed-in',
    params: face.personIdParam,
    response: face.personDeleted,
    errors: [401, 404],
  }),
  verifyFace: endpoint({
    method: 'POST',
    path: '/api/face_recognition/verify/',
    tag: 'facial recognition',
    summary: 'Verify a photo against a claimed person (multipart: photo, person_id): distance, threshold, liveness',
    access: 'signed-in',
    multipart: { files: { photo: 1 }, fields: face.verifyFields },
    response: face.scan,
    status: 201,
    errors: [401, 404, 413, 415, 422, 429, 503],
  }),
  identifyFace: endpoint({
    method: 'POST',
    path: '/api/face_recognition/identify/',
    tag: 'facial recognition',
    summary: 'Identify a photo among everyone the user has enrolled (multipart: photo)',
    access: 'signed-in',
    multipart: { files: { photo: 1 } },
    response: face.scan,
    status: 201,
    errors: [401, 413, 415, 422, 429, 503],
  }),
  listScans: endpoint({
    method: 'GET',
    path: '/api/face_recognition/scans/',
    tag: 'facial recognition',
    summary: 'Scans, newest first, by bucket (total_scanned, validated, total_invalidated; paged)',
    access: 'signed-in',
    query: face.scanListQuery,
    response: face.scanList,
    errors: [401],
  }),
  deleteScan: endpoint({
    method: 'DELETE',
    path: '/api/face_recognition/scans/:id/',
    tag: 'facial recognition',
    summary: 'Delete one scan and its photo (its maker or an admin)',
    access: 'signed-in',
    params: envelope.idParam,
    response: face.scanDeleted,
    errors: [401, 404],
  }),
  getScan: endpoint({
    method: 'GET',
    path: '/api/face_recognition/scans/:id/',
    tag: 'facial recognition',
    summary: 'One scan: the photo (signed link), face box and landmarks, person, distance and decision',
    access: 'signed-in',
    params: envelope.idParam,
    response: face.scan,
    errors: [401, 404],
  }),
  scanKpi: endpoint({
    method: 'GET',
    path: '/api/face_recognition/scan_kpi/',
    tag: 'facial recognition',
    summary: 'Scans by bucket',
    access: 'signed-in',
    response: face.scanKpi,
    errors: [401],
  }),
  facePhoto: endpoint({
    method: 'GET',
    path: '/api/face_recognition/photo/:id/',
    tag: 'facial recognition',
    summary: "A person's reference photo (signed link, no bearer token)",
    access: 'signed-link',
    params: envelope.idParam,
    query: envelope.signedLinkQuery,
    response: { file: 'image/*' },
    errors: [403, 404],
  }),
  faceScanPhoto: endpoint({
    method: 'GET',
    path: '/api/face_recognition/scan_photo/:id/',
    tag: 'facial recognition',
    summary: "A scan's photo (signed link, no bearer token)",
    access: 'signed-link',
    params: envelope.idParam,
    query: envelope.signedLinkQuery,
    response: { file: 'image/*' },
    errors: [403, 404],
  }),

  // ---------------------------------------------------------------- health
  health: endpoint({
    method: 'GET',
    path: '/api/health/',
    tag: 'health',
    summary: 'Database and queue status (503 when degraded)',
    access: 'public',
    response: health.health,
    errors: [],
    alsoAnswersWithData: [503],
  }),

  // ---------------------------------------------------------------- AI agent scoring (docs/decisions/015)
  createScoringItem: endpoint({
    method: 'POST',
    path: '/api/agent_scoring/create/',
    tag: 'agent scoring',
    summary: 'Score a chat or an e-mail against a template (the campaign\'s default unless one is named)',
    access: 'signed-in',
    body: agentScoring.createScoringBody,
    response: agentScoring.createScoringResult,
    status: 201,
    errors: [401, 404, 422],
  }),
  scoringItemDetails: endpoint({
    method: 'GET',
    path: '/api/agent_scoring/details/',
    tag: 'agent scoring',
    summary: 'One scored interaction: the conversation, each criterion\'s result and the audit trail',
    access: 'signed-in',
    query: agentScoring.scoringItemQuery,
    response: agentScoring.scoringItemDetail,
    errors: [401, 403, 404],
  }),
  claimScoringItem: endpoint({
    method: 'PUT',
    path: '/api/agent_scoring/claim/',
    tag: 'agent scoring',
    summary: 'Take an item to review (the other supervisors see who has it)',
    access: ['admin', 'qa_supervisor'],
    body: agentScoring.claimBody,
    response: agentScoring.scoringItemState,
    errors: [401, 403, 404, 409],
  }),
  decideScoringItem: endpoint({
    method: 'PUT',
    path: '/api/agent_scoring/decision/',
    tag: 'agent scoring',
    summary: 'Accept or reject the AI\'s scoring, with corrections per criterion (a rejection names at least one)',
    access: ['admin', 'qa_supervisor'],
    body: agentScoring.decisionBody,
    response: agentScoring.scoringItemState,
    errors: [401, 403, 404, 409],
  }),
} as const satisfies Record<string, Endpoint>

export type EndpointId = keyof typeof table
/** An endpoint with its id (the table's key, and the OpenAPI operationId). */
export type NamedEndpoint = Endpoint & { id: string }

/** Each endpoint, carrying its id. */
export const endpoints = Object.fromEntries(Object.entries(table).map(([id, e]) => [id, { ...e, id }])) as {
  [K in EndpointId]: (typeof table)[K] & { id: K }
}

/** An endpoint's path with its `:name` parameters filled in (each encoded). */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}) {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`${endpoint.path} needs the parameter ${name}`)
    return encodeURIComponent(String(value))
  })
}

/** A `:name` path as OpenAPI writes it, `{name}`: how the API's route list and the document name a route. */
export const pathTemplateOf = (path: string) => path.replace(/:(\w+)/g, '{$1}')

/** Whether calling the endpoint takes the user's bearer token (not sign-in, health or a signed link). */
export const needsBearer = (endpoint: Pick<Endpoint, 'access'>) =>
  endpoint.access !== 'public' && endpoint.access !== 'signed-link'
