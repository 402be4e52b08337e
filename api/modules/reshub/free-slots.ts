import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'

dayjs.extend(utc)
dayjs.extend(timezone)

/*
 * The free-slot engine (docs/decisions/017): a practitioner's working windows on each site-local
 * day (weekly rules, plus extra hours, minus time off), turned into UTC instants in the site's zone
 * on that very day, then cut into slots on a grid, keeping those that start after the minimum
 * notice and whose held range (the visit and its buffer) meets no busy range. Windows are walked in
 * UTC minutes, so a window across a daylight-saving change has its real length.
 */

/** A practitioner's weekly opening at one site, in the site's wall-clock time (weekday 0 = Sunday). */
export type WeeklyRule = {
  siteId: number
  weekday: number
  start: string
  end: string
  validFrom?: string | null
  validTo?: string | null
}
/** A change on one site-local date: without times the whole day off (every site if siteId is null); with times that part off, or extra hours. */
export type AvailabilityException = {
  siteId: number | null
  date: string
  start?: string | null
  end?: string | null
  available: boolean
}
/** Time already held (an appointment and its buffer), as UTC instants. */
export type Busy = { start: Date; end: Date }
export type VisitTypeTiming = { durationMinutes: number; bufferMinutes: number; minNoticeMinutes: number }
export type Slot = { start: Date; end: Date; siteId: number }

const MINUTE = 60_000
const HHMM = /^([01]\d|2[0-4]):([0-5]\d)$/

type Window = { start: number; end: number }

/** The instant a site-local wall-clock time names on a date (a time the clocks skip reads as the one after). */
function instant(date: string, hhmm: string, zone: string): number {
  if (!HHMM.test(hhmm)) throw new Error(`"${hhmm}" is not a time like 09:30`)
  if (hhmm === '24:00') return dayjs.tz(date, zone).add(1, 'day').valueOf()
  return dayjs.tz(`${date} ${hhmm}`, zone).valueOf()
}

function checkZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
  } catch {
    throw new Error(`"${zone}" is not an IANA time zone`)
  }
}

/** The site-local calendar date ('YYYY-MM-DD') of an instant. */
export const localDate = (at: Date, zone: string) => dayjs(at).tz(zone).format('YYYY-MM-DD')

/** The range a booking holds: the visit and the buffer after it. */
export const blockedRange = (
  start: Date,
  service: Pick<VisitTypeTiming, 'durationMinutes' | 'bufferMinutes'>,
): Busy => ({ start, end: new Date(start.getTime() + (service.durationMinutes + service.bufferMinutes) * MINUTE) })

function merge(windows: Window[]): Window[] {
  const sorted = windows.filter((w) => w.end > w.start).sort((a, b) => a.start - b.start)
  const out: Window[] = []
  for (const w of sorted) {
    const last = out.at(-1)
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end)
    else out.push({ ...w })
  }
  return out
}

function subtract(windows: Window[], cut: Window): Window[] {
  return windows.flatMap((w) =>
    cut.end <= w.start || cut.start >= w.end
      ? [w]
      : [
          { start: w.start, end: cut.start },
          { start: cut.end, end: w.end },
        ].filter((p) => p.end > p.start),
  )
}

/** The working windows of one site-local date, as UTC milliseconds. */
export function windowsOn(
  date: string,
  zone: string,
  siteId: number | undefined,
  rules: WeeklyRule[],
  exceptions: AvailabilityException[],
): Window[] {
  const weekday = dayjs(date).day()
  const here = (s: number | null) => siteId === undefined || s === null || s === siteId
  let windows = rules
    .filter(
      (r) =>
        (siteId === undefined || r.siteId === siteId) &&
        r.weekday === weekday &&
        (!r.validFrom || r.validFrom <= date) &&
        (!r.validTo || date <= r.validTo),
    )
    .map((r) => {
      const w = { start: instant(date, r.start, zone), end: instant(date, r.end, zone) }
      if (w.end <= w.start) throw new Error(`A rule's end (${r.end}) must come after its start (${r.start})`)
      return w
    })
  const today = exceptions.filter((e) => e.date === date && here(e.siteId))
  for (const e of today) {
    if (e.available && e.start && e.end && e.siteId !== null) {
      windows.push({ start: instant(date, e.start, zone), end: instant(date, e.end, zone) })
    }
  }
  windows = merge(windows)
  for (const e of today) {
    if (e.available) continue
    const cut =
      e.start && e.end
        ? { start: instant(date, e.start, zone), end: instant(date, e.end, zone) }
        : { start: -Infinity, end: Infinity }
    windows = subtract(windows, cut)
  }
  return windows
}

/** The dates from `from` to `to`, inclusive. */
function datesBetween(from: string, to: string) {
  const out: string[] = []
  for (let d = dayjs(from); d.format('YYYY-MM-DD') <= to; d = d.add(1, 'day')) out.push(d.format('YYYY-MM-DD'))
  return out
}

/** Free slots: sorted, deterministic; busy ranges are searched from a moving pointer. */
export function freeSlots(input: {
  zone: string
  siteId?: number
  rules: WeeklyRule[]
  exceptions: AvailabilityException[]
  busy: Busy[]
  service: VisitTypeTiming
  from: string
  to: string
  now: Date
  stepMinutes?: number
}): Slot[] {
  checkZone(input.zone)
  const { durationMinutes, bufferMinutes, minNoticeMinutes } = input.service
  const step = (input.stepMinutes ?? 15) * MINUTE
  const length = durationMinutes * MINUTE
  const held = (durationMinutes + bufferMinutes) * MINUTE
  const earliest = input.now.getTime() + minNoticeMinutes * MINUTE
  const busy = input.busy
    .map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }))
    .sort((a, b) => a.start - b.start)
  const slots: Slot[] = []
  const seen = new Set<number>()
  for (const date of datesBetween(input.from, input.to)) {
    for (const w of windowsOn(date, input.zone, input.siteId, input.rules, input.exceptions)) {
      let b = 0
      for (let start = w.start; start + length <= w.end; start += step) {
        if (start < earliest || seen.has(start)) continue
        // busy ranges that end before this start can no longer meet a later one
        while (b < busy.length && busy[b]!.end <= start) b++
        let free = true
        for (let i = b; i < busy.length && busy[i]!.start < start + held; i++) {
          if (busy[i]!.end > start) {
            free = false
            break
          }
        }
        if (!free) continue
        seen.add(start)
        slots.push({ start: new Date(start), end: new Date(start + length), siteId: input.siteId ?? 0 })
      }
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime())
}
