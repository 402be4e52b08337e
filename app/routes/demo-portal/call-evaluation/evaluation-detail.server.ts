import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { endpoints } from '#contract/endpoints'
import { idParam } from '#contract/envelope'
import { evaluationStatusLabel, manualReviewBody } from '#contract/evaluations'
import { FORBIDDEN_EVALUATION } from '~/components/call-evaluation/evaluation-error.schema'
import { parseStatusForm } from '~/components/call-evaluation/status-panel.schema'
import { evaluationDetailPath } from '~/components/call-evaluation/evaluation-format'
import type { ProfanityOutcome } from '~/components/call-evaluation/profanity-panel.schema'
import { readForm } from '~/lib/forms.server'
import { getSignedAudio, orNull, toPortalAudioUrl, upstreamFailure } from '~/services/evaluations.server'
import { createUpstream, errorResponse, type Upstream } from '~/services/upstream.server'
import { redirectWithToast } from '~/sessions.server'

export const DETAILS_ERROR = 'Something went wrong in details Api Error'
const modes = z.enum(['ai', 'review', 'edit']).catch('review')
const sessionParam = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined)
const openParam = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  )

function evaluationId(params: LoaderFunctionArgs['params']) {
  const parsed = idParam.safeParse({ id: params.userId })
  if (!parsed.success) throw errorResponse(404, 'Evaluation not found')
  return parsed.data.id
}

async function detailFailure(thrown: unknown, api: Upstream): Promise<never> {
  const { status } = await upstreamFailure(thrown)
  if (status === 403) throw errorResponse(403, FORBIDDEN_EVALUATION, api.headers)
  throw errorResponse(status === 404 ? 404 : 502, DETAILS_ERROR, api.headers)
}

/** Details then the audio key then its signed URL, alongside everything else the page shows, all at once. */
export async function loadEvaluationDetail({ request, params }: LoaderFunctionArgs) {
  const id = evaluationId(params)
  const api = await createUpstream(request)
  const search = new URL(request.url).searchParams
  const byEvaluation = { query: { call_evaluation_id: id } }
  const detailAndAudio = api.request(endpoints.evaluationDetails, byEvaluation).then(async (detail) => {
    const signed = detail.recording?.has_audio ? await orNull(getSignedAudio(api, detail.recording.recording_id)) : null
    const src = signed ? toPortalAudioUrl(signed.url) : null
    return { detail, audio: src ? { src, mimeType: signed?.mime_type } : null }
  })
  const [{ detail, audio }, review, access, actionStatus, sentiment, timing, cloud, emotion] = await Promise.all([
    detailAndAudio.catch((thrown: unknown) => detailFailure(thrown, api)),
    orNull(api.request(endpoints.getManualReview, byEvaluation)),
    orNull(api.request(endpoints.checkAccessStatus, byEvaluation)),
    orNull(api.request(endpoints.getActionStatus, { query: { ca_audit_id: id } })),
    orNull(api.request(endpoints.sentimentAnalysis, byEvaluation)),
    orNull(api.request(endpoints.sentimentTiming, byEvaluation)),
    orNull(api.request(endpoints.sentimentWordCloud, byEvaluation)),
    orNull(api.request(endpoints.emotionAnalysis, byEvaluation)),
  ])
  const canReview = Boolean(access?.can_review && !access.locked_by)
  const requested = modes.parse(search.get('mode') ?? undefined)
  const mode = requested === 'edit' && !canReview ? 'review' : requested
  return data(
    {
      id,
      mode,
      sessionId: mode === 'edit' ? (sessionParam.parse(search.get('session') ?? undefined) ?? null) : null,
      open: openParam.parse(search.get('open') ?? undefined),
      detail,
      audio,
      review,
      access,
      actionStatus,
      sentiment,
      timing,
      cloud,
      emotion,
    },
    { headers: api.headers },
  )
}

const sessionField = z.object({ session_id: sessionParam })

