import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { hashPassword } from '#api/auth/password'
import { documents, summaries, systemState, users } from '#api/db/schema'
import { decodeAudio } from '#api/engines/speech'
import { pocketsphinxStatus } from '#api/engines/speech/engines/pocketsphinx'
import { parseEnv } from '#api/env'
import { callTranscript } from '#api/seed/calls'
import { DEMO_PASSWORD, demoUsers, domains } from '#api/seed/demo-data'
import {
  seedShowcase,
  SHOWCASE_ACCOUNTS,
  SHOWCASE_FACE,
  SHOWCASE_PRIORITY,
  showcaseKey,
  showcasePlan,
  type ShowcasePlan,
} from '#api/seed/showcase'
import { recordingFile } from '#api/seed/showcase/inputs'
import { TEST_PAGES } from '#api/engines/ocr/test-pages'
import { setupTestApp, testQueue, tokensFor, until, type TestApp } from '#api/test-utils'

/*
 * The showcase through the real engines, small: one invoice, the first turns of a demo call as a
 * stereo recording, one transcript to summarise, and two people with a match and a non-match, for
 * the visitor (and some of it for the admin). Seeded once (a second seed queues nothing, nor does one after the user
 * deleted the items); the workers then fill the areas as they fill them for an upload.
 */

const VISITOR = 'visitor@demo.local'
const ADMIN = 'admin@demo.local'
const AUDITOR = 'auditor@demo.local'

const plan: ShowcasePlan = {
  documents: [showcasePlan.documents[0]!],
  recordings: [{ call: 'acme-standing-order-setup', channels: 2, domain: 'banking', clipS: 12 }],
  summaries: [{ call: 'acme-standing-order-setup', summaryType: 'call_notes' }],
  face: {
    [VISITOR]: {
      people: showcasePlan.face[VISITOR]!.people.slice(0, 2),
      scans: showcasePlan.face[VISITOR]!.scans.slice(0, 2),
    },
  },
}
const canHear = (await pocketsphinxStatus()).ok
const silent = { error() {} }

let t: TestApp
const auth: Record<string, Record<string, string>> = {}
const ids: Record<string, number> = {}

beforeAll(async () => {
  t = await setupTestApp({}, { queue: testQueue(1) })
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const rows = await t.db
    .insert(users)
    .values(demoUsers.map((u) => ({ ...u, passwordHash })))
    .returning()
  for (const row of rows) ids[row.email] = row.id
  for (const email of [VISITOR, ADMIN]) auth[email] = (await tokensFor(t, { email, password: DEMO_PASSWORD })).auth
}, 60_000)
afterAll(() => t?.close())

async function get<T>(url: string, email: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: auth[email] })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as T
}

type Page<T> = { count: number; results: T[] }

/** The showcase's jobs in pg-boss, by queue, and their priorities. */
async function showcaseJobs() {
  const names = ['read-document', 'transcribe-recording', 'summarize-text', SHOWCASE_FACE]
  const { rows } = (await t.db.execute(
    sql`select name, priority, count(*)::int as n from pgboss.job where name in ${names} group by name, priority order by name`,
  )) as unknown as { rows: { name: string; priority: number; n: number }[] }
  return rows
}

