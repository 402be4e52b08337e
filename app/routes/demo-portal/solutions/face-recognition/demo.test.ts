import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { PHOTO_MAX_BYTES } from '#contract/limits'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { multipartRequest, toastOf } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { faceState, jpegFile, resetFaceMocks } from '#tests/mocks/face'
import { action, loader } from './demo'

const DEMO = '/demo-portal/solutions/face-recognition/demo'
const SCANS = '/demo-portal/solutions/face-recognition'

type Body = {
  accept: string
  page: number
  people: {
    list: { count: number; results: { name: string; photos: { src: string | null }[] }[] } | null
    error: string | null
  }
  options: { value: string; label: string }[]
  optionsFailed: boolean
  editing: number | null
  confirm: { person_id: number; name: string } | null
}
type Reply = {
  intent: string | null
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
}

const load = async (url: string, who: DemoKey = 'auditor') =>
  run<Body>(async () => loader(args(await requestWithTokens(url, tokensFor(who)))))

const postMultipart = async (fields: Record<string, string | File | File[]>, who: DemoKey = 'auditor') => {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v)
  }
  const encoded = new Request('http://x/', { method: 'POST', body })
  const bytes = await encoded.arrayBuffer()
  const request = await requestWithTokens(DEMO, tokensFor(who), {
    method: 'POST',
    body: bytes,
    headers: { 'Content-Type': encoded.headers.get('Content-Type')!, 'Content-Length': String(bytes.byteLength) },
  })
  return run<Reply>(() => action(args(request)))
}

const postForm = async (fields: Record<string, string>, who: DemoKey = 'auditor', url = DEMO) => {
  const request = await requestWithTokens(url, tokensFor(who), { method: 'POST', body: new URLSearchParams(fields) })
  return run<Reply>(() => action(args(request)))
}

beforeEach(() => resetFaceMocks())

describe('face demo loader', () => {
  it("lists the user's people with their photos through the portal's image proxy, and offers them to verify", async () => {
    const result = await load(DEMO)
    expect(result.status).toBe(200)
    expect(result.body.accept).toContain('image/jpeg')
    expect(result.body.people.list?.results.map((p) => p.name)).toEqual(['Alan Turing', 'Ada Lovelace'])
    expect(result.body.people.list?.results[1].photos.map((p) => p.src)).toEqual([
      '/resources/image/face_recognition/photo/501/?expires=1893456000&sig=photo-501',
      '/resources/image/face_recognition/photo/502/?expires=1893456000&sig=photo-502',
    ])
    expect(result.body.options).toEqual([
      { value: '42', label: 'Alan Turing' },
      { value: '41', label: 'Ada Lovelace' },
    ])
  })

  it('asks the API for the list and the options at the same time', async () => {
    let inFlight = 0
    let most = 0
    server.use(
      http.get(UPSTREAM + paths.facePeople, async () => {
        most = Math.max(most, ++inFlight)
        await new Promise((r) => setTimeout(r, 30))
        inFlight--
      }),
    )
    await load(DEMO)
    expect(most).toBe(2)
  })

  it('opens the edit form and the delete confirmation from the URL', async () => {
    const result = await load(`${DEMO}?edit=41&confirm-delete=42`)
    expect(result.body.editing).toBe(41)
    expect(result.body.confirm).toMatchObject({ person_id: 42, name: 'Alan Turing' })
    const other = await load(`${DEMO}?confirm-delete=43`)
    expect(other.body.confirm).toBeNull()
  })

  it('keeps the forms when the people cannot be listed, and says so', async () => {
    server.use(http.get(UPSTREAM + paths.facePeople, () => errorReply(500, 'Database unavailable')))
    const result = await load(DEMO)
    expect(result.status).toBe(200)
    expect(result.body.people).toEqual({ list: null, error: 'Database unavailable' })
    expect(result.body.optionsFailed).toBe(true)
  })
})

