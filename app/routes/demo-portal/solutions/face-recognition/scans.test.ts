import type { LoaderFunctionArgs } from '@remix-run/node'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { toastOf } from '#tests/fixtures/speech'
import { FACE_IDS, faceState, resetFaceMocks } from '#tests/mocks/face'
import { loader as bucketLoader } from './bucket'
import { loader as overviewLoader } from './index'
import { action as scanAction, loader as scanLoader } from './scan'

const OVERVIEW = '/demo-portal/solutions/facial-recognition'
const BASE = '/demo-portal/solutions/face-recognition'

type Row = { scan_id: number; decision: string; photoSrc: string | null; person: { name: string } | null }
type Overview = {
  kpi: { value: { results: { bucket: string; count: number }[] } | null; error: string | null }
  recent: { value: { count: number; results: Row[] } | null; error: string | null }
  people: { value: number | null; error: string | null }
}
type Bucket = {
  bucket: string
  current: number
  page: { count: number; total_pages: number; results: Row[] } | null
  error: string | null
}
type ScanPage = {
  bucket: string
  scan: Row & { landmarks: unknown[] }
  reference: string | null
  externalId: string | null
}

async function load<T>(
  fn: (a: LoaderFunctionArgs) => unknown,
  url: string,
  params: Record<string, string> = {},
  who: DemoKey = 'auditor',
) {
  return run<T>(async () => fn(args(await requestWithTokens(url, tokensFor(who)), params)))
}

beforeEach(() => resetFaceMocks())

describe('facial recognition overview loader', () => {
  it('gives the counts by bucket, the recent scans with their photos and the number of people', async () => {
    const result = await load<Overview>(overviewLoader, OVERVIEW)
    expect(result.status).toBe(200)
    expect(result.body.kpi.value?.results.map((r) => [r.bucket, r.count])).toEqual([
      ['total_scanned', 4],
      ['validated', 2],
      ['total_invalidated', 2],
    ])
    expect(result.body.recent.value?.results.map((s) => s.scan_id)).toEqual([304, 303, 302, 301])
    expect(result.body.recent.value?.results[0].photoSrc).toBe(
      '/resources/image/face_recognition/scan_photo/304/?expires=1893456000&sig=scan-304',
    )
    expect(result.body.people.value).toBe(2)
  })

  it('an admin sees everyone’s scans', async () => {
    const result = await load<Overview>(overviewLoader, OVERVIEW, {}, 'admin')
    expect(result.body.kpi.value?.results[0].count).toBe(5)
    expect(result.body.people.value).toBe(3)
  })

  it('shows the rest when one part fails', async () => {
    server.use(http.get(UPSTREAM + paths.faceKpi, () => errorReply(500, 'KPIs are down')))
    const result = await load<Overview>(overviewLoader, OVERVIEW)
    expect(result.status).toBe(200)
    expect(result.body.kpi).toEqual({ value: null, error: 'KPIs are down' })
    expect(result.body.recent.value?.count).toBe(4)
  })
})

describe('facial recognition bucket loader', () => {
  it("lists a bucket's scans", async () => {
    const result = await load<Bucket>(bucketLoader, `${BASE}/validated`, { type: 'validated' })
    expect(result.body.bucket).toBe('validated')
    expect(result.body.page?.results.map((s) => s.scan_id)).toEqual([303, 301])
    const invalid = await load<Bucket>(bucketLoader, `${BASE}/total_invalidated`, { type: 'total_invalidated' })
    expect(invalid.body.page?.results.map((s) => s.decision)).toEqual(['invalidated', 'invalidated'])
  })

  it('pages with ?page=', async () => {
    let asked: string | null = null
    server.use(
      http.get(UPSTREAM + paths.faceScans, ({ request }) => {
        asked = new URL(request.url).search
      }),
    )
    const result = await load<Bucket>(bucketLoader, `${BASE}/total_scanned?page=2`, { type: 'total_scanned' })
    expect(asked).toBe('?bucket=total_scanned&page=2&page_size=10')
    expect(result.body.current).toBe(2)
  })

  it('answers 404 for a bucket that does not exist, before asking the API', async () => {
    server.use(http.get(UPSTREAM + paths.faceScans, () => errorReply(500, 'should not be called')))
    for (const type of ['pending', 'VALIDATED', '']) {
      const result = await load<string>(bucketLoader, `${BASE}/${type}`, { type })
      expect(result.thrown).toBe(true)
      expect(result.status).toBe(404)
      expect(result.body).toBe('Page not found')
    }
  })

  it('says when the list fails', async () => {
    server.use(http.get(UPSTREAM + paths.faceScans, () => errorReply(500, 'Database unavailable')))
    const result = await load<Bucket>(bucketLoader, `${BASE}/validated`, { type: 'validated' })
    expect(result.body.page).toBeNull()
    expect(result.body.error).toBe('Database unavailable')
  })
})

