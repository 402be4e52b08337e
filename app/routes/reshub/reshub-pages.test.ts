import { beforeEach, describe, expect, it } from 'vitest'
import type { Appointment, AppointmentDetail, CallTask, Site, Slot } from '#contract/reshub'
import type { Paged } from '#contract/envelope'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { resetEmrMocks } from '#tests/mocks/emr'
import { APPOINTMENTS, PATIENTS, reshubState, resetReshubMocks } from '#tests/mocks/reshub'
import { getToast } from '~/sessions.server'
import { RESHUB_FORBIDDEN } from './actions.server'
import * as calendar from './calendar'
import * as home from './home'
import * as list from './list'

/*
 * The reservation hub's loaders and actions against the mock API (tests/mocks/reshub.ts): what each
 * page shows, and what its forms do, with the API's refusals turned into messages.
 */

beforeEach(() => {
  resetReshubMocks()
  resetEmrMocks()
})

type Route = { loader?: (a: ReturnType<typeof args>) => unknown; action?: (a: ReturnType<typeof args>) => unknown }

async function load<T>(route: Route, url: string, who: DemoKey = 'agent', params: Record<string, string> = {}) {
  const request = await requestWithTokens(url, tokensFor(who))
  return run<T>(() => route.loader!(args(request, params)))
}

async function post<T = unknown>(
  route: Route,
  url: string,
  fields: Record<string, string>,
  who: DemoKey = 'agent',
  params: Record<string, string> = {},
) {
  const request = await requestWithTokens(url, tokensFor(who), { method: 'POST', body: new URLSearchParams(fields) })
  return run<T>(() => route.action!(args(request, params)))
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))!
  return (await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } }))).toast
}

type Part<T> = { value: T | null; error: string | null }

