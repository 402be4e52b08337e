import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { documentTypes } from '#contract/ocr'
import { summaryTypeCodes } from '#contract/summarization'
import { users } from '#api/db/schema'
import { DEMO_PASSWORD } from '#api/seed/demo-data'
import type { TestApp } from '#api/test-utils'
import { knownIds, otherUser, ownedBy, ROLES, setupSecurityApp, signIn, signInDemo, type Auth } from './fixtures'
import {
  describeRequest,
  edgeRequests,
  operationsOf,
  requestFor,
  toInject,
  type FuzzRequest,
  type Hints,
  type OpenApiDocument,
  type Operation,
} from './openapi-arbitraries'
import { envelopeProblem } from './envelope'

/*
 * Issue 13: every operation of the OpenAPI document, as every role (and none), with values valid by
 * the schema and hostile ones. No answer may be a 5xx, every 4xx is the error envelope, and the
 * health check answers as before. Capped by wall-clock time (FUZZ_SECONDS, default 90 per database),
 * seeded (FUZZ_SEED, else random and printed). Failures are collected, not stopped at: the report
 * lists each distinct failure once, with the exact request, so one run finds them all.
 */

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 90)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31)
const REQUEST_TIMEOUT_MS = 20_000

/** Operations that can end or change a fuzzing session: the sessions are checked (and mended) after each. */
const SESSION_CHANGING = new Set([
  'POST /api/accounts/logout/',
  'POST /api/accounts/token/refresh/',
  'PATCH /api/accounts/deactivate_user/{id}/',
  'PUT /api/accounts/edit_user/',
  'POST /api/accounts/user-upload/',
])

/** summarize/ waits up to `wait` seconds (default 20) for a job that no worker runs here: always ask it not to wait. */
const SUMMARIZE = 'POST /api/summarization/summarize/'
function withoutWaiting(url: string) {
  const [path, query = ''] = url.split('?')
  const params = query.split('&').filter((p) => p && !/^wait(=|%5B|\[|$)/i.test(p))
  return `${path}?${[...params, 'wait=0'].join('&')}`
}

/** What in a request is likely to have caused a 5xx, so distinct causes on one operation are reported apart. */
function suspects(request: FuzzRequest): string[] {
  let text = request.url
  try {
    text = decodeURIComponent(request.url.replace(/\+/g, ' '))
  } catch {
    // a malformed escape: look at it as sent
  }
  text += request.json ?? request.raw?.body ?? ''
  for (const part of request.multipart ?? []) text += 'value' in part ? part.value : part.filename
  const tags: string[] = []
  // eslint-disable-next-line no-control-regex
  if (/\u0000|\\u0000/.test(text)) tags.push('NUL')
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u0008\u000b\u000c\u000e-\u001f]|\\u00(0[1-8bce]|1[0-9a-f])/i.test(text)) tags.push('control character')
  if (/\de-\d+/i.test(text)) tags.push('tiny number')
  if (/\de\+?[1-9]\d\d|\d{16,}/i.test(text)) tags.push('huge number')
  if (/9999-12-31|0001-01-01|0000-00-00|\+275760|-000001/.test(text)) tags.push('far date')
  if (/\d{4}-(02-3\d|13-|00-)/.test(text)) tags.push('impossible date')
  if (text.length > 5000) tags.push('overlong')
  return tags
}

type Who = (typeof ROLES)[number] | 'anonymous'

let t: TestApp
let ops: Operation[]
let as: Record<(typeof ROLES)[number], Auth>
let originals: Map<number, typeof users.$inferSelect>
let ids: Awaited<ReturnType<typeof knownIds>>
let spare: Auth
let healthBefore: number

