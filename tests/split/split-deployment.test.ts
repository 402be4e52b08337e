import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { endpoints } from '#contract/endpoints'
import { openDatabase } from '#api/db/client'
import { renderLines } from '#api/engines/ocr/test-images'
import { AGENT_VOICE, CUSTOMER_VOICE, speak, writeWav } from '#api/engines/speech/test-audio'
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from '#api/lib/test-s3'
import { SCORE_ITEM } from '#api/modules/agent-scoring/job'
import { READ_DOCUMENT } from '#api/modules/ocr/job'
import { TRANSCRIBE_RECORDING } from '#api/modules/speech/job'
import { DEMO_PASSWORD } from '#api/seed/demo-data'
import { seedDemo } from '#api/seed/seed'
import { freePort } from '../../scripts/lib/launch.mjs'
import { startRole, stopRoles, type RoleProcess } from './roles'

/*
 * A split deployment on one machine, as real processes: two APIs (WORKERS=0) and two workers,
 * each started by scripts/start-role.mjs with a DATA_DIR of its own, sharing only PostgreSQL and
 * an S3 bucket (s3rver). 50 uploads (speech, OCR, face, agent scoring) go alternately to the two
 * APIs; every job must run exactly once, on a worker, and every result and file must be readable
 * from both APIs. The whole file stays under 6 minutes on 2 cores: small uploads, bounded waits.
 */

const FILE_BUDGET_MS = 345_000
const startedAt = Date.now()
const left = () => startedAt + FILE_BUDGET_MS - Date.now()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = `split_${randomBytes(4).toString('hex')}`
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString()

async function postgresReachable() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}
const reachable = await postgresReachable()
if (!reachable) {
  console.warn(
    `Skipping the split deployment test: PostgreSQL is unreachable at ${new URL(adminUrl).host} ` +
      '(start it, or point TEST_DATABASE_URL at one).',
  )
}

const QUEUES = [TRANSCRIBE_RECORDING, READ_DOCUMENT, SCORE_ITEM]
const COUNTS = { speech: 13, ocr: 13, face: 12, scoring: 12 }
type Kind = keyof typeof COUNTS
type Api = { name: string; url: string; role: RoleProcess; auth: Record<string, string> }
type Worker = { name: string; role: RoleProcess; id: string }
type Upload = { kind: Kind; via: Api; id: number; bytes: Buffer; marker: string }

let s3: TestS3
let pool: pg.Pool
const apis: Api[] = []
const workers: Worker[] = []
const dataDirs: string[] = []
let ids: { agent: number; campaign: number }
/** JWT_SECRET: the same on every process, so a token or signed link from one API holds on the other. */
const secret = randomBytes(32).toString('hex')

async function createDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database "${dbName}"`)
  await admin.end()
  // migrations and the demo data once, before any process starts (each API would only find them done)
  const database = await openDatabase({ driver: 'postgres', connectionString: dbUrl, max: 2 })
  try {
    await database.migrate()
    await seedDemo(database.db)
  } finally {
    await database.close()
  }
  pool = new pg.Pool({ connectionString: dbUrl, max: 2 })
  // A claim (api/jobs/workers.ts) lives while its job runs: this log keeps every claim, so the test
  // sees which worker ran each job, and whether any job was taken twice.
  await pool.query(`
    create table split_test_claims (job_id uuid not null, queue text not null, worker_id text not null);
    create function split_test_log_claim() returns trigger language plpgsql as $$
      begin
        insert into split_test_claims values (new.job_id, new.queue, new.worker_id);
        return new;
      end $$;
    create trigger split_test_log_claim after insert or update on job_claims
      for each row execute function split_test_log_claim();`)
  const { rows } = await pool.query<{ agent: number; campaign: number }>(`
    select (select id from users where email = 'agent@demo.local') as agent,
           (select min(id) from campaigns) as campaign`)
  ids = rows[0]!
}

async function dropDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists "${dbName}" with (force)`)
  await admin.end()
}

function roleEnv(name: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `split-${name}-`))
  dataDirs.push(dataDir)
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((key) => (process.env[key] ? [[key, process.env[key]!]] : [])),
  )
  return {
    ...inherited,
    NODE_ENV: 'production' as const,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // nothing on disk is shared: each process has its own DATA_DIR, the files are in the bucket
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    JWT_SECRET: secret,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    ...extra,
  }
}

