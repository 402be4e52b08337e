import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '#contract/accounts'
import { endpoints, pathOf } from '#contract/endpoints'
import { appointmentDetail, SLOT_TAKEN, slotList, type AppointmentDetail } from '#contract/reshub'
import { appointments, callTasks, waitlistEntries } from '#api/db/schema'
import { constraintViolated } from '#api/db/sql'
import { createUser, setupTestApp, tokensFor, type TestApp } from '#api/test-utils'
import { createConfirmationTasks } from './store/tasks'
import { seedTestClinic, type TestClinic } from './test-data'

dayjs.extend(utc)
dayjs.extend(timezone)

let t: TestApp
let clinic: TestClinic
const auth = {} as Record<Role, Record<string, string>>

beforeAll(async () => {
  t = await setupTestApp()
  clinic = await seedTestClinic(t.db)
  for (const role of ['admin', 'qa_supervisor', 'auditor', 'agent', 'visitor', 'clinician'] as const) {
    auth[role] = (await tokensFor(t, await createUser(t, { role }))).auth
  }
}, 60_000)
afterAll(() => t.close())

/** A wall-clock time on the test Monday at the London site, as the instant the API speaks. */
const at = (hhmm: string, day = clinic.monday) => dayjs.tz(`${day} ${hhmm}`, 'Europe/London').toISOString()

const slots = (query: Record<string, string | number>, who: Role = 'agent') =>
  t.app.inject({
    method: 'GET',
    url: `${endpoints.reshubSlots.path}?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}`,
    headers: auth[who],
  })

const book = (payload: Record<string, unknown>, who: Role = 'agent') =>
  t.app.inject({ method: 'POST', url: endpoints.reshubBook.path, headers: auth[who], payload })

const setStatus = (id: number, payload: Record<string, unknown>, who: Role = 'agent') =>
  t.app.inject({ method: 'PUT', url: pathOf(endpoints.reshubStatus, { id }), headers: auth[who], payload })

let nextPatient = 1
async function booked(start: string, practitioner = clinic.drA.id): Promise<AppointmentDetail> {
  const patient = clinic.patients[nextPatient++]!
  const res = await book({ patient_id: patient.id, practitioner_id: practitioner, service_id: clinic.gp.id, start })
  expect(res.statusCode, res.body).toBe(201)
  return appointmentDetail.parse(res.json().data)
}

