import type { SubmissionResult } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { endpoints } from '#contract/endpoints'
import type { Person } from '#contract/face'
import { photoAccept } from '#contract/limits'
import {
  bucketOf,
  CONFIRM_PARAM,
  EDIT_PARAM,
  decisionLabel,
  DELETE_ERROR,
  DELETED,
  FACE_DEMO_PATH,
  PERSON_ENROLLED,
  PERSON_UPDATED,
  scanPath,
} from '~/components/face/format'
import type { PersonRow } from '~/components/face/people-list.schema'
import {
  DELETE_INTENT,
  EDIT_INTENT,
  ENROL_INTENT,
  IDENTIFY_INTENT,
  VERIFY_INTENT,
} from '~/components/face/photo-intents'
import { parseEditForm, parseEnrolForm, parseIdentifyForm, parseVerifyForm } from '~/components/face/photo.schema'
import { backToList, deleteAction } from '~/lib/delete-action.server'
import { readForm } from '~/lib/forms.server'
import {
  enrolPerson,
  identifyFace,
  idOf,
  orNull,
  toPortalImageUrl,
  updatePerson,
  upstreamFailure,
  verifyFace,
} from '~/services/face.server'
import { createUpstream, type Upstream } from '~/services/upstream.server'
import { redirectWithToast, requireTokens } from '~/sessions.server'
import { readPhotoForm } from './photo-upload.server'

export const PAGE_SIZE = 20
const CONFIRM = CONFIRM_PARAM
const EDIT = EDIT_PARAM

export const rowOf = (p: Person): PersonRow => ({
  ...p,
  photos: p.photos.map((photo) => ({ photo_id: photo.photo_id, src: toPortalImageUrl(photo.url) })),
})

/** The demo: the three forms, the people to verify against, and the user's enrolled people. */
export async function loadDemo({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams
  const page = idOf(search.get('page')) ?? 1
  const confirmId = idOf(search.get(CONFIRM))
  const api = await createUpstream(request)
  const [people, everyone, confirming] = await Promise.all([
    api.request(endpoints.listPeople, { query: { page, page_size: PAGE_SIZE } }).then(
      (list) => ({ list: { ...list, results: list.results.map(rowOf) }, error: null }),
      async (thrown: unknown) => ({ list: null, error: (await upstreamFailure(thrown)).message }),
    ),
    orNull(api.request(endpoints.listPeople, { query: { page: 1, page_size: 100 } })),
    confirmId === null ? null : orNull(api.request(endpoints.getPerson, { params: { id: confirmId } })),
  ])
  return data(
    {
      accept: photoAccept,
      page,
      people,
      options: everyone?.results.map((p) => ({ value: String(p.person_id), label: p.name })) ?? [],
      optionsFailed: everyone === null,
      editing: idOf(search.get(EDIT)),
      confirm: confirming ? rowOf(confirming) : null,
    },
    { headers: api.headers },
  )
}

type Intent = typeof ENROL_INTENT | typeof VERIFY_INTENT | typeof IDENTIFY_INTENT | typeof EDIT_INTENT
export type DemoReply = { intent: Intent | null; personId?: number; result: SubmissionResult<string[]> }

const reply = (body: DemoReply, status: number, headers?: Headers) => data(body, { status, headers })

/**
 * The API's field errors for this form: whatever it says about a photo (`photos`, `photos[1]`, `photo`)
 * goes next to the photo input, the text fields' next to theirs, anything else above the form.
 */
function placeErrors(errors: Record<string, string[]>, photoField: 'photo' | 'photos' | null, fields: string[]) {
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const [key, messages] of Object.entries(errors)) {
    const target = photoField && key.startsWith('photo') ? photoField : fields.includes(key) ? key : null
    if (target) fieldErrors[target] = [...(fieldErrors[target] ?? []), ...messages]
    else formErrors.push(...messages)
  }
  return { fieldErrors, formErrors }
}

