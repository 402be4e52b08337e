import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import type { PractitionerKind } from './data'
import type { Region } from './people'
import { rngFor, weighted, type Rng } from './random'

dayjs.extend(utc)
dayjs.extend(timezone)

/*
 * Where the demo's appointments can go: each practitioner's working windows on site-local days
 * (weekly rules, less time off, plus extra hours, in the site's zone), filled to a share of their
 * time without ever overlapping a practitioner's held time (buffer included) or a patient's visit.
 * Pure: the database's state comes in as `Taken`, codes and MRNs stand for rows.
 */

const MINUTE = 60_000
const STEP = 5 * MINUTE

export type ClinicInput = {
  sites: { code: string; timeZone: string }[]
  practitioners: { code: string; kind: PractitionerKind }[]
  visitTypes: { code: string; durationMinutes: number; bufferMinutes: number; minNoticeMinutes: number }[]
  offers: { practitioner: string; visitType: string; weight: number }[]
  rules: {
    practitioner: string
    site: string
    weekday: number
    start: string
    end: string
    validFrom?: string | null
    validTo?: string | null
  }[]
  exceptions: {
    practitioner: string
    site: string | null
    date: string
    start: string | null
    end: string | null
    available: boolean
  }[]
}

/** A span of working time, in epoch milliseconds. */
export type Window = { practitioner: string; site: string; date: string; start: number; end: number }

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** The site-local calendar day of an instant, 'YYYY-MM-DD'. */
export function localDay(at: Date | number, zone: string) {
  let format = dayFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(zone, format)
  }
  return format.format(at)
}

export function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
const instant = (date: string, minutes: number, zone: string) =>
  dayjs
    .tz(`${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`, zone)
    .valueOf()

type Span = [number, number]

function subtract(spans: Span[], [lo, hi]: Span): Span[] {
  return spans.flatMap(([a, b]): Span[] => {
    if (hi <= a || lo >= b) return [[a, b]]
    return [...(a < lo ? [[a, lo] as Span] : []), ...(hi < b ? [[hi, b] as Span] : [])]
  })
}

function merge(spans: Span[]): Span[] {
  const out: Span[] = []
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    const last = out.at(-1)
    if (last && a <= last[1]) last[1] = Math.max(last[1], b)
    else out.push([a, b])
  }
  return out
}

/** Every practitioner's working windows on each site's local days from today + `first` to today + `last`. */
export function workingWindows(clinic: ClinicInput, now: Date, first: number, last: number): Window[] {
  const zones = new Map(clinic.sites.map((s) => [s.code, s.timeZone]))
  const pairs = new Map<string, { practitioner: string; site: string }>()
  for (const r of clinic.rules) pairs.set(`${r.practitioner}|${r.site}`, r)
  for (const e of clinic.exceptions)
    if (e.available && e.site) pairs.set(`${e.practitioner}|${e.site}`, { practitioner: e.practitioner, site: e.site })
  const windows: Window[] = []
  for (const { practitioner, site } of pairs.values()) {
    const zone = zones.get(site)
    if (!zone) continue
    const today = localDay(now, zone)
    for (let offset = first; offset <= last; offset++) {
      const date = addDays(today, offset)
      const weekday = weekdayOf(date)
      let spans: Span[] = clinic.rules
        .filter(
          (r) =>
            r.practitioner === practitioner &&
            r.site === site &&
            r.weekday === weekday &&
            (!r.validFrom || r.validFrom <= date) &&
            (!r.validTo || r.validTo >= date),
        )
        .map((r) => [minutesOf(r.start), minutesOf(r.end)])
      const exceptions = clinic.exceptions.filter((e) => e.practitioner === practitioner && e.date === date)
      for (const e of exceptions)
        if (e.available && e.site === site && e.start && e.end) spans.push([minutesOf(e.start), minutesOf(e.end)])
      spans = merge(spans)
      for (const e of exceptions)
        if (!e.available && (e.site === null || e.site === site))
          spans = subtract(spans, e.start && e.end ? [minutesOf(e.start), minutesOf(e.end)] : [0, 24 * 60])
      for (const [a, b] of spans)
        windows.push({ practitioner, site, date, start: instant(date, a, zone), end: instant(date, b, zone) })
    }
  }
  return windows.sort((x, y) => x.start - y.start || x.practitioner.localeCompare(y.practitioner))
}

