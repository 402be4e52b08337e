// Reservation hub speed (issue 17), on the seeded clinic (api/seed/clinic/: 12 practitioners at 3
// sites in 2 time zones, six weeks of appointments around today):
// - ms to compute a week of free slots for all 12 practitioners (every visit type each offers),
//   p50 and p95 over BENCH_ROUNDS (20) rounds: the engine and the queries it needs;
// - booking through the real Fastify app with 20 clients at once, each round on a different free
//   slot: p95 of the answers, and that exactly one of the 20 got the slot every time.
// PGlite in memory by default; DATABASE_URL=postgres://… uses a scratch PostgreSQL database.
//   npx tsx bench/reshub.ts   (or npm run bench:reshub)
import pg from 'pg'
import dayjs from 'dayjs'
import { buildApp } from '../api/app'
import { openDatabase, type Database } from '../api/db/client'
import { hashPassword } from '../api/auth/password'
import { patients, practitionerVisitTypes, users, visitTypes } from '../api/db/schema'
import { computeSlots } from '../api/modules/reshub/store/availability'
import { seedDemo } from '../api/seed/seed'
import { testEnv } from '../api/test-utils'
import { endpoints } from '../contract/endpoints'

const rounds = Number(process.env.BENCH_ROUNDS || 20)
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!
const ms = (x: number) => `${x.toFixed(1)} ms`

async function open(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const database = await openDatabase({ driver: 'pglite', memory: true })
    return { database, cleanup: async () => {} }
  }
  const name = `bench_reshub_${process.pid}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  const u = new URL(url)
  u.pathname = `/${name}`
  const database = await openDatabase({ driver: 'postgres', connectionString: u.toString(), max: 20 })
  return {
    database,
    cleanup: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    },
  }
}

const { database, cleanup } = await open()
try {
  await database.migrate()
  const now = new Date()
  const seeded = performance.now()
  await seedDemo(database.db, { now })
  console.log(
    `Seeded the demo (with the clinic) in ${((performance.now() - seeded) / 1000).toFixed(1)} s (${database.driver})`,
  )
  const db = database.db
  const offers = await db.select().from(practitionerVisitTypes)
  const types = new Map((await db.select().from(visitTypes)).map((v) => [v.id, v]))
  const from = dayjs(now).add(1, 'day').format('YYYY-MM-DD')
  const to = dayjs(now).add(7, 'day').format('YYYY-MM-DD')

  const weekTimes: number[] = []
  let slotCount = 0
  for (let r = 0; r < rounds; r++) {
    const started = performance.now()
    slotCount = 0
    for (const [typeId, type] of types) {
      const ids = offers.filter((o) => o.visitTypeId === typeId).map((o) => o.practitionerId)
      slotCount += (await computeSlots(db, { service: type, practitionerIds: ids, from, to, now })).length
    }
    weekTimes.push(performance.now() - started)
  }
  const practitionerCount = new Set(offers.map((o) => o.practitionerId)).size
  console.log(
    `A week of free slots for ${practitionerCount} practitioners (${types.size} visit types, ${slotCount} slots): p50 ${ms(pct(weekTimes, 50))}, p95 ${ms(pct(weekTimes, 95))}`,
  )

  // booking: 20 clients at once on one free slot, through the app
  const app = await buildApp({ database, env: testEnv, llm: null })
  await app.ready()
  const [agent] = await db
    .insert(users)
    .values({ email: 'bench-agent@bench.local', role: 'agent', passwordHash: await hashPassword('Bench#1234') })
    .returning()
  const login = await app.inject({
    method: 'POST',
    url: endpoints.login.path,
    payload: { email: agent!.email, password: 'Bench#1234' },
  })
  const headers = { authorization: `Bearer ${login.json().data.access}` }
  const people = await db.select({ id: patients.id }).from(patients).limit(400)
  const [gp] = [...types.values()].filter((t) => t.durationMinutes === 15)
  const gpOffers = offers.filter((o) => o.visitTypeId === gp!.id).map((o) => o.practitionerId)
  const free = (
    await computeSlots(db, {
      service: gp!,
      practitionerIds: gpOffers,
      from: dayjs(now).add(22, 'day').format('YYYY-MM-DD'),
      to: dayjs(now).add(35, 'day').format('YYYY-MM-DD'),
      now,
    })
  ).filter((slot, i, all) => {
    // one slot per practitioner and day, so one round's booking never takes another round's slot
    const day = (x: { start: string; practitioner_id: number }) => `${x.practitioner_id} ${x.start.slice(0, 10)}`
    return all.findIndex((other) => day(other) === day(slot)) === i
  })
  const answers: number[] = []
  let exact = 0
  const bookingRounds = Math.min(rounds, free.length)
  for (let r = 0; r < bookingRounds; r++) {
    const slot = free[r]!
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const started = performance.now()
        const res = await app.inject({
          method: 'POST',
          url: endpoints.reshubBook.path,
          headers,
          payload: {
            patient_id: people[(r * 20 + i) % people.length]!.id,
            practitioner_id: slot.practitioner_id,
            site_id: slot.site_id,
            service_id: gp!.id,
            start: slot.start,
          },
        })
        answers.push(performance.now() - started)
        return res.statusCode
      }),
    )
    if (results.filter((c) => c === 201).length === 1 && results.filter((c) => c === 409).length === 19) exact++
    else console.log(`  round ${r}: ${results.join(' ')}`)
  }
  console.log(
    `Booking with 20 clients at once (${bookingRounds} slots): p50 ${ms(pct(answers, 50))}, p95 ${ms(pct(answers, 95))}; exactly one booked and nineteen 409s in ${exact} of ${bookingRounds} rounds`,
  )
  await app.close()
} finally {
  await database.close()
  await cleanup()
}