describe('face demo: enrol', () => {
  it("sends the name, external id and photos, then stays with 'Person enrolled successfully'", async () => {
    const result = await postMultipart({
      intent: 'enrol',
      name: ' Katherine Johnson ',
      external_id: 'EMP-9',
      photos: [jpegFile('front.jpg'), jpegFile('side.jpg')],
    })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(DEMO)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Person enrolled successfully', type: 'success' })
    expect(faceState.enrolments).toEqual([
      { name: 'Katherine Johnson', external_id: 'EMP-9', photos: ['front.jpg', 'side.jpg'] },
    ])
  })

  it('ignores the empty camera input beside the file input', async () => {
    const empty = new File([], '', { type: 'application/octet-stream' })
    const result = await postMultipart({ intent: 'enrol', name: 'Kat', photos: [jpegFile('a.jpg'), empty] })
    expect(result.status).toBe(302)
    expect(faceState.enrolments[0].photos).toEqual(['a.jpg'])
  })

  it('says which photo the engine refused and why, next to the photos, keeping the name', async () => {
    const result = await postMultipart({
      intent: 'enrol',
      name: 'Katherine',
      photos: [jpegFile('front.jpg'), jpegFile('noface.jpg'), jpegFile('group.jpg')],
    })
    expect(result.status).toBe(400)
    expect(result.body.intent).toBe('enrol')
    expect(result.body.result.error?.photos).toEqual([
      'Photo 2 (noface.jpg): No face was found in the image.',
      'Photo 3 (group.jpg): 3 faces were found; the photo must show one.',
    ])
    expect(result.body.result.error?.['']).toEqual(['A photo cannot be used'])
    expect(result.body.result.initialValue?.name).toBe('Katherine')
    expect(faceState.enrolments).toEqual([])
  })

  it('checks the form before calling the API: a name, 1 to 5 photos, each at most 10 MB', async () => {
    let calls = 0
    server.use(http.post(UPSTREAM + paths.facePeople, () => void calls++))
    const none = await postMultipart({ intent: 'enrol', name: '' })
    expect(none.status).toBe(400)
    expect(none.body.result.error?.name).toEqual(['Enter the person’s name'])
    expect(none.body.result.error?.photos).toEqual(['Choose at least one photo of the person'])
    const six = await postMultipart({
      intent: 'enrol',
      name: 'Kat',
      photos: Array.from({ length: 6 }, (_, i) => jpegFile(`${i}.jpg`)),
    })
    expect(six.body.result.error?.photos).toEqual(['Choose at most 5 photos'])
    const huge = await postMultipart({
      intent: 'enrol',
      name: 'Kat',
      photos: [jpegFile('big.jpg', PHOTO_MAX_BYTES + 1)],
    })
    expect(huge.status).toBe(413)
    expect(huge.body).toMatchObject({
      intent: 'enrol',
      result: { error: { photos: ['A photo is larger than 10 MB'] } },
    })
    expect(calls).toBe(0)
  })

  it('answers a post without a session with the sign-in redirect', async () => {
    const result = await run(async () =>
      action(args(await multipartRequest(DEMO, { intent: 'enrol', name: 'Kat', photos: jpegFile() }, null))),
    )
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login/)
  })
})