beforeAll(async () => {
  t = await setupSecurityApp()
  as = await signInDemo(t)
  for (const role of ROLES) await ownedBy(t, as[role].id, `fuzz-${role}`)
  // someone else's objects too, so "valid" ids also reach objects the caller does not own
  spare = await otherUser(t, 'agent')
  await ownedBy(t, spare.id, 'fuzz-spare')
  ids = await knownIds(t)
  originals = new Map(
    (await t.db.select().from(users)).filter((u) => ROLES.some((r) => as[r].id === u.id)).map((u) => [u.id, u]),
  )
  ops = operationsOf(t.app.swagger() as unknown as OpenApiDocument)
  healthBefore = (await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode
}, 180_000)

afterAll(async () => {
  await t?.close()
})

/** Existing ids for the fields and path parameters that name them. */
function hintsFor(op: Operation): Hints {
  const byName: Record<string, readonly unknown[]> = {
    call_evaluation_id: ids.evaluations,
    ca_audit_id: ids.evaluations,
    recording_id: ids.recordings,
    kid: ids.kids,
    template_internal_id: ids.templates,
    document_id: ids.documents,
    documentId: ids.documents,
    page: [1, 2],
    summary_id: ids.summaries,
    person_id: ids.persons,
    agent_id: ids.agents,
    supervisor_id: ids.supervisors,
    campaign_id: ids.campaigns,
    service_id: ids.services,
    department_id: ids.departments,
    location_id: ids.locations,
    language: ids.languages,
    domain: ids.domains,
    // summarize/ waits for a job no worker runs: never wait
    wait: [0],
    email: ['admin@demo.local', 'agent@demo.local', 'nobody@demo.local'],
    password: [DEMO_PASSWORD, 'wrong-password'],
    refresh: [spare.refresh],
  }
  const idsOfPath = op.path.includes('/people/')
    ? ids.persons
    : op.path.includes('/scans/') || op.path.includes('/scan_photo/')
      ? ids.scans
      : op.path.includes('/photo/')
        ? ids.photos
        : op.path.includes('notifications')
          ? ids.notifications
          : op.path.includes('recording-audio')
            ? ids.recordings
            : op.path.includes('/accounts/')
              ? ids.users.filter((id) => !originals.has(id))
              : []
  return (name) => (name === 'id' ? idsOfPath : byName[name])
}

const multipartFields = {
  language: ['en'],
  domain: ['general'],
  document_type: documentTypes,
  summary_type: summaryTypeCodes,
  name: ['Ann Example'],
  external_id: ['E-100'],
  person_id: ['1', '2'],
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s)

type Failure = { signature: string; count: number; who: Who; request: string; status: number; body: string }

async function send(request: FuzzRequest, headers: Record<string, string>) {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)), REQUEST_TIMEOUT_MS)
  })
  try {
    return await Promise.race([t.app.inject(toInject(request, headers)), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Signs a role in again when a case ended its session or changed its account (restored from the start). */
async function mendSessions() {
  for (const role of ROLES) {
    const check = await t.app.inject({ method: 'GET', url: '/api/accounts/user-detail/', headers: as[role].headers })
    if (check.statusCode === 200 && check.json().data.role === role) continue
    const original = originals.get(as[role].id)!
    await t.db
      .update(users)
      .set({ email: original.email, role: original.role, isActive: true, passwordHash: original.passwordHash })
      .where(eq(users.id, original.id))
    as[role] = await signIn(t, { email: original.email, password: DEMO_PASSWORD })
  }
}

it(
  `answers every operation, valid or hostile, as every role, without a 5xx (${SECONDS} s, seed ${SEED})`,
  async () => {
    const failures = new Map<string, Failure>()
    const full = new Map<string, unknown>()
    const perOp = new Map<string, number>()
    let cases = 0
    const started = Date.now()
    const hints = new Map(ops.map((op) => [op.key, hintsFor(op)]))

    const caseArb = fc
      .record({
        op: fc.constantFrom(...ops),
        who: fc.oneof(
          { weight: 10, arbitrary: fc.constantFrom(...ROLES) },
          { weight: 1, arbitrary: fc.constant('anonymous' as const) },
        ),
        hostile: fc.boolean(),
      })
      .chain(({ op, who, hostile }) =>
        requestFor(op, hostile, { hints: hints.get(op.key), multipartFields }).map((request) => ({
          who,
          request: op.key === SUMMARIZE ? { ...request, url: withoutWaiting(request.url) } : request,
        })),
      )

    /** One request: its answer checked, a failure recorded once per signature. */
    async function runCase(who: Who, request: FuzzRequest) {
      cases++
      perOp.set(request.op.key, (perOp.get(request.op.key) ?? 0) + 1)
      let headers: Record<string, string> = who === 'anonymous' ? {} : as[who].headers
      // logout ends the session it is called with: give it one of its own
      if (request.op.key === 'POST /api/accounts/logout/' && who !== 'anonymous') {
        headers = (await signIn(t, { email: as[who].email, password: DEMO_PASSWORD })).headers
      }
      let status: number
      let body: string
      try {
        const res = await send(request, headers)
        status = res.statusCode
        body = res.body
        const problem =
          status >= 500 ? `${status}` : status >= 400 ? envelopeProblem(res.headers['content-type'], body) : null
        if (problem) {
          let message = ''
          try {
            const parsed = JSON.parse(body) as { code?: unknown; message?: unknown } | null
            message = String(parsed?.code ?? parsed?.message ?? '')
          } catch {
            message = body
          }
          const cause = status >= 500 ? ` [${suspects(request).join(', ') || 'no hostile value'}]` : ''
          const signature =
            `${request.op.key} → ${status >= 500 ? status : `${status} ${problem}`} ${clip(message, 80)}${cause}`.trim()
          const seen = failures.get(signature)
          if (seen) seen.count++
          else {
            failures.set(signature, {
              signature,
              count: 1,
              who,
              request: describeRequest(request),
              status,
              body: clip(body, 300),
            })
            const { method, url, json, raw } = request
            const multipart = request.multipart?.map((p) =>
              'bytes' in p ? { ...p, bytes: p.bytes.toString('base64') } : p,
            )
            full.set(signature, { signature, who, method, url, json, multipart, raw, status, body })
          }
        }
      } catch (error) {
        const signature = `${request.op.key} → ${(error as Error).message}`
        const seen = failures.get(signature)
        if (seen) seen.count++
        else
          failures.set(signature, {
            signature,
            count: 1,
            who,
            request: describeRequest(request),
            status: 0,
            body: String(error),
          })
      }
      if (SESSION_CHANGING.has(request.op.key)) await mendSessions()
    }

    // first the sweep (every field × every class of edge value, as an admin), then random cases for the rest of the time
    let swept = 0
    sweep: for (const op of ops) {
      for (const request of edgeRequests(op, { hints: hints.get(op.key), seed: SEED })) {
        if (Date.now() - started > SECONDS * 500) break sweep
        await runCase('admin', op.key === SUMMARIZE ? { ...request, url: withoutWaiting(request.url) } : request)
        swept++
      }
    }
    const remaining = Math.max(1000, SECONDS * 1000 - (Date.now() - started))

    await fc.assert(
      fc.asyncProperty(caseArb, async ({ who, request }) => {
        await runCase(who, request)
        return true
      }),
      { seed: SEED, numRuns: 1_000_000, interruptAfterTimeLimit: remaining, markInterruptAsFailure: false },
    )

    const health = await t.app.inject({ method: 'GET', url: '/api/health/' })
    const elapsed = ((Date.now() - started) / 1000).toFixed(1)
    const untouched = ops.filter((op) => !perOp.has(op.key)).map((op) => op.key)
    console.log(
      `fuzz [${process.env.TEST_DB ?? 'pglite'}]: ${cases} cases (${swept} in the edge sweep) over ${ops.length} operations in ${elapsed} s, seed ${SEED}; ` +
        `${failures.size} distinct failures; health ${healthBefore} → ${health.statusCode}` +
        (untouched.length ? `; never reached: ${untouched.join(', ')}` : ''),
    )
    // the whole requests (the message clips them) for whoever fixes the findings
    const file = path.join(os.tmpdir(), `fuzz-failures-${process.env.TEST_DB ?? 'pglite'}-${SEED}.json`)
    if (failures.size) fs.writeFileSync(file, JSON.stringify([...full.values()], null, 1))
    const report = [...failures.values()]
      .sort((a, b) => a.signature.localeCompare(b.signature))
      .map((f) => `- ${f.signature} (×${f.count})\n    as ${f.who}: ${f.request}\n    → ${f.status} ${f.body}`)
      .join('\n')
    expect(
      failures.size,
      `${failures.size} distinct failures (seed ${SEED}; rerun with FUZZ_SEED=${SEED} FUZZ_SECONDS=${SECONDS}; full requests in ${file}):\n${report}`,
    ).toBe(0)
    expect(health.statusCode, 'the health check after the run').toBe(healthBefore === 503 ? 503 : 200)
  },
  (SECONDS + 240) * 1000,
)