async function failed(
  thrown: unknown,
  api: Upstream,
  intent: Intent,
  submission: { reply: (options: object) => SubmissionResult<string[]> },
  photoField: 'photo' | 'photos' | null,
  fields: string[],
  personId?: number,
) {
  const failure = await upstreamFailure(thrown)
  const { fieldErrors, formErrors } = placeErrors(failure.fieldErrors, photoField, fields)
  const result = submission.reply({
    formErrors: [failure.message, ...formErrors.filter((m) => m !== failure.message)],
    fieldErrors,
    hideFields: photoField ? [photoField] : [],
  })
  return reply({ intent, personId, result }, failure.status, api.headers)
}

async function scanned(api: Upstream, scan: Awaited<ReturnType<typeof verifyFace>>) {
  const who = scan.person?.name
  const message =
    scan.decision === 'validated'
      ? `${decisionLabel.validated}: the face is ${who ?? 'a known person'}`
      : `${decisionLabel.invalidated}: ${scan.reasons[0] ?? 'the face did not match'}`
  return redirectWithToast(
    scanPath(bucketOf(scan), scan.scan_id),
    { title: 'Scan complete', message, type: scan.decision === 'validated' ? 'success' : 'info' },
    { headers: api.headers },
  )
}

/** Enrol, verify and identify (multipart, with their photos); edit and delete a person. */
export async function demoAction({ request }: ActionFunctionArgs) {
  let form: FormData
  if (request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
    // a missing session answers with the sign-in redirect before the photos are read
    await requireTokens(request)
    const read = await readPhotoForm(request)
    if ('error' in read) {
      const intent = read.intent === VERIFY_INTENT || read.intent === IDENTIFY_INTENT ? read.intent : ENROL_INTENT
      const field = intent === ENROL_INTENT ? 'photos' : 'photo'
      return reply({ intent, result: { status: 'error', error: { [field]: [read.error] } } }, read.status)
    }
    form = read.form
  } else {
    form = await readForm(request)
  }
  const intent = form.get('intent')

  if (intent === ENROL_INTENT) {
    const submission = parseEnrolForm(form)
    if (submission.status !== 'success')
      return reply({ intent, result: submission.reply({ hideFields: ['photos'] }) }, 400)
    const { photos, ...fields } = submission.value
    const api = await createUpstream(request)
    try {
      await enrolPerson(api, fields, photos)
    } catch (thrown) {
      return failed(thrown, api, intent, submission, 'photos', ['name', 'external_id'])
    }
    return redirectWithToast(FACE_DEMO_PATH, { message: PERSON_ENROLLED }, { headers: api.headers })
  }

  if (intent === VERIFY_INTENT || intent === IDENTIFY_INTENT) {
    const submission = intent === VERIFY_INTENT ? parseVerifyForm(form) : parseIdentifyForm(form)
    if (submission.status !== 'success')
      return reply({ intent, result: submission.reply({ hideFields: ['photo'] }) }, 400)
    const api = await createUpstream(request)
    try {
      const value = submission.value as { photo: File; person_id?: number }
      const scan =
        value.person_id === undefined
          ? await identifyFace(api, value.photo)
          : await verifyFace(api, value.person_id, value.photo)
      return await scanned(api, scan)
    } catch (thrown) {
      return failed(thrown, api, intent, submission, 'photo', ['person_id'])
    }
  }

  if (intent === EDIT_INTENT) {
    const submission = parseEditForm(form)
    const personId = idOf(form.get('person_id')) ?? undefined
    if (submission.status !== 'success') return reply({ intent, personId, result: submission.reply() }, 400)
    const { person_id: id, ...fields } = submission.value
    const api = await createUpstream(request)
    try {
      await updatePerson(api, id, fields)
    } catch (thrown) {
      return failed(thrown, api, intent, submission, null, ['name', 'external_id'], id)
    }
    return redirectWithToast(FACE_DEMO_PATH, { message: PERSON_UPDATED }, { headers: api.headers })
  }

  if (intent === DELETE_INTENT) {
    return deleteAction({
      request,
      target: idOf(form.get('person_id')),
      remove: (api, id) => api.request(endpoints.deletePerson, { params: { id } }),
      back: backToList(form.get('redirectTo'), FACE_DEMO_PATH, CONFIRM, EDIT),
      messages: { done: DELETED, choose: 'Choose a person to delete', errorTitle: DELETE_ERROR },
    })
  }
  return reply({ intent: null, result: { status: 'error', error: { '': ['Choose what to do'] } } }, 400)
}
