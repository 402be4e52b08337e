import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DAY_MS } from '../../db/sql'
import { endpoints } from '#contract/endpoints'
import type { Db } from '../../db/client'
import { route } from '../../lib/endpoint'
import { ok } from '../../lib/reply'
import { appointmentsCalendar } from './calendar'
import { findSlots } from './store/availability'
import {
  appointmentDetail,
  bookAppointment,
  listAppointments,
  rescheduleAppointment,
  setAppointmentStatus,
} from './store/appointments'
import { listPractitioners, listServices, listSites, practitionerOr404 } from './store/catalogue'
import { reshubKpi } from './store/kpi'
import { closeTask, listTasks } from './store/tasks'
import { addToWaitlist, listWaitlist } from './store/waitlist'

type Options = { db: Db; now?: () => Date }

/** Reservation hub (SPEC §2 /reshub, /api/reshub/, docs/decisions/017). */
export const reshubRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, now = () => new Date() }) => {
  route(app, endpoints.reshubSites, async () => ok(await listSites(db)))
  route(app, endpoints.reshubPractitioners, async (request) => ok(await listPractitioners(db, request.query)))
  route(app, endpoints.reshubServices, async (request) => ok(await listServices(db, request.query)))
  route(app, endpoints.reshubSlots, async (request) => ok(await findSlots(db, request.query, now())))
  route(app, endpoints.reshubAppointments, async (request) => ok(await listAppointments(db, request.query, now())))
  route(app, endpoints.reshubAppointment, async (request) => ok(await appointmentDetail(db, request.params.id, now())))
  route(app, endpoints.reshubBook, async (request, reply) => {
    const data = await bookAppointment(db, request.user, request.body, now())
    return reply.code(201).send(ok(data, 'Appointment booked'))
  })
  route(app, endpoints.reshubReschedule, async (request) =>
    ok(await rescheduleAppointment(db, request.user, request.params.id, request.body, now()), 'Appointment moved'),
  )
  route(app, endpoints.reshubStatus, async (request) =>
    ok(await setAppointmentStatus(db, request.user, request.params.id, request.body, now()), 'Status changed'),
  )
  route(app, endpoints.reshubWaitlist, async (request) => ok(await listWaitlist(db, request.query)))
  route(app, endpoints.reshubAddToWaitlist, async (request, reply) => {
    await addToWaitlist(db, request.user, request.body)
    const data = await listWaitlist(db, { page: 1, page_size: 10, service_id: request.body.service_id })
    return reply.code(201).send(ok(data, 'Added to the waitlist'))
  })
  route(app, endpoints.reshubTasks, async (request) => ok(await listTasks(db, request.query)))
  route(app, endpoints.reshubCloseTask, async (request) => {
    await closeTask(db, request.user, request.body, now())
    return ok(await listTasks(db, { page: 1, page_size: 10, status: 'open' }), 'Call task closed')
  })
  route(app, endpoints.reshubKpi, async (request) => ok(await reshubKpi(db, request.query, now())))
  route(app, endpoints.reshubAppointmentIcs, async (request, reply) => {
    const a = await appointmentDetail(db, request.params.id, now())
    return sendCalendar(reply, `appointment-${a.id}.ics`, appointmentsCalendar(`Appointment ${a.id}`, [a]))
  })
  route(app, endpoints.reshubPractitionerIcs, async (request, reply) => {
    const p = await practitionerOr404(db, request.params.id)
    const day = (offset: number) => new Date(now().getTime() + offset * DAY_MS).toISOString().slice(0, 10)
    const list = await listAppointments(
      db,
      { practitioner_id: p.id, date_from: day(-7), date_to: day(42), page: 1, page_size: 1000, order: 'asc' },
      now(),
    )
    return sendCalendar(reply, `practitioner-${p.id}.ics`, appointmentsCalendar(p.name, list.results))
  })
}

function sendCalendar(reply: FastifyReply, filename: string, body: string) {
  reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
  return reply.send(body)
}