describe('face demo: verify and identify', () => {
  it('verifies a photo against the claimed person and opens the validated scan with a toast', async () => {
    const result = await postMultipart({ intent: 'verify', person_id: '41', photo: jpegFile('me.jpg') })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${SCANS}/validated/700`)
    expect(await toastOf(result.headers)).toMatchObject({
      title: 'Scan complete',
      message: 'Validated: the face is Ada Lovelace',
    })
    expect(faceState.verifications).toEqual([{ person_id: 41, photo: 'me.jpg', size: 2048 }])
  })

  it('opens an invalidated scan under Invalidated', async () => {
    const result = await postMultipart({ intent: 'verify', person_id: '41', photo: jpegFile('other.jpg') })
    expect(result.headers.get('Location')).toBe(`${SCANS}/total_invalidated/700`)
    expect((await toastOf(result.headers))?.message).toBe('Invalidated: Distance 0.688 is over the threshold 0.43')
  })

  it('identifies a photo without a claimed person', async () => {
    const result = await postMultipart({ intent: 'identify', photo: jpegFile('who.jpg') })
    expect(result.headers.get('Location')).toBe(`${SCANS}/validated/700`)
    expect(faceState.verifications).toEqual([{ person_id: null, photo: 'who.jpg', size: 2048 }])
  })

  it('asks for a person and a photo before calling the API', async () => {
    const result = await postMultipart({ intent: 'verify', person_id: '' })
    expect(result.status).toBe(400)
    expect(result.body.result.error).toMatchObject({ person_id: ['Choose a person'], photo: ['Choose a photo'] })
    expect(faceState.verifications).toEqual([])
  })

  it("shows the engine's refusal of the photo next to it", async () => {
    const result = await postMultipart({ intent: 'identify', photo: jpegFile('blurry.jpg') })
    expect(result.status).toBe(400)
    expect(result.body).toMatchObject({
      intent: 'identify',
      result: { error: { photo: ['The photo (blurry.jpg): The face is too blurred; take a sharper photo.'] } },
    })
  })

  it("refuses someone else's person", async () => {
    const result = await postMultipart({ intent: 'verify', person_id: '43', photo: jpegFile() })
    expect(result.status).toBe(400)
    expect(result.body.result.error?.person_id).toEqual(['No such person among yours'])
  })
})

describe('face demo: edit and delete', () => {
  it('renames a person and comes back with a toast', async () => {
    const result = await postForm({ intent: 'edit', person_id: '41', name: 'Ada King', external_id: '' })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(DEMO)
    expect((await toastOf(result.headers))?.message).toBe('Person updated successfully')
    expect(faceState.updates).toEqual([{ id: 41, name: 'Ada King' }])
  })

  it('keeps the edit form open with the error when the name is empty', async () => {
    const result = await postForm({ intent: 'edit', person_id: '41', name: ' ' }, 'auditor', `${DEMO}?edit=41`)
    expect(result.status).toBe(400)
    expect(result.body).toMatchObject({
      intent: 'edit',
      personId: 41,
      result: { error: { name: ['Enter the person’s name'] } },
    })
    expect(faceState.updates).toEqual([])
  })

  it("deletes a person with 'Deleted record successfully!' and returns to the list as it was", async () => {
    const result = await postForm({ intent: 'delete', person_id: '42', redirectTo: `${DEMO}?page=1&confirm-delete=42` })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${DEMO}?page=1`)
    expect((await toastOf(result.headers))?.message).toBe('Deleted record successfully!')
    expect(faceState.deleted).toEqual([42])
    const after = await load(DEMO)
    expect(after.body.people.list?.results.map((p) => p.name)).toEqual(['Ada Lovelace'])
  })

  it('says why a delete failed, and never leaves the demo for another site', async () => {
    const result = await postForm({ intent: 'delete', person_id: '43', redirectTo: 'https://evil.example/' })
    expect(result.headers.get('Location')).toBe(DEMO)
    expect(await toastOf(result.headers)).toMatchObject({
      title: 'The person was not deleted',
      message: 'Person not found',
      type: 'error',
    })
    expect(faceState.deleted).toEqual([])
  })

  it('answers 400 to a form without a known intent', async () => {
    const result = await postForm({ intent: 'launch' })
    expect(result.status).toBe(400)
    expect(result.body.intent).toBeNull()
  })
})

describe('the upstream failing', () => {
  it('passes a 503 on as the form error when the API cannot be reached', async () => {
    server.use(http.post(UPSTREAM + paths.faceVerify, () => HttpResponse.error()))
    const result = await postMultipart({ intent: 'verify', person_id: '41', photo: jpegFile() })
    expect(result.status).toBe(503)
    expect(result.body.result.error?.['']?.[0]).toMatch(/can't be reached/)
  })
})
