import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { endpoints } from '#contract/endpoints'
import type { LookupItem } from '#contract/lookups'
import { recordingAccept } from '#contract/limits'
import {
  recordingPath,
  SUMMARY_ERROR,
  SUMMARY_INTENT,
  SUMMARY_REFUSED,
  TRANSCRIPT_ERROR,
  TRANSCRIPT_INTENT,
} from '~/components/speech/format'
import type { Editing, TranscriptVariant } from '~/components/speech/recording-result.schema'
import { parseSummaryForm } from '~/components/speech/summary-editor.schema'
import { parseTranscriptForm } from '~/components/speech/transcript-editor.schema'
import { readForm } from '~/lib/forms.server'
import { orNull, recordingIdOf, toPortalAudioUrl, upstreamFailure } from '~/services/speech.server'
import { createUpstream, errorResponse, type Upstream } from '~/services/upstream.server'
import { redirectWithToast } from '~/sessions.server'
import { handleUpload } from './upload.server'

export const UPLOADED = 'Recording uploaded: transcription queued'
export const TRANSCRIPT_SAVED = 'Transcript updated successfully'
export const SUMMARY_SAVED = 'Summary updated successfully'
export const NOT_FOUND = 'Recording not found'

const options = (items: LookupItem[] | null) => items?.map((i) => ({ value: i.code, label: i.name })) ?? []
const nameOf = (items: LookupItem[] | null, code: string | null) =>
  code === null ? null : (items?.find((i) => i.code === code)?.name ?? code)

async function recordingFailure(thrown: unknown, api: Upstream): Promise<never> {
  const { status, message } = await upstreamFailure(thrown)
  if (status === 404) throw errorResponse(404, NOT_FOUND, api.headers)
  throw errorResponse(status, message, api.headers)
}

/**
 * `demo`: the upload form with the lookups it picks from. `demo?recording_id=N`: that recording, its
 * status while it is on its way and its transcript and summary once completed (`view=unredacted` for
 * those who may read it, `edit=transcript|summary` for the edit forms).
 */
export async function loadDemo({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams
  const api = await createUpstream(request)
  const raw = search.get('recording_id')
  if (raw === null) {
    // the languages are the ones the API's engine really has, not every language the lookups name
    const [engine, domains] = await Promise.all([
      orNull(api.request(endpoints.speechEngine)),
      orNull(api.request(endpoints.lookupDomain)),
    ])
    return data(
      {
        page: 'upload' as const,
        upload: {
          languages: options(engine?.languages ?? null),
          domains: options(domains),
          accept: recordingAccept,
          lookupsFailed: engine === null || domains === null,
          engine: engine ? { name: engine.engine, message: engine.message } : null,
        },
        recording: null,
      },
      { headers: api.headers },
    )
  }
  const id = recordingIdOf(raw)
  if (id === null) throw errorResponse(404, NOT_FOUND, api.headers)
  const [recording, languages, domains] = await Promise.all([
    api
      .request(endpoints.recordingStatus, { query: { recording_id: id } })
      .catch((thrown: unknown) => recordingFailure(thrown, api)),
    orNull(api.request(endpoints.lookupLanguage)),
    orNull(api.request(endpoints.lookupDomain)),
  ])
  const { audio_url: audioUrl, ...rest } = recording
  const edit = search.get('edit')
  return data(
    {
      page: 'recording' as const,
      upload: null,
      recording: {
        detail: rest,
        audioSrc: audioUrl ? toPortalAudioUrl(audioUrl) : null,
        variant: (search.get('view') === 'unredacted' ? 'unredacted' : 'redacted') as TranscriptVariant,
        editing: (edit === 'transcript' || edit === 'summary' ? edit : null) as Editing,
        names: { language: nameOf(languages, rest.language) ?? rest.language, domain: nameOf(domains, rest.domain) },
      },
    },
    { headers: api.headers },
  )
}

/** SPEC §8: a refusal (4xx) is 'Summary Not Updated'; a failure of the API or of the way to it is 'Update Sumamry Error'. */
export const summaryMessage = (status: number) => (status >= 500 ? SUMMARY_ERROR : SUMMARY_REFUSED)

/** The upload (multipart, without JavaScript), and the transcript and summary edits of `?recording_id=N`. */
export async function demoAction({ request }: ActionFunctionArgs) {
  if (request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
    const outcome = await handleUpload(request)
    if (outcome.ok) {
      return redirectWithToast(recordingPath(outcome.recordingId), { message: UPLOADED }, { headers: outcome.headers })
    }
    return data(
      { intent: 'upload' as const, result: outcome.result },
      { status: outcome.status, headers: outcome.headers },
    )
  }
  const form = await readForm(request)
  const intent = form.get('intent')
  // The recording changed is the one in the URL, whatever the form says.
  const inUrl = recordingIdOf(new URL(request.url).searchParams.get('recording_id'))
  if (inUrl !== null) form.set('recording_id', String(inUrl))
  const here = recordingPath(inUrl ?? recordingIdOf(form.get('recording_id')) ?? '')

  if (intent === TRANSCRIPT_INTENT) {
    const submission = parseTranscriptForm(form)
    if (submission.status !== 'success') {
      return data({ intent, result: submission.reply({ formErrors: [TRANSCRIPT_ERROR] }) }, { status: 400 })
    }
    const api = await createUpstream(request)
    try {
      await api.request(endpoints.updateTranscription, { body: submission.value })
    } catch (thrown) {
      const { status, message } = await upstreamFailure(thrown)
      const result = submission.reply({ formErrors: [TRANSCRIPT_ERROR, message] })
      return data({ intent, result }, { status, headers: api.headers })
    }
    return redirectWithToast(here, { message: TRANSCRIPT_SAVED }, { headers: api.headers })
  }
  if (intent === SUMMARY_INTENT) {
    const submission = parseSummaryForm(form)
    if (submission.status !== 'success') {
      return data({ intent, result: submission.reply({ formErrors: [SUMMARY_REFUSED] }) }, { status: 400 })
    }
    const api = await createUpstream(request)
    try {
      await api.request(endpoints.updateSummary, { body: submission.value })
    } catch (thrown) {
      const { status, message } = await upstreamFailure(thrown)
      const result = submission.reply({ formErrors: [summaryMessage(status), message] })
      return data({ intent, result }, { status, headers: api.headers })
    }
    return redirectWithToast(here, { message: SUMMARY_SAVED }, { headers: api.headers })
  }
  return data({ intent: null, result: null }, { status: 400 })
}