describe('the showcase', () => {
  it('is planned from what the repository ships, for every demo account', () => {
    expect([...SHOWCASE_ACCOUNTS].sort()).toEqual(demoUsers.map((u) => u.email).sort())
    const pages = new Set(TEST_PAGES.map((p) => p.id))
    expect(showcasePlan.documents.length).toBeGreaterThanOrEqual(3)
    for (const doc of showcasePlan.documents) expect(pages.has(doc.page), doc.page).toBe(true)
    const demoDomains = new Set(domains.map(([code]) => code))
    expect(showcasePlan.recordings.map((r) => r.channels)).toEqual(expect.arrayContaining([1, 2]))
    for (const rec of showcasePlan.recordings) {
      expect(demoDomains.has(rec.domain), rec.domain).toBe(true)
      expect(callTranscript(rec.call).audio, rec.call).toBe(true)
    }
    for (const s of showcasePlan.summaries) expect(callTranscript(s.call).segments.length).toBeGreaterThan(5)
    // everyone but the admin (who sees every account's people) has a cast; each scan claims one of its people
    expect(Object.keys(showcasePlan.face).sort()).toEqual(SHOWCASE_ACCOUNTS.filter((e) => e !== ADMIN).sort())
    for (const cast of Object.values(showcasePlan.face)) {
      const enrolled = new Set(cast.people.map((p) => p.externalId))
      expect(cast.people.length).toBeGreaterThanOrEqual(2)
      for (const scan of cast.scans) if (scan.kind === 'verify') expect(enrolled.has(scan.claimed)).toBe(true)
    }
    // no one is enrolled twice across the accounts: the admin's list holds each person once
    const everyone = Object.values(showcasePlan.face).flatMap((c) => c.people.map((p) => JSON.stringify(p.photo)))
    expect(new Set(everyone).size).toBe(everyone.length)
  })

  it('keeps a whole mono call as shipped and gives a stereo one each speaker a channel of their own', async () => {
    const mono = await recordingFile({ call: 'acme-standing-order-setup', channels: 1, domain: 'banking' })
    expect(mono.fileName).toBe('acme-standing-order-setup.ogg')
    expect(mono.bytes.subarray(0, 4).toString('latin1')).toBe('OggS')

    const stereo = await recordingFile(plan.recordings[0]!)
    expect(stereo.fileName).toBe('acme-standing-order-setup-first-12s-stereo.wav')
    const audio = await decodeAudio(stereo.bytes)
    expect(audio.channels).toHaveLength(2)
    const kept = callTranscript('acme-standing-order-setup').segments.filter((s) => s.end <= 12)
    expect(audio.durationS).toBeCloseTo(kept.at(-1)!.end + 0.6, 1)
    const energy = (channel: Float32Array, from: number, to: number) => {
      let sum = 0
      for (let i = Math.round(from * 16000); i < Math.round(to * 16000); i++) sum += channel[i]! ** 2
      return sum
    }
    for (const turn of kept) {
      const [own, other] = turn.speaker === 'agent' ? [0, 1] : [1, 0]
      expect(energy(audio.channels[own]!, turn.start, turn.end)).toBeGreaterThan(1)
      expect(energy(audio.channels[other]!, turn.start + 0.3, turn.end - 0.3)).toBe(0)
    }
  })

  it('queues the uploads’ ordinary jobs once, behind users’ own, and not again', async () => {
    const seed = () => seedShowcase(t.db, { queue: t.queue!, blobs: t.blobs, accounts: [VISITOR], plan })
    expect(await seed()).toEqual({ documents: 1, recordings: 1, summaries: 1, face: 1 })
    const jobs = await showcaseJobs()
    expect(jobs.map((j) => [j.name, j.n])).toEqual([
      ['read-document', 1],
      [SHOWCASE_FACE, 1],
      ['summarize-text', 1],
      ['transcribe-recording', 1],
    ])
    expect(new Set(jobs.map((j) => j.priority))).toEqual(new Set([SHOWCASE_PRIORITY]))
    const [visitorDocs] = await t.db.select().from(documents).where(eq(documents.userId, ids[VISITOR]!))
    expect(visitorDocs).toMatchObject({ fileName: plan.documents[0]!.fileName, documentType: 'invoice' })

    expect(await seed()).toEqual({ documents: 0, recordings: 0, summaries: 0, face: 0 })
    expect(await showcaseJobs()).toEqual(jobs)
  })

  it('queues no face job for an account without a cast: the admin sees everyone’s people', async () => {
    // (no recording: the visitor's one transcription is enough for this run)
    const queued = await seedShowcase(t.db, {
      queue: t.queue!,
      blobs: t.blobs,
      accounts: [ADMIN],
      plan: { ...plan, recordings: [] },
    })
    expect(queued).toEqual({ documents: 1, recordings: 0, summaries: 1, face: 0 })
  })

  it('leaves an account’s area alone when it has items of its own, and marks it', async () => {
    await t.db.insert(summaries).values({
      userId: ids[AUDITOR]!,
      summaryType: 'brief',
      sourceName: 'Pasted text',
      text: 'Agent: Hello. Customer: Hi, I am calling about my bill.',
      wordCount: 11,
    })
    const queued = await seedShowcase(t.db, {
      queue: t.queue!,
      blobs: t.blobs,
      accounts: [AUDITOR],
      plan: { ...plan, documents: [], recordings: [], face: {} },
      log: silent,
    })
    expect(queued.summaries).toBe(0)
    const [marker] = await t.db
      .select()
      .from(systemState)
      .where(eq(systemState.key, showcaseKey('summaries', AUDITOR)))
    expect(marker?.value).toMatch(/^had items of its own/)
  })

  it('claims nothing when an input cannot be made, so the next start tries again', async () => {
    const errors: unknown[] = []
    const queued = await seedShowcase(t.db, {
      queue: t.queue!,
      blobs: t.blobs,
      accounts: [AUDITOR],
      plan: {
        documents: [],
        summaries: [],
        face: {},
        recordings: [{ call: 'no-such-call', channels: 1, domain: 'banking' }],
      },
      log: { error: (obj) => errors.push(obj) },
    })
    expect(queued.recordings).toBe(0)
    expect(errors).toHaveLength(1)
    const markers = await t.db
      .select()
      .from(systemState)
      .where(eq(systemState.key, showcaseKey('recordings', AUDITOR)))
    expect(markers).toEqual([])
  })

  it('fills the areas with the engines’ results, as the pages list them', async () => {
    // document OCR: the invoice read, its fields extracted
    type Doc = { document_id: number; status: string; file_name: string }
    const doc = await until(
      async () => {
        const list = await get<Page<Doc>>(paths.uploadDocument, VISITOR)
        return list.results.find((d) => d.status === 'completed' || d.status === 'failed')
      },
      { ms: 90_000, every: 250 },
    )
    expect(doc.status).toBe('completed')
    const detail = await get<{ text: string; fields: { name: string; value: string }[]; engine: string }>(
      `${paths.documentDetails}?document_id=${doc.document_id}`,
      VISITOR,
    )
    expect(detail.engine).toBe('tesseract.js')
    expect(detail.text).toContain('INV-20931')
    expect(detail.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'invoice_number', value: 'INV-20931' }),
        expect.objectContaining({ name: 'total', value: '187.07' }),
      ]),
    )

    // summarization: the call's transcript as call notes
    type Sum = { summary_id: number; status: string }
    const sum = await until(
      async () => (await get<Page<Sum>>(paths.summarize, VISITOR)).results.find((s) => s.status === 'completed'),
      { ms: 60_000, every: 250 },
    )
    const made = await get<{ summary: string; engine: string; source: string }>(
      `${paths.summaryStatus}?summary_id=${sum.summary_id}`,
      VISITOR,
    )
    expect(made.engine).toBe('extractive')
    expect(made.source).toBe('acme-standing-order-setup-transcript.txt')
    expect(made.summary).toMatch(/standing order/i)

    // facial recognition: two people enrolled, a match under the threshold and a non-match over it
    type Scan = { decision: string; distance: number; threshold: number; person: { name: string } | null }
    const scans = await until(
      async () => {
        const list = await get<Page<Scan>>(paths.faceScans, VISITOR)
        return list.count >= 2 && list.results
      },
      { ms: 90_000, every: 250 },
    )
    const people = await get<Page<{ name: string; photos: unknown[] }>>(paths.facePeople, VISITOR)
    expect(people.results.map((p) => p.name).sort()).toEqual(['Marcus Whitfield', 'Owen Gallagher'])
    for (const person of people.results) expect(person.photos).toHaveLength(1)
    const byDecision = Object.fromEntries(scans.map((s) => [s.decision, s]))
    expect(byDecision.validated!.distance).toBeLessThan(byDecision.validated!.threshold)
    expect(byDecision.invalidated!.distance).toBeGreaterThan(byDecision.invalidated!.threshold)
    expect(byDecision.validated!.person?.name).toBe('Marcus Whitfield')
    // the admin has no people of their own, and sees the visitor's (the face rule)
    expect((await get<Page<unknown>>(paths.facePeople, ADMIN)).count).toBe(2)

    // speech recognition: the stereo call transcribed a channel a speaker (or, without an engine, why not)
    type Rec = { recording_id: number; status: string; file_name: string }
    const rec = await until(
      async () =>
        (await get<Page<Rec>>(paths.uploadRecording, VISITOR)).results.find(
          (r) => r.status === 'completed' || r.status === 'failed',
        ),
      { ms: 120_000, every: 250 },
    )
    const heard = await get<{
      status: string
      failure_reason: string | null
      channels: number | null
      segments: { speaker: string; text: string }[]
      summary: string
    }>(`${paths.recordingStatus}?recording_id=${rec.recording_id}`, VISITOR)
    if (!canHear) {
      expect(heard.failure_reason).toMatch(/No speech recognition engine/)
      return
    }
    expect(heard.status, heard.failure_reason ?? '').toBe('completed')
    expect(heard.channels).toBe(2)
    expect(new Set(heard.segments.map((s) => s.speaker))).toEqual(new Set(['agent', 'customer']))
    expect(heard.segments.map((s) => s.text).join(' ').length).toBeGreaterThan(20)
    expect(heard.summary.length).toBeGreaterThan(0)
  }, 300_000)

  it('does not bring back what a user deleted', async () => {
    await t.db.delete(documents).where(eq(documents.userId, ids[VISITOR]!))
    const queued = await seedShowcase(t.db, { queue: t.queue!, blobs: t.blobs, accounts: [VISITOR], plan })
    expect(queued.documents).toBe(0)
    const left = await t.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.userId, ids[VISITOR]!), inArray(documents.fileName, [plan.documents[0]!.fileName])))
    expect(left).toHaveLength(0)
  })
})

describe('SEED_SHOWCASE', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp' }

  it('follows SEED_DEMO unless set: every demo account, none, or those listed', () => {
    expect(parseEnv(base).seedShowcase).toBe(true)
    expect(parseEnv({ ...base, SEED_DEMO: 'false' }).seedShowcase).toBe(false)
    expect(parseEnv({ ...base, SEED_SHOWCASE: 'false' }).seedShowcase).toBe(false)
    expect(parseEnv({ ...base, SEED_DEMO: 'false', SEED_SHOWCASE: 'true' }).seedShowcase).toBe(false)
    expect(parseEnv({ ...base, SEED_SHOWCASE: ' Visitor@demo.local, admin@demo.local ' }).seedShowcase).toEqual([
      VISITOR,
      ADMIN,
    ])
    expect(() => parseEnv({ ...base, SEED_SHOWCASE: 'visitors' })).toThrow(/SEED_SHOWCASE/)
  })
})