/** A patient the planner may book: where they live and how often they come. */
export type Candidate = { mrn: string; region: Region; birthDate: string; weight: number; newcomer?: boolean }

/** Time already held, read from the database (or booked earlier in the same run). */
export type Taken = {
  practitioner: Map<string, { start: number; end: number }[]>
  patient: Map<string, { start: number; end: number; date: string }[]>
}

export const emptyTaken = (): Taken => ({ practitioner: new Map(), patient: new Map() })

export type Booking = {
  practitioner: string
  site: string
  visitType: string
  patient: string
  date: string
  start: number
  end: number
  blockedUntil: number
}

export type FillOptions = {
  clinic: ClinicInput
  windows: Window[]
  patients: Candidate[]
  /** Added to as the plan books. */
  taken: Taken
  seed: number
  /** The share of each practitioner-day's time to fill, drawn per day between the two. */
  share: [number, number]
  /** Visit types that are a patient's first (a new patient check): booked only for newcomers with nothing booked. */
  firstVisitTypes?: ReadonlySet<string>
  /** Top-up: leave alone a day already held to this share, and start nothing before now plus the notice. */
  topUp?: { now: Date; threshold: number }
}

export const regionOf = (timeZone: string): Region => (timeZone.startsWith('America/') ? 'us' : 'uk')

function ageOn(birthDate: string, date: string) {
  const years = Number(date.slice(0, 4)) - Number(birthDate.slice(0, 4))
  return date.slice(5) < birthDate.slice(5) ? years - 1 : years
}

const suits = (kind: PractitionerKind, age: number) =>
  kind === 'paeds' ? age < 16 : kind === 'physio' ? age >= 16 : kind === 'gp' || kind === 'nurse' || kind === 'derm'

