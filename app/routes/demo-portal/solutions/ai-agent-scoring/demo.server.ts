import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import type { z } from 'zod'
import { endpoints } from '#contract/endpoints'
import { RECORDING_MAX_BYTES } from '#contract/limits'
import {
  FILE_TOO_LARGE,
  parsePasteForm,
  parseUploadForm,
  type uploadForm,
} from '~/components/agent-scoring/demo-form.schema'
import { itemPath, PASTE_INTENT, UPLOAD_INTENT } from '~/components/agent-scoring/format'
import { readForm } from '~/lib/forms.server'
import { handleSpooledUpload } from '~/lib/upload-handler.server'
import { loadScopeOptions } from '~/services/call-evaluation-lookups.server'
import { createUpstream, upstreamFailure, type Upstream } from '~/services/upstream.server'
import { redirectWithToast } from '~/sessions.server'

/** An audio file goes to the API whole before it answers: give it time. */
const UPLOAD_TIMEOUT_MS = 120_000
const FIELDS = ['channel', 'text', 'file', 'agent_id', 'campaign_id', 'template_internal_id']

/** The pickers: agents, campaigns and the active templates (each list may fail on its own: its picker is then empty). */
export async function loadScoringDemo({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const scope = await loadScopeOptions(api)
  return data(
    { agents: scope.agents, campaigns: scope.campaigns, templates: scope.templates.filter((t) => t.active) },
    { headers: api.headers },
  )
}

export type DemoActionData = { intent: string; result: SubmissionResult<string[]> }

const created = (id: number, message: string, headers: Headers) =>
  redirectWithToast(itemPath('pending', id), { title: 'Sent for scoring', message }, { headers })

function sendFile(api: Upstream, value: z.output<typeof uploadForm>) {
  const { file, ...fields } = value
  const body = new FormData()
  for (const [key, v] of Object.entries(fields)) if (v !== undefined) body.set(key, String(v))
  body.set('file', file, file.name)
  return api.request(endpoints.createScoringItem, { body, timeoutMs: UPLOAD_TIMEOUT_MS })
}

/**
 * A pasted chat or e-mail (a plain form post), or a file (multipart: spooled to disk, then sent on),
 * with or without JavaScript. On success, to the item's page, which follows the scoring.
 */
export async function scoringDemoAction({ request }: ActionFunctionArgs) {
  if (request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
    const outcome = await handleSpooledUpload(request, {
      spool: {
        maxBytes: RECORDING_MAX_BYTES,
        tooLarge: FILE_TOO_LARGE,
        fileFields: ['file'],
        maxParts: 8,
        tooManyParts: 'Send one file and the form fields only',
        prefix: 'scoring-upload',
      },
      parse: parseUploadForm,
      send: sendFile,
      fields: FIELDS,
    })
    if (outcome.ok) return created(outcome.created.item_id, 'The file is being read and scored.', outcome.headers)
    return data<DemoActionData>(
      { intent: UPLOAD_INTENT, result: outcome.result },
      { status: outcome.status, headers: outcome.headers },
    )
  }
  const form = await readForm(request)
  const submission = parsePasteForm(form)
  if (submission.status !== 'success') {
    return data<DemoActionData>({ intent: PASTE_INTENT, result: submission.reply() }, { status: 400 })
  }
  const api = await createUpstream(request)
  const { agent_id: agentId, campaign_id: campaignId, ...rest } = submission.value
  try {
    const item = await api.request(endpoints.createScoringItem, {
      body: { ...rest, agent_id: agentId!, campaign_id: campaignId! },
    })
    return created(item.item_id, 'The conversation is being scored.', api.headers)
  } catch (thrown) {
    const failure = await upstreamFailure(thrown)
    const fieldErrors = Object.fromEntries(Object.entries(failure.fieldErrors).filter(([k]) => FIELDS.includes(k)))
    return data<DemoActionData>(
      { intent: PASTE_INTENT, result: submission.reply({ formErrors: [failure.message], fieldErrors }) },
      { status: failure.status, headers: api.headers },
    )
  }
}
