import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { audioSignature, silentWav } from '#tests/fixtures/evaluations'
import { args, run } from '#tests/fixtures/remix'
import { UPSTREAM, server } from '#tests/mocks/handlers'
import { loader } from './call-audio'

const RECORDING = 9101
const WAV_LENGTH = silentWav().length
const signed = (sig = audioSignature(RECORDING)) => `?expires=1893456000&uid=3&sig=${sig}`

function get(search: string, headers: HeadersInit = {}, recordingId = String(RECORDING)) {
  const request = new Request(`http://portal.test/resources/call-audio/${recordingId}${search}`, { headers })
  return loader(args(request, { recordingId }))
}

describe('call audio proxy', () => {
  it('forwards the Range header and answers 206 with the partial content headers', async () => {
    let range: string | null = null
    let authorization: string | null = 'unset'
    let query = ''
    server.use(
      http.get(UPSTREAM + paths.recordingAudio(':id'), ({ request }) => {
        range = request.headers.get('Range')
        authorization = request.headers.get('Authorization')
        query = new URL(request.url).search
      }),
    )
    const response = await get(signed(), { Range: 'bytes=0-99', Cookie: 'access_token_demo=secret' })
    expect(response.status).toBe(206)
    expect(range).toBe('bytes=0-99')
    expect(authorization).toBeNull()
    expect(query).toBe(signed())
    expect(response.headers.get('Content-Range')).toBe(`bytes 0-99/${WAV_LENGTH}`)
    expect(response.headers.get('Content-Length')).toBe('100')
    expect(response.headers.get('Accept-Ranges')).toBe('bytes')
    expect(response.headers.get('Content-Type')).toBe('audio/wav')
    // a user's recording: never kept by a shared cache or left in the browser's
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(bytes).toHaveLength(100)
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF')
  })

  it('streams the whole file with 200 without a range', async () => {
    const response = await get(signed())
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Length')).toBe(String(WAV_LENGTH))
    expect((await response.arrayBuffer()).byteLength).toBe(WAV_LENGTH)
  })

  it('passes 416 through for a range past the end', async () => {
    const response = await get(signed(), { Range: `bytes=${WAV_LENGTH + 10}-` })
    expect(response.status).toBe(416)
    expect(response.headers.get('Content-Range')).toBe(`bytes */${WAV_LENGTH}`)
  })

  it('says the link expired when the signature is refused', async () => {
    const response = await get(signed('forged'))
    expect(response.status).toBe(403)
    expect(await response.text()).toBe('The audio link has expired. Reload the page.')
  })

  it('refuses an id that is not a number without asking the upstream', async () => {
    server.use(http.get(UPSTREAM + paths.recordingAudio(':id'), () => HttpResponse.error()))
    const result = await run(() => get(signed(), {}, '..%2Fadmin'))
    expect(result.status).toBe(404)
  })

  it('answers 503 when the upstream cannot be reached and 502 for its failures', async () => {
    server.use(http.get(UPSTREAM + paths.recordingAudio(':id'), () => HttpResponse.error()))
    expect((await get(signed())).status).toBe(503)
    server.use(http.get(UPSTREAM + paths.recordingAudio(':id'), () => new HttpResponse('boom', { status: 500 })))
    expect((await get(signed())).status).toBe(502)
  })
})