describe('/reshub: today at a site', () => {
  type Today = {
    site: Site
    day: Part<{ results: Appointment[] }>
    tasks: Part<Paged<CallTask>>
    kpi: Part<{ today: Record<string, number> }>
  }

  it("shows a site's day on its own clock, its patient flow and only its calls", async () => {
    const { status, body } = await load<Today>(home, '/reshub?site_id=1')
    expect(status).toBe(200)
    expect(body.site.time_zone).toBe('Europe/London')
    const byId = new Map(body.day.value!.results.map((a) => [a.id, a]))
    expect(byId.get(APPOINTMENTS.inRoom)?.status).toBe('checked-in')
    // the page is sent what it shows of each appointment, not the whole record
    expect(Object.keys(byId.get(APPOINTMENTS.inRoom)!).sort()).toEqual([
      'id',
      'next_statuses',
      'patient',
      'practitioner',
      'service',
      'site',
      'start',
      'status',
      'time_zone',
      'waited_minutes',
    ])
    expect(byId.get(APPOINTMENTS.inRoom)!.patient).not.toHaveProperty('birth_date')
    expect(byId.get(APPOINTMENTS.arrived)?.status).toBe('arrived')
    expect(byId.has(APPOINTMENTS.bookedNewYork), 'another site').toBe(false)
    expect(body.kpi.value!.today.arrived).toBe(1)
    // the calls of London only: its confirmation, with the appointment to read out
    const tasks = body.tasks.value!.results
    expect(tasks.map((t) => t.appointment_id)).toEqual([APPOINTMENTS.upcoming])
    expect(tasks[0]!.appointment).toMatchObject({ practitioner: { name: expect.stringContaining('Khan') } })
  })

  it('moves a patient from the waiting room into the room, and says so', async () => {
    const res = await post(home, '/reshub', {
      intent: 'status',
      appointment_id: String(APPOINTMENTS.arrived),
      status: 'checked-in',
      redirectTo: '/reshub?site_id=1',
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/reshub?site_id=1')
    expect(await toastOf(res.headers)).toMatchObject({
      title: 'In room',
      message: expect.stringContaining('is in the room'),
    })
    expect(reshubState.appointments.find((a) => a.id === APPOINTMENTS.arrived)?.status).toBe('checked-in')
  })

  it("turns the status machine's refusal and a role's into error toasts, changing nothing", async () => {
    const refused = await post(home, '/reshub', {
      intent: 'status',
      appointment_id: String(APPOINTMENTS.fulfilled),
      status: 'arrived',
    })
    expect(await toastOf(refused.headers)).toMatchObject({ type: 'error', title: 'Not changed' })
    const visitor = await post(
      home,
      '/reshub',
      { intent: 'status', appointment_id: String(APPOINTMENTS.bookedToday), status: 'cancelled', reason: 'x' },
      'visitor',
    )
    expect(await toastOf(visitor.headers)).toMatchObject({ type: 'error', message: RESHUB_FORBIDDEN })
    expect(reshubState.appointments.find((a) => a.id === APPOINTMENTS.bookedToday)?.status).toBe('booked')
  })

  it('closes a call task as called', async () => {
    const res = await post(home, '/reshub', { intent: 'task', task_id: '301', status: 'done' })
    expect(await toastOf(res.headers)).toMatchObject({ title: 'Call done' })
    expect(reshubState.tasks.find((t) => t.id === 301)?.status).toBe('done')
  })
})

describe('/reshub/{type}', () => {
  type List = { type: string; appointments: Part<Paged<Appointment>> | null; waitlist: unknown }

  it('lists each kind by its statuses, and is a 404 for a kind it does not know', async () => {
    const ids = async (type: string, search = '') =>
      (await load<List>(list, `/reshub/${type}${search}`, 'auditor', { type })).body.appointments!.value!.results.map(
        (a) => a.id,
      )
    expect(await ids('no_show')).toEqual([APPOINTMENTS.noshowYesterday, APPOINTMENTS.noshowLastWeek])
    expect(await ids('cancelled')).toContain(APPOINTMENTS.cancelled)
    const upcoming = await ids('upcoming', '?site_id=2')
    expect(upcoming).toContain(APPOINTMENTS.upcomingNewYork)
    expect(upcoming).not.toContain(APPOINTMENTS.upcoming)
    const unknown = await load(list, '/reshub/everything', 'agent', { type: 'everything' })
    expect(unknown.status).toBe(404)
  })

  it('cancels with a reason, and the freed slot becomes a waitlist offer; without a reason it says why', async () => {
    const url = '/reshub/upcoming'
    const fields = { intent: 'status', appointment_id: String(APPOINTMENTS.upcoming), status: 'cancelled' }
    const bare = await post(list, url, fields, 'agent', { type: 'upcoming' })
    expect(await toastOf(bare.headers)).toMatchObject({ type: 'error', message: expect.stringMatching(/reason/i) })
    const res = await post(list, url, { ...fields, reason: 'Feeling better' }, 'agent', { type: 'upcoming' })
    expect(await toastOf(res.headers)).toMatchObject({ title: 'Cancelled' })
    const offer = reshubState.tasks.find((t) => t.kind === 'waitlist_offer')
    expect(offer?.status).toBe('open')
  })
})

describe('/reshub/calendar', () => {
  type Calendar = {
    site: Site
    slots: Part<{ slots: Slot[] }>
    chosenSlot: Slot | null
    patient: { id: number; name: string } | null
    booked: AppointmentDetail | null
  }
  const james = PATIENTS.find((p) => p.family_name === 'Okafor')!

  async function firstFreeSlot() {
    const week = await load<Calendar>(calendar, '/reshub/calendar?site_id=1&practitioner_id=1&service_id=1')
    expect(week.status).toBe(200)
    return week.body.slots.value!.slots.find((s) => Date.parse(s.start) > Date.now() + 86_400_000)!
  }

  it('opens the booking form on a free slot, with the patient chosen from a search', async () => {
    const slot = await firstFreeSlot()
    const url = `/reshub/calendar?site_id=1&practitioner_id=1&service_id=1&book=${encodeURIComponent(slot.start)}&book_practitioner=1&patient_id=${james.id}`
    const { body } = await load<Calendar>(calendar, url)
    expect(body.chosenSlot).toEqual(slot)
    expect(body.patient?.name).toBe('James Okafor')
  })

  it('books only when the date of birth confirms the patient, then reads the booking back', async () => {
    const slot = await firstFreeSlot()
    const url = `/reshub/calendar?site_id=1&practitioner_id=1&service_id=1&book=${encodeURIComponent(slot.start)}`
    const fields = {
      intent: 'book',
      patient_id: String(james.id),
      practitioner_id: '1',
      site_id: '1',
      service_id: '1',
      start: slot.start,
    }
    const before = reshubState.appointments.length
    const wrong = await post<{ message: string }>(calendar, url, { ...fields, birth_date: '1990-01-01' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toMatch(/date of birth is not the one/)
    expect(reshubState.appointments, 'nothing booked').toHaveLength(before)

    const ok = await post(calendar, url, { ...fields, birth_date: james.birth_date })
    expect(ok.status).toBe(302)
    const location = ok.headers.get('Location')!
    expect(location).toMatch(/booked=\d+#booked$/)
    expect(location).not.toContain('book=')
    const booked = await load<Calendar>(calendar, location.replace('#booked', ''))
    expect(booked.body.booked).toMatchObject({ status: 'booked', start: slot.start, patient: { name: 'James Okafor' } })

    // the same slot again: taken
    const again = await post<{ message: string }>(calendar, url, { ...fields, birth_date: james.birth_date })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This slot is no longer available: choose another.')
  })

  it('moves a booked appointment to another free slot, and reads it back', async () => {
    const start = `/reshub/calendar?move=${APPOINTMENTS.upcoming}&site_id=1&practitioner_id=1&service_id=1`
    const moving = await load<Calendar & { moving: AppointmentDetail | null }>(calendar, start)
    expect(moving.body.moving?.id).toBe(APPOINTMENTS.upcoming)
    const slot = moving.body.slots.value!.slots.find((s) => Date.parse(s.start) > Date.now() + 3 * 86_400_000)!
    const url = `${start}&book=${encodeURIComponent(slot.start)}&book_practitioner=1`
    const fields = {
      intent: 'move',
      appointment_id: String(APPOINTMENTS.upcoming),
      start: slot.start,
      practitioner_id: '1',
      site_id: '1',
    }
    const res = await post(calendar, url, fields)
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toMatch(new RegExp(`booked=${APPOINTMENTS.upcoming}#booked$`))
    expect(res.headers.get('Location')).not.toMatch(/move=|book=/)
    expect(await toastOf(res.headers)).toMatchObject({ title: 'Moved' })
    expect(reshubState.appointments.find((a) => a.id === APPOINTMENTS.upcoming)?.start.toISOString()).toBe(
      new Date(slot.start).toISOString(),
    )
    // a visit already under way stays where it is, and the page says why
    const started = await post<{ message: string }>(calendar, url, {
      ...fields,
      appointment_id: String(APPOINTMENTS.inRoom),
    })
    expect(started.status).toBe(409)
    expect(started.body.message).toMatch(/cannot be moved/)
  })

  it('puts a patient on the waitlist', async () => {
    const res = await post(calendar, '/reshub/calendar?patient_id=5', {
      intent: 'waitlist',
      patient_id: '5',
      service_id: '2',
    })
    expect(await toastOf(res.headers)).toMatchObject({ title: 'On the waitlist' })
    expect(reshubState.waitlist.some((w) => w.patientId === 5 && w.serviceId === 2 && w.status === 'waiting')).toBe(
      true,
    )
  })
})