/** Bookings that bring each practitioner-day to its share, in windows order (deterministic for the same input). */
export function fillWindows(opts: FillOptions): Booking[] {
  const { clinic, taken } = opts
  const kinds = new Map(clinic.practitioners.map((p) => [p.code, p.kind]))
  const zones = new Map(clinic.sites.map((s) => [s.code, s.timeZone]))
  const types = new Map(clinic.visitTypes.map((v) => [v.code, v]))
  const groups = new Map<string, Window[]>()
  for (const w of opts.windows) {
    append(groups, `${w.practitioner}|${w.date}`, w)
  }
  const earliest = opts.topUp ? Math.ceil(opts.topUp.now.getTime() / STEP) * STEP : -Infinity
  const bookings: Booking[] = []
  for (const [key, windows] of groups) {
    const [practitioner, date] = key.split('|') as [string, string]
    const kind = kinds.get(practitioner)
    const offered = clinic.offers
      .filter((o) => o.practitioner === practitioner && types.has(o.visitType))
      .map((o) => [types.get(o.visitType)!, o.weight] as const)
    if (!kind || !offered.length) continue
    const spans = windows
      .map((w) => ({ ...w, start: Math.max(w.start, earliest) }))
      .filter((w) => w.end - w.start >= 10 * MINUTE)
    const total = spans.reduce((sum, w) => sum + w.end - w.start, 0)
    if (!total) continue
    const busy = (taken.practitioner.get(practitioner) ?? []).filter(
      (b) => b.end > spans[0]!.start && b.start < spans.at(-1)!.end,
    )
    const heldIn = () =>
      busy.reduce(
        (sum, b) =>
          sum + spans.reduce((s, w) => s + Math.max(0, Math.min(b.end, w.end) - Math.max(b.start, w.start)), 0),
        0,
      )
    let held = heldIn()
    if (opts.topUp && held >= opts.topUp.threshold * total) continue
    const rng = rngFor(opts.seed, practitioner, date)
    const [lo, hi] = opts.share
    const goal = (lo + rng() * (hi - lo)) * total
    if (held >= goal) continue
    const pool = candidatesFor(opts.patients, kind, date, zones, windows[0]!.site)
    type Offered = (typeof offered)[number][0]
    /** The first of these visit types a patient can be found for, booked; null when none. */
    const book = (w: Window, start: number, types: Offered[]) => {
      for (const type of types) {
        const end = start + type.durationMinutes * MINUTE
        const blockedUntil = end + type.bufferMinutes * MINUTE
        const firstVisit = opts.firstVisitTypes?.has(type.code) ?? false
        const patient = pickPatient(rng, pool, taken, { date, start, end, firstVisit })
        if (!patient) continue
        bookings.push({ practitioner, site: w.site, visitType: type.code, patient, date, start, end, blockedUntil })
        busy.push({ start, end: blockedUntil })
        append(taken.practitioner, practitioner, { start, end: blockedUntil })
        append(taken.patient, patient, { start, end, date })
        held += blockedUntil - start
        return type
      }
      return null
    }
    const walk = (p: number) => {
      for (const w of spans) {
        let t = w.start
        while (t < w.end && held < goal) {
          const clash = busy.find((b) => b.start <= t && t < b.end)
          if (clash) {
            t = Math.ceil(clash.end / STEP) * STEP
            continue
          }
          const fits = offered.filter(([type]) => {
            const until = t + (type.durationMinutes + type.bufferMinutes) * MINUTE
            return (
              until <= w.end &&
              t >= earliest + type.minNoticeMinutes * MINUTE &&
              !busy.some((b) => b.start < until && t < b.end)
            )
          })
          if (!fits.length) {
            t += STEP
            continue
          }
          const type = weighted(rng, fits)
          const made = rng() < p ? book(w, t, [type, ...fits.map(([f]) => f).filter((f) => f !== type)]) : null
          t += ((made ?? type).durationMinutes + (made ?? type).bufferMinutes) * MINUTE
        }
      }
    }
    walk(Math.min(1, (goal - held) / Math.max(1, total - held)))
    // a day the draw left short tries every free place (so a top-up run again finds nothing more to add)
    if (held < (opts.topUp?.threshold ?? lo) * total) walk(1)
  }
  return bookings
}

export function append<T>(map: Map<string, T[]>, key: string, item: T) {
  const list = map.get(key)
  if (list) list.push(item)
  else map.set(key, [item])
}

type Pool = { list: Candidate[]; weights: (readonly [Candidate, number])[] }

function candidatesFor(
  patients: Candidate[],
  kind: PractitionerKind,
  date: string,
  zones: Map<string, string>,
  site: string,
): Pool {
  const region = regionOf(zones.get(site) ?? 'Europe/London')
  const list = patients.filter((c) => c.region === region && suits(kind, ageOn(c.birthDate, date)))
  // children mostly see the paediatricians
  const weight = (c: Candidate) => (kind !== 'paeds' && ageOn(c.birthDate, date) < 16 ? c.weight * 0.3 : c.weight)
  return { list, weights: list.map((c) => [c, weight(c)] as const) }
}

/**
 * A patient free at this time with no other visit that day (the frequent ones more often), or null
 * when there is none: then none is free all day, which a later run finds the same. A first visit
 * (a new patient check) is a newcomer's with nothing booked yet.
 */
function pickPatient(
  rng: Rng,
  pool: Pool,
  taken: Taken,
  { date, start, end, firstVisit }: { date: string; start: number; end: number; firstVisit: boolean },
) {
  const free = (c: Candidate) =>
    firstVisit
      ? c.newcomer === true && !taken.patient.get(c.mrn)?.length
      : !(taken.patient.get(c.mrn) ?? []).some((h) => h.date === date || (h.start < end && start < h.end))
  if (!pool.list.length) return null
  for (let attempt = 0; attempt < 20; attempt++) {
    const c = weighted(rng, pool.weights)
    if (free(c)) return c.mrn
  }
  return pool.list.find(free)?.mrn ?? null
}