describe('facial recognition scan loader', () => {
  const at = (type: string, id: string | number, who: DemoKey = 'auditor') =>
    load<ScanPage>(scanLoader, `${BASE}/${type}/${id}`, { type, subtype: String(id) }, who)

  it('gives the scan with its landmarks, its photo and the person’s reference photo through the proxy', async () => {
    const result = await at('validated', FACE_IDS.validated)
    expect(result.status).toBe(200)
    expect(result.body.scan).toMatchObject({ scan_id: 301, decision: 'validated', person: { name: 'Ada Lovelace' } })
    expect(result.body.scan.landmarks).toHaveLength(68)
    expect(result.body.scan).not.toHaveProperty('photo_url')
    expect(result.body.scan.photoSrc).toBe(
      '/resources/image/face_recognition/scan_photo/301/?expires=1893456000&sig=scan-301',
    )
    expect(result.body.reference).toBe('/resources/image/face_recognition/photo/501/?expires=1893456000&sig=photo-501')
    expect(result.body.externalId).toBe('EMP-001')
  })

  it('shows any scan under Total scanned, and moves one to its own bucket otherwise', async () => {
    expect((await at('total_scanned', FACE_IDS.invalidated)).status).toBe(200)
    const moved = await at('validated', FACE_IDS.invalidated)
    expect(moved.status).toBe(302)
    expect(moved.headers.get('Location')).toBe(`${BASE}/total_invalidated/302`)
  })

  it('a scan without a match has no person', async () => {
    const result = await at('total_invalidated', FACE_IDS.unknown)
    expect(result.body.scan.person).toBeNull()
    expect(result.body.reference).toBeNull()
  })

  it("answers 404 'Scan not found' for an unknown, someone else's or malformed id, and for a bad bucket", async () => {
    for (const [type, id] of [
      ['validated', 999],
      ['validated', FACE_IDS.supervisors],
      ['validated', 'abc'],
    ] as const) {
      const result = await at(type, id)
      expect(result.status).toBe(404)
      expect(result.body).toBe('Scan not found')
    }
    expect((await at('validated', FACE_IDS.supervisors, 'admin')).status).toBe(200)
    const bad = await at('everything', FACE_IDS.validated)
    expect(bad.status).toBe(404)
    expect(bad.body).toBe('Page not found')
  })
})

describe('deleting a scan from its page', () => {
  const del = async (type: string, id: string | number, intent = 'delete') => {
    const request = await requestWithTokens(`${BASE}/${type}/${id}`, tokensFor('auditor'), {
      method: 'POST',
      body: new URLSearchParams({ intent, scan_id: String(id), redirectTo: `${BASE}/${type}/${id}` }),
    })
    return run<string>(() => scanAction(args(request, { type, subtype: String(id) })))
  }

  it("deletes it and returns to its bucket with 'Deleted record successfully!'", async () => {
    const result = await del('validated', FACE_IDS.validated)
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${BASE}/validated`)
    expect((await toastOf(result.headers))?.message).toBe('Deleted record successfully!')
    expect(faceState.deletedScans).toEqual([FACE_IDS.validated])
    const list = await load<Bucket>(bucketLoader, `${BASE}/validated`, { type: 'validated' })
    expect(list.body.page?.results.map((s) => s.scan_id)).toEqual([303])
  })

  it("answers 404 'Scan not found' for a scan that is gone or someone else's", async () => {
    for (const id of [999, FACE_IDS.supervisors]) {
      const result = await del('total_scanned', id)
      expect(result.thrown).toBe(true)
      expect(result.status).toBe(404)
      expect(result.body).toBe('Scan not found')
    }
    expect(faceState.deletedScans).toEqual([])
  })

  it('returns to the scan and says why when the API fails', async () => {
    server.use(http.delete(UPSTREAM + paths.faceScan(':id'), () => errorReply(500, 'Database unavailable')))
    const result = await del('validated', FACE_IDS.validated)
    expect(result.headers.get('Location')).toBe(`${BASE}/validated/${FACE_IDS.validated}`)
    expect(await toastOf(result.headers)).toMatchObject({
      title: 'The scan was not deleted',
      message: 'Database unavailable',
      type: 'error',
    })
  })
})