describe('GET /api/reshub/slots/', () => {
  it("lists a practitioner's free slots in the site's time zone, every 15 minutes from 09:00 to 11:45", async () => {
    const res = await slots({
      practitioner_id: clinic.drA.id,
      service_id: clinic.gp.id,
      date_from: clinic.monday,
      date_to: clinic.monday,
    })
    expect(res.statusCode, res.body).toBe(200)
    const list = slotList.parse(res.json().data).slots
    expect(list).toHaveLength(12)
    expect(list[0]).toMatchObject({
      start: at('09:00'),
      end: at('09:15'),
      site_id: clinic.site.id,
      time_zone: 'Europe/London',
    })
    expect(list.at(-1)!.start).toBe(at('11:45'))
  })

  it('without a practitioner, lists the slots of everyone who offers the visit type', async () => {
    const res = await slots({ service_id: clinic.gp.id, date_from: clinic.monday, date_to: clinic.monday })
    const list = slotList.parse(res.json().data).slots
    expect(new Set(list.map((s) => s.practitioner_id))).toEqual(new Set([clinic.drA.id, clinic.drB.id]))
  })

  it('refuses a range over 31 days, a last day before the first, and an unknown visit type', async () => {
    const far = dayjs(clinic.monday).add(31, 'day').format('YYYY-MM-DD')
    const long = await slots({ service_id: clinic.gp.id, date_from: clinic.monday, date_to: far })
    expect(long.statusCode).toBe(400)
    expect(long.json().errors.date_to[0]).toMatch(/at most 31 days/)
    const backwards = await slots({ service_id: clinic.gp.id, date_from: clinic.monday, date_to: '2020-01-01' })
    expect(backwards.statusCode).toBe(400)
    const unknown = await slots({ service_id: 999_999, date_from: clinic.monday, date_to: clinic.monday })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('POST /api/reshub/appointments/', () => {
  it('books a free slot (the site left out: the practitioner works at one), reads it back, and the slot is gone', async () => {
    const a = await booked(at('09:00'))
    expect(a).toMatchObject({
      status: 'booked',
      start: at('09:00'),
      end: at('09:15'),
      time_zone: 'Europe/London',
      site: { id: clinic.site.id },
      practitioner: { name: 'Dr Ada Okoro' },
      next_statuses: ['cancelled', 'entered-in-error'],
    })
    expect(a.events).toMatchObject([{ action: 'booked', to_status: 'booked', by: expect.stringMatching(/^Test User/) }])
    const after = slotList
      .parse(
        (
          await slots({
            practitioner_id: clinic.drA.id,
            service_id: clinic.gp.id,
            date_from: clinic.monday,
            date_to: clinic.monday,
          })
        ).json().data,
      )
      .slots.map((s) => s.start)
    // the 5-minute buffer after 09:15 also takes the 09:15 start (its range would begin inside the buffer)
    expect(after).not.toContain(at('09:00'))
    expect(after).not.toContain(at('09:15'))
    expect(after).toContain(at('09:30'))
  })

  it('answers 409 "This slot is no longer available" for a taken slot, and for a time that is no slot at all', async () => {
    await booked(at('10:00'))
    const again = await book({
      patient_id: clinic.patients[20]!.id,
      practitioner_id: clinic.drA.id,
      service_id: clinic.gp.id,
      start: at('10:00'),
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(SLOT_TAKEN)
    const evening = await book({
      patient_id: clinic.patients[20]!.id,
      practitioner_id: clinic.drA.id,
      service_id: clinic.gp.id,
      start: at('19:00'),
    })
    expect(evening.statusCode).toBe(409)
  })

  it('twenty clients booking one slot at once: exactly one appointment, nineteen 409s', async () => {
    const start = at('11:00')
    const results = await Promise.all(
      clinic.patients
        .slice(0, 20)
        .map((p) => book({ patient_id: p.id, practitioner_id: clinic.drB.id, service_id: clinic.gp.id, start })),
    )
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(19)
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().message).toBe(SLOT_TAKEN)
    const [held] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(appointments)
      .where(and(eq(appointments.practitionerId, clinic.drB.id), eq(appointments.startAt, new Date(start))))
    expect(held!.n).toBe(1)
  })

  it('the database itself refuses an overlap that skipped the API (the exclusion constraint, buffer included)', async () => {
    const a = await booked(at('09:00', dayjs(clinic.monday).add(1, 'day').format('YYYY-MM-DD')))
    const start = new Date(Date.parse(a.start) + 16 * 60_000) // inside the 5-minute buffer
    const error = await t.db
      .insert(appointments)
      .values({
        patientId: clinic.patients[24]!.id,
        practitionerId: clinic.drA.id,
        siteId: clinic.site.id,
        visitTypeId: clinic.gp.id,
        status: 'booked',
        startAt: start,
        endAt: new Date(start.getTime() + 15 * 60_000),
        blockedUntil: new Date(start.getTime() + 20 * 60_000),
      })
      .then(
        () => null,
        (e: unknown) => e,
      )
    expect(constraintViolated(error, '23P01')).toBe('appointments_practitioner_no_overlap')
  })

  it('keeps one patient from two overlapping appointments with different practitioners', async () => {
    const patient = clinic.patients[22]!
    const day = dayjs(clinic.monday).add(2, 'day').format('YYYY-MM-DD')
    const first = await book({
      patient_id: patient.id,
      practitioner_id: clinic.drA.id,
      service_id: clinic.gp.id,
      start: at('09:30', day),
    })
    expect(first.statusCode).toBe(201)
    const second = await book({
      patient_id: patient.id,
      practitioner_id: clinic.drB.id,
      service_id: clinic.gp.id,
      start: at('09:30', day),
    })
    expect(second.statusCode).toBe(409)
    expect(second.json().message).toBe('The patient already has an appointment at that time')
  })

  it('is for agents, QA supervisors and admins: a visitor, an auditor and a clinician get 403', async () => {
    for (const who of ['visitor', 'auditor', 'clinician'] as const) {
      const res = await book(
        {
          patient_id: clinic.patients[23]!.id,
          practitioner_id: clinic.drA.id,
          service_id: clinic.gp.id,
          start: at('11:30'),
        },
        who,
      )
      expect(res.statusCode, who).toBe(403)
    }
  })

  it('says which fields are missing, all in one answer', async () => {
    const res = await book({})
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors).sort()).toEqual(['patient_id', 'practitioner_id', 'service_id', 'start'])
  })
})

describe('PUT /api/reshub/appointments/{id}/status/', () => {
  it('refuses what the status machine does not allow with 409 and why; a cancellation needs a reason', async () => {
    const a = await booked(at('10:30'))
    const complete = await setStatus(a.id, { status: 'fulfilled' })
    expect(complete.statusCode).toBe(409)
    expect(complete.json().message).toBe('A booked appointment cannot be marked completed')
    const early = await setStatus(a.id, { status: 'arrived' })
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toMatch(/on the day of the appointment/)
    const bare = await setStatus(a.id, { status: 'cancelled' })
    expect(bare.statusCode).toBe(400)
    expect(bare.json().errors.reason).toEqual(['Give a reason'])
  })

  it('a cancellation frees the slot, is in the audit trail, and offers the slot to the first patient waiting', async () => {
    const a = await booked(at('09:30'))
    const waiting = clinic.patients[21]!
    await t.db.insert(waitlistEntries).values({ patientId: waiting.id, visitTypeId: clinic.gp.id })
    const res = await setStatus(a.id, { status: 'cancelled', reason: 'Patient feels better' })
    expect(res.statusCode, res.body).toBe(200)
    const detail = appointmentDetail.parse(res.json().data)
    expect(detail).toMatchObject({ status: 'cancelled', cancel_reason: 'Patient feels better', next_statuses: [] })
    expect(detail.events.map((e) => [e.action, e.to_status, e.reason])).toEqual([
      ['booked', 'booked', null],
      ['status', 'cancelled', 'Patient feels better'],
    ])
    const free = slotList
      .parse(
        (
          await slots({
            practitioner_id: clinic.drA.id,
            service_id: clinic.gp.id,
            date_from: clinic.monday,
            date_to: clinic.monday,
          })
        ).json().data,
      )
      .slots.map((s) => s.start)
    expect(free).toContain(at('09:30'))
    const [task] = await t.db.select().from(callTasks).where(eq(callTasks.patientId, waiting.id))
    expect(task).toMatchObject({
      kind: 'waitlist_offer',
      status: 'open',
      offer: { start: at('09:30'), practitionerId: clinic.drA.id },
    })
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.patientId, waiting.id))
    expect(entry!.status).toBe('offered')
  })

  it('a clinician marks the patient flow but may not cancel', async () => {
    const a = await booked(at('11:15'))
    const res = await setStatus(a.id, { status: 'cancelled', reason: 'no' }, 'clinician')
    expect(res.statusCode).toBe(403)
  })

  it('walks a visit from booked to arrived, in room and completed, with the encounter and minutes waited', async () => {
    // today's slot: a booking made directly (the engine's minimum notice and today's hours do not matter here)
    const now = new Date()
    const start = new Date(now.getTime() + 60 * 60_000)
    const [row] = await t.db
      .insert(appointments)
      .values({
        patientId: clinic.patients[24]!.id,
        practitionerId: clinic.drB.id,
        siteId: clinic.site.id,
        visitTypeId: clinic.gp.id,
        status: 'booked',
        startAt: start,
        endAt: new Date(start.getTime() + 15 * 60_000),
        blockedUntil: new Date(start.getTime() + 20 * 60_000),
      })
      .returning()
    const sameDay =
      dayjs(start).tz('Europe/London').format('YYYY-MM-DD') === dayjs(now).tz('Europe/London').format('YYYY-MM-DD')
    if (!sameDay) return // the hour ahead is tomorrow in London: arrival is refused, as the machine says (checked above)
    const arrived = await setStatus(row!.id, { status: 'arrived' }, 'clinician')
    expect(arrived.statusCode, arrived.body).toBe(200)
    expect(arrived.json().data).toMatchObject({ status: 'arrived', encounter_status: 'arrived', waited_minutes: 0 })
    const inRoom = await setStatus(row!.id, { status: 'checked-in' }, 'clinician')
    expect(inRoom.json().data).toMatchObject({
      status: 'checked-in',
      encounter_status: 'in-progress',
      waited_minutes: 0,
    })
    const done = await setStatus(row!.id, { status: 'fulfilled' }, 'clinician')
    expect(done.json().data).toMatchObject({
      status: 'fulfilled',
      encounter_status: 'finished',
      next_statuses: ['entered-in-error'],
    })
  })
})

describe('GET /api/reshub/appointments/', () => {
  it('filters by status and by site-local days, soonest first, for every role', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${endpoints.reshubAppointments.path}?status=booked&date_from=${clinic.monday}&date_to=${clinic.monday}`,
      headers: auth.visitor,
    })
    expect(res.statusCode, res.body).toBe(200)
    const list = res.json().data.results as AppointmentDetail[]
    expect(list.length).toBeGreaterThan(1)
    expect(
      list.every(
        (a) => a.status === 'booked' && dayjs(a.start).tz('Europe/London').format('YYYY-MM-DD') === clinic.monday,
      ),
    ).toBe(true)
    expect(list.map((a) => a.start)).toEqual([...list.map((a) => a.start)].sort())
  })
})

describe('waitlist, call tasks, reminders, KPIs and calendars', () => {
  const get = (url: string, who: Role = 'agent') => t.app.inject({ method: 'GET', url, headers: auth[who] })

  it('puts a patient on the waitlist once, and lists who waits longest first', async () => {
    const patient = clinic.patients[19]!
    const add = (who: Role = 'agent') =>
      t.app.inject({
        method: 'POST',
        url: endpoints.reshubAddToWaitlist.path,
        headers: auth[who],
        payload: { patient_id: patient.id, service_id: clinic.gp.id, note: 'Mornings only' },
      })
    expect((await add('visitor')).statusCode).toBe(403)
    const unknown = await t.app.inject({
      method: 'POST',
      url: endpoints.reshubAddToWaitlist.path,
      headers: auth.agent,
      payload: { patient_id: patient.id, service_id: clinic.gp.id, practitioner_id: 999_999 },
    })
    expect(unknown.statusCode, 'an unknown practitioner is a 404, not a 500').toBe(404)
    const res = await add()
    expect(res.statusCode, res.body).toBe(201)
    expect((await add()).statusCode).toBe(409)
    const list = (await get(`${endpoints.reshubWaitlist.path}?service_id=${clinic.gp.id}`, 'auditor')).json().data
    expect(list.results.at(-1)).toMatchObject({ patient: { id: patient.id }, note: 'Mornings only', status: 'waiting' })
  })

  it('creates one confirmation call per appointment in the next two days, and closes it with its outcome', async () => {
    const start = new Date(Date.now() + 26 * 3_600_000)
    const [row] = await t.db
      .insert(appointments)
      .values({
        patientId: clinic.patients[18]!.id,
        practitionerId: clinic.drA.id,
        siteId: clinic.site.id,
        visitTypeId: clinic.gp.id,
        status: 'booked',
        startAt: start,
        endAt: new Date(start.getTime() + 15 * 60_000),
        blockedUntil: new Date(start.getTime() + 20 * 60_000),
      })
      .returning()
    expect(await createConfirmationTasks(t.db, new Date())).toBeGreaterThanOrEqual(1)
    expect(await createConfirmationTasks(t.db, new Date())).toBe(0)
    const tasks = (await get(`${endpoints.reshubTasks.path}?kind=confirmation`)).json().data
    const task = tasks.results.find((x: { appointment_id: number }) => x.appointment_id === row!.id)
    expect(task).toMatchObject({
      kind: 'confirmation',
      status: 'open',
      patient: { id: clinic.patients[18]!.id },
      // what the agent reads to the patient: when, with whom, where
      appointment: {
        start: start.toISOString(),
        time_zone: clinic.site.timeZone,
        practitioner: { id: clinic.drA.id },
        site: { id: clinic.site.id },
        service: { id: clinic.gp.id },
      },
      offer: null,
    })
    const atSite = (id: number) =>
      get(`${endpoints.reshubTasks.path}?kind=confirmation&site_id=${id}&page_size=100`).then((r) => r.json().data)
    expect((await atSite(clinic.site.id)).results.map((x: { id: number }) => x.id)).toContain(task.id)
    expect((await atSite(999_999)).count, 'the calls of another site').toBe(0)
    const close = await t.app.inject({
      method: 'PUT',
      url: endpoints.reshubCloseTask.path,
      headers: auth.agent,
      payload: { task_id: task.id, status: 'done', outcome: 'Confirmed by phone' },
    })
    expect(close.statusCode, close.body).toBe(200)
    const done = (await get(`${endpoints.reshubTasks.path}?status=done`)).json().data.results
    expect(done.find((x: { id: number }) => x.id === task.id)).toMatchObject({
      outcome: 'Confirmed by phone',
      done_by: expect.stringMatching(/^Test User/),
    })
  })

  it("counts the day's appointments by status in the site's zone", async () => {
    const res = await get(`${endpoints.reshubKpi.path}?site_id=${clinic.site.id}&date=${clinic.monday}`, 'visitor')
    expect(res.statusCode, res.body).toBe(200)
    const kpi = res.json().data
    expect(kpi).toMatchObject({ date: clinic.monday, time_zone: 'Europe/London' })
    expect(kpi.today.booked).toBeGreaterThan(1)
    expect(kpi.today.cancelled).toBeGreaterThanOrEqual(1)
  })

  it('gives an appointment as an iCalendar file in UTC, and a practitioner a feed', async () => {
    const a = await booked(at('11:45'))
    const ics = await get(pathOf(endpoints.reshubAppointmentIcs, { id: a.id }))
    expect(ics.statusCode).toBe(200)
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/)
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
    expect(ics.body).toContain(`DTSTART:${stamp(a.start)}`)
    expect(ics.body).toContain('SUMMARY:GP consultation with Dr Ada Okoro')
    const feed = await get(pathOf(endpoints.reshubPractitionerIcs, { id: clinic.drA.id }))
    expect(feed.body.match(/BEGIN:VEVENT/g)?.length).toBeGreaterThan(3)
  })
})
