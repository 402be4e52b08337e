import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import ical, { ICalEventStatus } from 'ical-generator'
import type { Appointment } from '#contract/reshub'

dayjs.extend(utc)

/**
 * iCalendar for appointments (ical-generator 10): times are handed over as UTC dayjs objects and
 * written as UTC, which every calendar shows in its own zone. (A plain Date with a `timezone`
 * option came out an hour wrong across a daylight-saving change.) Cancelled appointments are sent
 * as cancelled events, so a calendar that imported one removes it.
 */
export function appointmentsCalendar(name: string, list: Appointment[], origin = 'contoso-health.demo') {
  const calendar = ical({ name, prodId: { company: 'Contoso Health', product: 'Reservation hub', language: 'EN' } })
  for (const a of list) {
    calendar.createEvent({
      id: `appointment-${a.id}@${origin}`,
      start: dayjs.utc(a.start),
      end: dayjs.utc(a.end),
      summary: `${a.service.name} with ${a.practitioner.name}`,
      location: a.site.name,
      description: `Patient: ${a.patient.name} (${a.patient.mrn})${a.booking_note ? `\nNote: ${a.booking_note}` : ''}`,
      status:
        a.status === 'cancelled' || a.status === 'entered-in-error'
          ? ICalEventStatus.CANCELLED
          : ICalEventStatus.CONFIRMED,
      stamp: dayjs.utc(a.updated_at),
    })
  }
  return calendar.toString()
}
