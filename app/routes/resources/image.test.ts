import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { UPSTREAM, server } from '#tests/mocks/handlers'
import { PNG, photoSig } from '#tests/mocks/face'
import { toPortalImageUrl } from '~/services/images.server'
import { loader } from './image'

const signed = (sig = photoSig('photo', 501)) => `?expires=1893456000&sig=${sig}`

async function get(rest: string, search: string, { signedIn = true, headers = {} as Record<string, string> } = {}) {
  const url = `/resources/image/${rest}${search}`
  const request = await requestWithTokens(url, signedIn ? tokensFor('auditor') : null, { headers })
  return run(() => loader(args(request, { '*': rest })))
}

describe('image proxy', () => {
  it('streams a face photo from the signed API link, without the session, as a private image', async () => {
    let authorization: string | null = 'unset'
    let query = ''
    let forwardedFor: string | null = null
    server.use(
      http.get(UPSTREAM + paths.facePhoto(':id'), ({ request }) => {
        authorization = request.headers.get('Authorization')
        forwardedFor = request.headers.get('X-Forwarded-For')
        query = new URL(request.url).search
      }),
    )
    const request = await requestWithTokens(
      `/resources/image/face_recognition/photo/501/${signed()}`,
      tokensFor('auditor'),
      { headers: { 'X-Real-IP': '198.51.100.2' } },
    )
    const response = await loader({
      ...args(request, { '*': 'face_recognition/photo/501/' }),
      context: { socketAddress: '203.0.113.9' },
    })
    expect(response.status).toBe(200)
    expect(authorization).toBeNull()
    expect(query).toBe(signed())
    expect(forwardedFor).toBe('203.0.113.9')
    expect(response.headers.get('Content-Type')).toBe('image/png')
    expect(response.headers.get('Content-Length')).toBe(String(PNG.length))
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG)
  })

  it('serves scan photos too', async () => {
    const result = await get('face_recognition/scan_photo/301/', signed(photoSig('scan', 301)))
    expect(result.status).toBe(200)
    expect(result.headers.get('Content-Type')).toBe('image/png')
  })

  it('asks a visitor without a session to sign in, without asking the API', async () => {
    server.use(http.get(UPSTREAM + paths.facePhoto(':id'), () => HttpResponse.error()))
    const result = await get('face_recognition/photo/501/', signed(), { signedIn: false })
    expect(result.status).toBe(401)
    expect(result.body).toBe('Sign in to see this image.')
  })

  it('refuses any API path that is not an image it proxies', async () => {
    server.use(http.get(`${UPSTREAM}/api/*`, () => HttpResponse.error()))
    for (const rest of [
      'accounts/users/',
      'face_recognition/people/',
      'face_recognition/photo/abc/',
      'face_recognition/photo/1/../../accounts/users/',
      'face_recognition/photo/12345678901/',
      'ocr/page_image/1/1234/',
    ]) {
      const result = await get(rest, signed())
      expect(result.status, rest).toBe(404)
      expect(result.body).toBe('Image not found')
    }
  })

  it('says the link expired when the API refuses the signature', async () => {
    const result = await get('face_recognition/photo/501/', signed('forged'))
    expect(result.status).toBe(403)
    expect(result.body).toBe('The image link has expired. Reload the page.')
  })

  it('passes a 404 on, and turns API failures into 502 and an unreachable API into 503', async () => {
    server.use(http.get(UPSTREAM + paths.facePhoto(':id'), () => HttpResponse.json({}, { status: 404 })))
    expect((await get('face_recognition/photo/501/', signed())).status).toBe(404)
    server.use(http.get(UPSTREAM + paths.facePhoto(':id'), () => new HttpResponse('boom', { status: 500 })))
    const failed = await get('face_recognition/photo/501/', signed())
    expect(failed.status).toBe(502)
    expect(failed.body).toBe('The image is not available.')
    server.use(http.get(UPSTREAM + paths.facePhoto(':id'), () => HttpResponse.error()))
    expect((await get('face_recognition/photo/501/', signed())).status).toBe(503)
  })
})

describe('toPortalImageUrl', () => {
  it('maps a signed API image link, relative or absolute, to the proxy, keeping its query', () => {
    expect(toPortalImageUrl('/api/face_recognition/photo/7/?expires=1&sig=abc')).toBe(
      '/resources/image/face_recognition/photo/7/?expires=1&sig=abc',
    )
    expect(toPortalImageUrl('http://api.internal:8000/api/ocr/page_image/3/2/?expires=1&sig=x')).toBe(
      '/resources/image/ocr/page_image/3/2/?expires=1&sig=x',
    )
    expect(toPortalImageUrl('/api/face_recognition/scan_photo/9/')).toBe(
      '/resources/image/face_recognition/scan_photo/9/',
    )
  })

  it('gives null for nothing, or for a link that is not an image the portal serves', () => {
    for (const link of [null, undefined, '', '/api/accounts/users/', '/face_recognition/photo/7/', 'http://[bad']) {
      expect(toPortalImageUrl(link), String(link)).toBeNull()
    }
  })
})