async function waitForHealth(api: Api, ms: number) {
  const end = Date.now() + ms
  for (;;) {
    if (api.role.child.exitCode !== null) throw new Error(`${api.name} exited:\n${api.role.output()}`)
    const ok = await fetch(`${api.url}${paths.health}`)
      .then((res) => res.ok)
      .catch(() => false)
    if (ok) return
    if (Date.now() > end) throw new Error(`${api.name} did not answer in ${ms / 1000} s:\n${api.role.output()}`)
    await sleep(250)
  }
}

async function login(api: Api) {
  const res = await fetch(`${api.url}${paths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORD }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  const { access } = ((await res.json()) as { data: { access: string } }).data
  api.auth = { authorization: `Bearer ${access}` }
}

/** An API call's `data`; anything but 2xx fails with the body. */
async function call<T = Record<string, unknown>>(api: Api, url: string, body?: FormData): Promise<T> {
  const res = await fetch(`${api.url}${url}`, { method: body ? 'POST' : 'GET', body, headers: api.auth })
  const text = await res.text()
  if (!res.ok) throw new Error(`${api.name} ${body ? 'POST' : 'GET'} ${url}: ${res.status} ${text.slice(0, 400)}`)
  return (JSON.parse(text) as { data: T }).data
}

/** A signed link's bytes (no bearer token, as an <audio> or <img> fetches it). */
async function download(api: Api, link: string, range?: string) {
  const res = await fetch(`${api.url}${link}`, { headers: range ? { range } : {} })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

function form(
  fields: Record<string, string | number>,
  file: { field: string; name: string; type: string; bytes: Buffer },
) {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.set(key, String(value))
  body.set(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  return body
}

/** Runs the tasks `size` at a time, in order. */
async function inPool<T>(tasks: (() => Promise<T>)[], size: number) {
  const results: T[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < tasks.length) {
        const i = next++
        results[i] = await tasks[i]!()
      }
    }),
  )
  return results
}

const wavOf = (text: string, voice: typeof AGENT_VOICE) =>
  Buffer.from(writeWav({ sampleRate: 16000, channels: [speak(text, voice)] }))

/** What goes up: each file different, so a file served for the wrong record would show. */
async function makeInputs() {
  const face = path.join(import.meta.dirname, '../../api/engines/face/fixtures')
  const words = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve']
  return {
    speech: Array.from({ length: COUNTS.speech }, (_, i) => {
      const marker = words[i % words.length]!
      const text = `thank you for calling acme bank this is call ${marker} ${i >= words.length ? 'again ' : ''}how can i help`
      return { marker, bytes: wavOf(text, i % 2 ? AGENT_VOICE : CUSTOMER_VOICE) }
    }),
    ocr: await Promise.all(
      Array.from({ length: COUNTS.ocr }, async (_, i) => {
        const marker = `INV-${1001 + i}`
        const bytes = await renderLines([`Invoice number ${marker}`, `Total: ${100 + i}.00`], { width: 900 })
        return { marker, bytes }
      }),
    ),
    enrol: fs.readFileSync(path.join(face, 'person-a-1.jpg')),
    probes: [fs.readFileSync(path.join(face, 'person-a-2.jpg')), fs.readFileSync(path.join(face, 'person-b.jpg'))],
    chats: Array.from({ length: COUNTS.scoring }, (_, i) => {
      const marker = `order ${5000 + i}`
      const text = [
        `Customer: hello, my card was declined at the supermarket, ${marker}`,
        'Agent: Thank you for contacting Acme Bank, my name is Priya. Can I verify your date of birth first?',
        'Customer: 4 May 1988',
        'Agent: Thanks, the card is unblocked now. Is there anything else? Have a great day.',
      ].join('\n')
      return { marker, bytes: Buffer.from(text) }
    }),
  }
}

async function bucketKeys() {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  })
  const keys: string[] = []
  let token: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }))
    keys.push(...(page.Contents ?? []).map((o) => o.Key!))
    token = page.NextContinuationToken
  } while (token)
  client.destroy()
  return keys
}

describe.skipIf(!reachable)('a split deployment: 2 APIs and 2 workers on PostgreSQL with the S3 store', () => {
  let inputs: Awaited<ReturnType<typeof makeInputs>>
  const uploads: Upload[] = []
  let uploadMs = 0
  let drainMs = 0

  beforeAll(async () => {
    s3 = await startS3rver('split-files')
    await createDatabase()
    const [portA, portB] = [await freePort(), await freePort()]
    for (const [name, port] of [
      ['api-1', portA],
      ['api-2', portB],
    ] as const) {
      const role = startRole(name, 'api', roleEnv(name, { API_PORT: String(port), WORKERS: '0' }))
      apis.push({ name, url: `http://127.0.0.1:${port}`, role, auth: {} })
    }
    for (const name of ['worker-1', 'worker-2']) {
      workers.push({ name, role: startRole(name, 'worker', roleEnv(name, { WORKERS: '2' })), id: '' })
    }
    // the inputs are made while the four processes start
    const made = makeInputs()
    const boot = Math.min(120_000, left() - 200_000)
    await Promise.all([
      ...apis.map((api) => waitForHealth(api, boot)),
      ...workers.map(async (worker) => {
        worker.id = (await worker.role.waitForOutput(/^Worker (\S+) ready/, boot))[1]!
      }),
    ])
    for (const { role } of [...apis, ...workers]) role.remember()
    inputs = await made
    await Promise.all(apis.map(login))
    console.log(`split deployment: 4 processes ready ${((Date.now() - startedAt) / 1000).toFixed(1)} s into the file`)
  }, 150_000)

  afterAll(async () => {
    await stopRoles([...apis, ...workers].map((p) => p.role))
    await pool?.end()
    if (reachable) await dropDatabase().catch((error) => console.error('could not drop', dbName, error))
    await s3?.close()
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
  }, 30_000)

  it('takes 50 uploads of four kinds, alternating between the two APIs', async () => {
    const [a, b] = apis as [Api, Api]
    const started = Date.now()
    // the face to verify against, enrolled through the first API: the 1st upload
    const person = await call<{ person_id: number }>(
      a,
      paths.facePeople,
      form({ name: 'Person A' }, { field: 'photos', name: 'a.jpg', type: 'image/jpeg', bytes: inputs.enrol }),
    )
    uploads.push({ kind: 'face', via: a, id: person.person_id, bytes: inputs.enrol, marker: 'enrolled' })

    const tasks: (() => Promise<Upload>)[] = []
    const queued = { speech: 0, ocr: 0, face: 1, scoring: 0 }
    const order: Kind[] = ['speech', 'ocr', 'scoring', 'face']
    for (let n = 1; tasks.length < 49; n++) {
      const kind = order[n % order.length]!
      if (queued[kind] >= COUNTS[kind]) continue
      const i = queued[kind]++
      const via = tasks.length % 2 ? a : b
      tasks.push(async () => {
        if (kind === 'speech') {
          const { marker, bytes } = inputs.speech[i]!
          const file = { field: 'file', name: `call-${i}.wav`, type: 'audio/wav', bytes }
          const made = await call<{ recording_id: number }>(
            via,
            paths.uploadRecording,
            form({ language: 'en', domain: 'banking' }, file),
          )
          return { kind, via, id: made.recording_id, bytes, marker }
        }
        if (kind === 'ocr') {
          const { marker, bytes } = inputs.ocr[i]!
          const file = { field: 'file', name: `invoice-${i}.png`, type: 'image/png', bytes }
          const made = await call<{ document_id: number }>(
            via,
            paths.uploadDocument,
            form({ document_type: 'invoice' }, file),
          )
          return { kind, via, id: made.document_id, bytes, marker }
        }
        if (kind === 'scoring') {
          const { marker, bytes } = inputs.chats[i]!
          const file = { field: 'file', name: `chat-${i}.txt`, type: 'text/plain', bytes }
          const fields = { agent_id: ids.agent, campaign_id: ids.campaign, channel: 'chat' }
          const made = await call<{ item_id: number }>(via, endpoints.createScoringItem.path, form(fields, file))
          return { kind, via, id: made.item_id, bytes, marker }
        }
        const bytes = inputs.probes[i % 2]!
        const file = { field: 'photo', name: `probe-${i}.jpg`, type: 'image/jpeg', bytes }
        const made = await call<{ scan_id: number }>(via, paths.faceVerify, form({ person_id: person.person_id }, file))
        return { kind, via, id: made.scan_id, bytes, marker: i % 2 ? 'person B' : 'person A' }
      })
    }
    uploads.push(...(await inPool(tasks, 4)))
    uploadMs = Date.now() - started

    const perKind = Object.fromEntries(order.map((kind) => [kind, uploads.filter((u) => u.kind === kind).length]))
    expect(perKind).toEqual(COUNTS)
    expect(uploads).toHaveLength(50)
    expect(uploads.filter((u) => u.via === a)).toHaveLength(25)
  })

  it('runs every job exactly once, each on one of the two workers (the APIs run none)', async () => {
    expect(uploads).toHaveLength(50)
    const expected = COUNTS.speech + COUNTS.ocr + COUNTS.scoring
    const started = Date.now()
    const states = async () =>
      (
        await pool.query<{ state: string; n: number }>(
          'select state, count(*)::int as n from pgboss.job where name = any($1) group by state',
          [QUEUES],
        )
      ).rows
    for (;;) {
      const rows = await states()
      const total = rows.reduce((sum, r) => sum + r.n, 0)
      const settled = rows.filter((r) => ['completed', 'failed', 'cancelled'].includes(r.state))
      if (total === expected && settled.reduce((sum, r) => sum + r.n, 0) === expected) break
      if (left() < 75_000) {
        const logs = workers.map((w) => w.role.output()).join('\n')
        throw new Error(`jobs not drained in time: ${JSON.stringify(rows)}\n${logs}`)
      }
      await sleep(500)
    }
    drainMs = Date.now() - started

    const jobs = (
      await pool.query<{ id: string; name: string; state: string; retry_count: number }>(
        'select id, name, state, retry_count from pgboss.job where name = any($1)',
        [QUEUES],
      )
    ).rows
    const byQueue = (name: string) => jobs.filter((j) => j.name === name).length
    expect([byQueue(TRANSCRIBE_RECORDING), byQueue(READ_DOCUMENT), byQueue(SCORE_ITEM)]).toEqual([
      COUNTS.speech,
      COUNTS.ocr,
      COUNTS.scoring,
    ])
    // completed at the first try: pg-boss counts a second fetch of a job as a retry
    expect(jobs.filter((j) => j.state !== 'completed' || j.retry_count !== 0)).toEqual([])

    const claims = (
      await pool.query<{ job_id: string; worker_id: string }>(
        'select job_id, worker_id from split_test_claims where queue = any($1)',
        [QUEUES],
      )
    ).rows
    expect(claims).toHaveLength(expected)
    expect(new Set(claims.map((c) => c.job_id))).toEqual(new Set(jobs.map((j) => j.id)))
    const workerIds = workers.map((w) => w.id)
    expect(claims.filter((c) => !workerIds.includes(c.worker_id))).toEqual([])
    const live = (await pool.query<{ id: string }>('select id from job_workers')).rows.map((r) => r.id)
    expect(live.sort()).toEqual([...workerIds].sort())

    const perWorker = workers.map((w) => {
      const mine = claims.filter((c) => c.worker_id === w.id)
      const queues = QUEUES.map(
        (q) => `${q} ${mine.filter((c) => jobs.find((j) => j.id === c.job_id)?.name === q).length}`,
      )
      return { name: w.name, jobs: mine.length, detail: queues.join(', ') }
    })
    console.log(
      `split deployment: ${uploads.length} uploads (${COUNTS.speech} speech, ${COUNTS.ocr} OCR, ${COUNTS.face} face, ` +
        `${COUNTS.scoring} scoring) sent in ${(uploadMs / 1000).toFixed(1)} s; ${expected} jobs drained ` +
        `${(drainMs / 1000).toFixed(1)} s after the last upload (${((uploadMs + drainMs) / 1000).toFixed(1)} s from the first); ` +
        `jobs per worker: ${perWorker.map((w) => `${w.name} ${w.jobs} (${w.detail})`).join('; ')}`,
    )
    for (const worker of perWorker) expect(worker.jobs, worker.name).toBeGreaterThan(0)

    // no result written twice: one scoring per item, one page per document, and in the bucket
    // exactly the uploaded files and one page image per document
    const of = (kind: Kind) => uploads.filter((u) => u.kind === kind).map((u) => u.id)
    const scored = await pool.query<{ item_id: number; n: number }>(
      `select item_id, count(*)::int as n from scoring_item_events
       where item_id = any($1) and event in ('scored', 'not_scorable') group by item_id`,
      [of('scoring')],
    )
    expect(scored.rows.map((r) => r.n)).toEqual(Array(COUNTS.scoring).fill(1))
    const pages = await pool.query<{ n: number }>(
      'select jsonb_array_length(pages) as n from documents where id = any($1)',
      [of('ocr')],
    )
    expect(pages.rows.map((r) => r.n)).toEqual(Array(COUNTS.ocr).fill(1))
    const keys = await bucketKeys()
    const under = (prefix: string) => keys.filter((k) => k.startsWith(`${prefix}/`)).length
    expect({
      uploads: under('uploads'),
      documents: under('documents'),
      pages: under('document-pages'),
      scans: under('face-scans'),
      people: under('face-people'),
      total: keys.length,
    }).toEqual({
      uploads: COUNTS.speech,
      documents: COUNTS.ocr,
      pages: COUNTS.ocr,
      scans: COUNTS.face - 1,
      people: 1,
      total: COUNTS.speech + 2 * COUNTS.ocr + COUNTS.face,
    })
  })

  it('serves every result and every file from both APIs', async () => {
    expect(uploads).toHaveLength(50)
    const checks = uploads.map((upload) => async () => {
      const seen = []
      for (const api of apis) {
        if (upload.kind === 'speech') {
          const detail = await call<{ status: string; segments: unknown[]; audio_url: string }>(
            api,
            `${paths.recordingStatus}?recording_id=${upload.id}`,
          )
          expect(detail.status, `recording ${upload.id}`).toBe('completed')
          const whole = await download(api, detail.audio_url)
          expect(whole.status).toBe(200)
          expect(whole.bytes.equals(upload.bytes), `recording ${upload.id} via ${api.name}`).toBe(true)
          const head = await download(api, detail.audio_url, 'bytes=0-43')
          expect(head.status).toBe(206)
          expect(head.headers.get('content-range')).toBe(`bytes 0-43/${upload.bytes.length}`)
          expect(head.bytes.equals(upload.bytes.subarray(0, 44))).toBe(true)
          seen.push({ status: detail.status, segments: detail.segments })
        } else if (upload.kind === 'ocr') {
          const detail = await call<{ status: string; text: string; pages: { image_url: string | null }[] }>(
            api,
            `${paths.documentDetails}?document_id=${upload.id}`,
          )
          expect(detail.status, `document ${upload.id}`).toBe('completed')
          expect(detail.text).toContain(upload.marker)
          const image = await download(api, detail.pages[0]!.image_url!)
          expect(image.status).toBe(200)
          expect(image.bytes.subarray(1, 4).toString()).toBe('PNG')
          seen.push({ text: detail.text, image: image.bytes.toString('base64') })
        } else if (upload.kind === 'scoring') {
          const detail = await call<{
            job_status: string
            bucket: string
            ai_score: number | null
            criteria: unknown[]
          }>(api, `${endpoints.scoringItemDetails.path}?item_id=${upload.id}`)
          expect(detail.job_status, `item ${upload.id}`).toBe('completed')
          expect(detail.bucket).not.toBe('pending')
          expect(detail.criteria.length).toBeGreaterThan(0)
          seen.push({ bucket: detail.bucket, score: detail.ai_score, criteria: detail.criteria })
        } else if (upload.marker === 'enrolled') {
          const detail = await call<{ photos: { url: string }[] }>(api, paths.facePerson(upload.id))
          const photo = await download(api, detail.photos[0]!.url)
          expect(photo.bytes.equals(upload.bytes), `person ${upload.id} via ${api.name}`).toBe(true)
          seen.push({ photos: detail.photos.length })
        } else {
          const detail = await call<{ decision: string; distance: number | null; photo_url: string }>(
            api,
            paths.faceScan(upload.id),
          )
          const photo = await download(api, detail.photo_url)
          expect(photo.status).toBe(200)
          expect(photo.bytes.equals(upload.bytes), `scan ${upload.id} via ${api.name}`).toBe(true)
          seen.push({ decision: detail.decision, distance: detail.distance })
        }
      }
      // the same record, whichever API answers
      expect(seen[1], `${upload.kind} ${upload.id}`).toEqual(seen[0])
    })
    await inPool(checks, 4)
  })
})
