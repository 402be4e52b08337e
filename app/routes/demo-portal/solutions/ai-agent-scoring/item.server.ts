import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { scoringBucket, scoringBucketLabel } from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import { idParam } from '#contract/envelope'
import { parseDecisionForm, type DecisionErrors } from '~/components/agent-scoring/decision-form.schema'
import {
  CLAIM_INTENT,
  DECIDE_INTENT,
  ITEM_NOT_FOUND,
  itemPath,
  RESCORE_INTENT,
} from '~/components/agent-scoring/format'
import { readForm } from '~/lib/forms.server'
import { getSignedAudio, orNull, toPortalAudioUrl } from '~/services/evaluations.server'
import { createUpstream, errorResponse, upstreamFailure, type Upstream } from '~/services/upstream.server'
import { redirectWithToast } from '~/sessions.server'

/** `:type` must be a bucket and `:subtype` an item id; anything else is not a page. */
function paramsOf(params: LoaderFunctionArgs['params']) {
  const bucket = scoringBucket.safeParse(params.type)
  const id = idParam.safeParse({ id: params.subtype })
  if (!bucket.success || !id.success) throw errorResponse(404, ITEM_NOT_FOUND)
  return { bucket: bucket.data, id: id.data.id }
}

async function itemFailure(thrown: unknown, api: Upstream): Promise<never> {
  const { status, message } = await upstreamFailure(thrown)
  throw errorResponse(status === 404 ? 404 : status, status === 404 ? ITEM_NOT_FOUND : message, api.headers)
}

/**
 * One item: its conversation, criteria and audit trail, and for a call the signed audio. An item
 * that has moved to another bucket since the link was made is shown at its own address.
 */
export async function loadScoringItem({ request, params }: LoaderFunctionArgs) {
  const { bucket, id } = paramsOf(params)
  const api = await createUpstream(request)
  const item = await api
    .request(endpoints.scoringItemDetails, { query: { item_id: id } })
    .catch((thrown: unknown) => itemFailure(thrown, api))
  if (item.bucket !== bucket) throw redirect(itemPath(item.bucket, id), { headers: api.headers })
  const signed = item.recording?.has_audio ? await orNull(getSignedAudio(api, item.recording.recording_id)) : null
  const src = signed ? toPortalAudioUrl(signed.url) : null
  return data({ item, audio: src ? { src, mimeType: signed?.mime_type } : null }, { headers: api.headers })
}

export type ItemActionData = { intent: string; errors: DecisionErrors }

/** `claim`: take the item to work on. `rescore`: score it again. `decide`: accept or reject it with corrections. Each comes back to the item with a toast. */
export async function scoringItemAction({ request, params }: ActionFunctionArgs) {
  const { bucket, id } = paramsOf(params)
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  const api = await createUpstream(request)
  const refused = async (thrown: unknown) => {
    const { status, message, fieldErrors } = await upstreamFailure(thrown)
    const errors: DecisionErrors = { form: [message, ...(fieldErrors.corrections ?? [])] }
    return data<ItemActionData>({ intent, errors }, { status, headers: api.headers })
  }

  if (intent === CLAIM_INTENT) {
    try {
      await api.request(endpoints.claimScoringItem, { body: { item_id: id } })
    } catch (thrown) {
      return refused(thrown)
    }
    return redirectWithToast(
      itemPath(bucket, id),
      { title: 'Claimed', message: 'The other supervisors see that you have it.' },
      { headers: api.headers },
    )
  }

  if (intent === RESCORE_INTENT) {
    let state
    try {
      state = await api.request(endpoints.rescoreScoringItem, { body: { item_id: id } })
    } catch (thrown) {
      return refused(thrown)
    }
    return redirectWithToast(
      itemPath(state.bucket, id),
      { title: 'Sent for scoring', message: 'Its results are cleared; the AI scores it again.' },
      { headers: api.headers },
    )
  }

  if (intent === DECIDE_INTENT) {
    // the criteria the form may correct are the item's own, read afresh
    const item = await api
      .request(endpoints.scoringItemDetails, { query: { item_id: id } })
      .catch((thrown: unknown) => itemFailure(thrown, api))
    const parsed = parseDecisionForm(form, item)
    if (!parsed.ok)
      return data<ItemActionData>({ intent, errors: parsed.errors }, { status: 400, headers: api.headers })
    let state
    try {
      state = await api.request(endpoints.decideScoringItem, { body: parsed.body })
    } catch (thrown) {
      return refused(thrown)
    }
    const corrected = parsed.body.corrections.length
    return redirectWithToast(
      itemPath(state.bucket, id),
      {
        title: parsed.body.decision === 'accept' ? 'Accepted' : 'Rejected',
        message: `${scoringBucketLabel[state.bucket]}${corrected ? `, with ${corrected} correction${corrected === 1 ? '' : 's'}` : ''}.`,
      },
      { headers: api.headers },
    )
  }

  return data<ItemActionData>({ intent, errors: { form: ['Unknown action'] } }, { status: 400, headers: api.headers })
}