async function endSession(api: Upstream, id: number, sessionId: number | undefined) {
  if (!sessionId) return
  await orNull(
    api.request(endpoints.accessStartEndTime, {
      body: { action: 'end', call_evaluation_id: id, session_id: sessionId },
    }),
  )
}

export async function evaluationDetailAction({ request, params }: ActionFunctionArgs) {
  const id = evaluationId(params)
  const form = await readForm(request)
  const intent = form.get('intent')
  const here = evaluationDetailPath(id)
  const { session_id: sessionId } = sessionField.parse(Object.fromEntries(form))
  form.set('call_evaluation_id', String(id))
  const api = await createUpstream(request)
  const headers = api.headers

  switch (intent) {
    case 'start-review': {
      try {
        const session = await api.request(endpoints.accessStartEndTime, {
          body: { action: 'start', call_evaluation_id: id },
        })
        return redirect(`${here}?mode=edit&session=${session.session_id}`, { headers })
      } catch (thrown) {
        const { message } = await upstreamFailure(thrown)
        return redirectWithToast(`${here}?mode=review`, { message, type: 'error' }, { headers })
      }
    }
    case 'save-review': {
      const submission = parseWithZod(form, { schema: manualReviewBody })
      if (submission.status !== 'success') {
        return data(
          { intent, result: submission.reply({ formErrors: ['Choose yes, no or n/a for every question.'] }) },
          { status: 400, headers },
        )
      }
      try {
        await api.request(endpoints.saveManualReview, { body: submission.value })
      } catch (thrown) {
        const { status, message } = await upstreamFailure(thrown)
        return data({ intent, result: submission.reply({ formErrors: [message] }) }, { status, headers })
      }
      await endSession(api, id, sessionId)
      return redirectWithToast(`${here}?mode=review`, { message: 'Manual review saved' }, { headers })
    }
    case 'cancel-review': {
      await endSession(api, id, sessionId)
      return redirectWithToast(`${here}?mode=review`, { message: 'Changes discarded', type: 'info' }, { headers })
    }
    case 'heartbeat': {
      if (!sessionId) return data({ intent, ok: false }, { status: 400, headers })
      const alive = await orNull(
        api.request(endpoints.accessStartEndTime, {
          body: { action: 'heartbeat', call_evaluation_id: id, session_id: sessionId },
        }),
      )
      return data({ intent, ok: alive !== null }, { headers })
    }
    case 'change-status': {
      // the status form's rules: a dispute needs its reason, said at the comment (with and without JavaScript)
      const submission = parseStatusForm(form)
      if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400, headers })
      try {
        await api.request(endpoints.changeStatus, { body: submission.value })
      } catch (thrown) {
        const { status, message } = await upstreamFailure(thrown)
        return data({ intent, result: submission.reply({ formErrors: [message] }) }, { status, headers })
      }
      const label = evaluationStatusLabel[submission.value.status]
      return redirectWithToast(here, { message: `Status changed to ${label}` }, { headers })
    }
    case 'rescore': {
      try {
        await api.request(endpoints.rescore, { body: { call_evaluation_id: id } })
      } catch (thrown) {
        const { message } = await upstreamFailure(thrown)
        return redirectWithToast(here, { message, type: 'error' }, { headers })
      }
      return redirectWithToast(here, { message: 'The call is queued for scoring' }, { headers })
    }
    case 'scan-profanity': {
      try {
        const profanity = await api.request(endpoints.profanityIdentification, { body: { call_evaluation_id: id } })
        return data<ProfanityOutcome>({ intent, profanity, error: null }, { headers })
      } catch (thrown) {
        const { status, message } = await upstreamFailure(thrown)
        return data<ProfanityOutcome>({ intent, profanity: null, error: message }, { status, headers })
      }
    }
    default:
      return data({ intent: null, error: 'Unknown action' }, { status: 400, headers })
  }
}
