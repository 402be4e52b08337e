import dayjs from 'dayjs'

/*
 * Times of the reservation hub: the API sends instants in UTC with the site's IANA zone beside them;
 * the pages show them in the site's zone (the clinic's "today"), and the viewer's own beside it when
 * it differs (ViewerTime, in the browser).
 */

// One formatter per zone, asked for the parts: dayjs's timezone plugin took 0.3 s of a 4× slower
// CPU to hydrate the calendar's few hundred times (issue 20)
const zoneFormats = new Map<string, Intl.DateTimeFormat>()
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** An instant's date and time on a zone's clock, as two-digit strings (hour 00–23) and the weekday ("Mon"). */
function siteParts(iso: string | Date, zone: string) {
  let format = zoneFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    zoneFormats.set(zone, format)
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
  for (const part of format.formatToParts(typeof iso === 'string' ? dayjs(iso).toDate() : iso)) {
    parts[part.type] = part.value
  }
  return parts as Record<'weekday' | 'year' | 'month' | 'day' | 'hour' | 'minute', string>
}

/** The site-local date (YYYY-MM-DD) of an instant. */
export const siteDate = (iso: string | Date, zone: string) => {
  const { year, month, day } = siteParts(iso, zone)
  return `${year}-${month}-${day}`
}

/** Today at the site. */
export const siteToday = (zone: string, now = new Date()) => siteDate(now, zone)

/** 09:30 at the site. */
export const siteTime = (iso: string, zone: string) => {
  const { hour, minute } = siteParts(iso, zone)
  return `${hour}:${minute}`
}

/** Minutes since the site's midnight (where a block sits on the day's grid). */
export const siteMinutes = (iso: string, zone: string) => {
  const { hour, minute } = siteParts(iso, zone)
  return Number(hour) * 60 + Number(minute)
}

/** "Mon 2 Mar" of a site-local date. */
export const dayLabel = (date: string) => dayjs(date).format('ddd D MMM')

/** "Monday 2 March 2026" of a site-local date. */
export const longDayLabel = (date: string) => dayjs(date).format('dddd D MMMM YYYY')

/** "Mon 2 Mar, 09:30" at the site. */
export const siteDateTime = (iso: string, zone: string) => {
  const { weekday, year, month, day, hour, minute } = siteParts(iso, zone)
  return `${weekday} ${Number(day)} ${MONTHS[Number(month) - 1]} ${year}, ${hour}:${minute}`
}

/** The zone's short name at an instant ("GMT", "BST", "EST"), for the line that says which clock a page uses. */
export function zoneName(zone: string, at: Date = new Date()) {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')
  return part?.value ?? zone
}

/** "Europe/London" → "London". */
export const zoneCity = (zone: string) => (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ')

/** The date `days` after a YYYY-MM-DD date. */
export const addDays = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD')

/** The Monday of a date's week. */
export const weekStart = (date: string) => {
  const d = dayjs(date)
  return d.subtract((d.day() + 6) % 7, 'day').format('YYYY-MM-DD')
}

/** Whether a string is a real calendar date (YYYY-MM-DD). */
export const isDate = (value: string | null | undefined): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format('YYYY-MM-DD') === value
