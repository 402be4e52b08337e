import { Anchor, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { Appointment, Slot } from '#contract/reshub'
import classes from './reshub.module.css'
import { StatusBadge } from './status'
import { siteMinutes, siteTime } from './time'

/** One column of the grid: a day (week view) or a practitioner (day view). */
export type GridColumn = {
  key: string
  label: string
  /** The site's zone the column's times are read in. */
  zone: string
  appointments: Appointment[]
  slots: Slot[]
}

/** The grid's rows are quarter hours. */
const STEP = 15

type Block = { startStep: number; endStep: number; appointments: Appointment[] }

/** A column's appointments as blocks of rows; appointments that share a quarter hour share a block. */
function blocksOf(column: GridColumn, first: number) {
  const sorted = [...column.appointments].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
  const blocks: Block[] = []
  for (const a of sorted) {
    const start = Math.floor((siteMinutes(a.start, column.zone) - first) / STEP)
    const end = Math.max(start + 1, Math.ceil((siteMinutes(a.end, column.zone) - first) / STEP))
    const last = blocks.at(-1)
    if (last && start < last.endStep) {
      last.appointments.push(a)
      last.endStep = Math.max(last.endStep, end)
    } else blocks.push({ startStep: start, endStep: end, appointments: [a] })
  }
  return blocks
}

/** The hours the grid shows: 08:00 to 18:00, stretched to whatever the day holds. */
function rangeOf(columns: GridColumn[]) {
  let first = 8 * 60
  let last = 18 * 60
  for (const c of columns) {
    for (const t of [...c.appointments.map((a) => [a.start, a.end]), ...c.slots.map((s) => [s.start, s.end])]) {
      first = Math.min(first, Math.floor(siteMinutes(t[0]!, c.zone) / 60) * 60)
      last = Math.max(last, Math.ceil(siteMinutes(t[1]!, c.zone) / 60) * 60)
    }
  }
  return { first, rows: Math.max(1, Math.ceil((Math.min(last, 24 * 60) - first) / STEP)) }
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/**
 * The calendar as a server-rendered table: quarter hours down, days or practitioners across; an
 * appointment spans its rows, a free slot is a link that opens the booking form. A table works
 * without JavaScript, prints, and reads row by row to a screen reader.
 */
export function CalendarGrid({
  columns,
  caption,
  slotHref,
  slotLabel,
}: {
  columns: GridColumn[]
  caption: string
  /** The link that opens the booking form for a slot. */
  slotHref: (slot: Slot) => string
  /** The slot link's accessible name ("Book 09:30 with Dr Shah"). */
  slotLabel: (slot: Slot) => string
}) {
  const { first, rows } = rangeOf(columns)
  const blocks = columns.map((c) => blocksOf(c, first))
  const slotsAt = columns.map((c) => {
    const byStep = new Map<number, Slot[]>()
    for (const s of c.slots) {
      const step = Math.floor((siteMinutes(s.start, c.zone) - first) / STEP)
      byStep.set(step, [...(byStep.get(step) ?? []), s])
    }
    return byStep
  })
  const coveredUntil = columns.map(() => -1)
  return (
    <div className={classes.gridBox}>
      <table className={classes.grid}>
        <caption className={classes.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={classes.timeHead}>
              Time
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row} className={row % 4 === 0 ? classes.hourRow : undefined}>
              <th scope="row" className={classes.time}>
                {row % 2 === 0 ? (
                  hhmm(first + row * STEP)
                ) : (
                  <span className={classes.quiet}>{hhmm(first + row * STEP)}</span>
                )}
              </th>
              {columns.map((c, i) => {
                if (row < coveredUntil[i]!) return null
                const block = blocks[i]!.find((b) => b.startStep === row)
                const slotLinks = (free: Slot[]) =>
                  free.map((s) => (
                    <Anchor
                      key={`${s.start}-${s.practitioner_id}`}
                      component={Link}
                      to={slotHref(s)}
                      size="xs"
                      className={classes.slot}
                      aria-label={slotLabel(s)}
                    >
                      {siteTime(s.start, s.time_zone)} free
                    </Anchor>
                  ))
                if (block) {
                  // a short visit leaves the rest of its quarter hour free: those slots sit in its block
                  const inside = Array.from(
                    { length: block.endStep - block.startStep },
                    (_, k) => slotsAt[i]!.get(block.startStep + k) ?? [],
                  ).flat()
                  coveredUntil[i] = block.endStep
                  return (
                    <td key={c.key} rowSpan={block.endStep - block.startStep} className={classes.booked}>
                      <Stack gap={4}>
                        {block.appointments.map((a) => (
                          <div key={a.id} className={classes.appointment} data-status={a.status}>
                            <Text size="xs" fw={600}>
                              {siteTime(a.start, a.time_zone)} {a.patient.name}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {a.service.name}
                            </Text>
                            <StatusBadge status={a.status} />
                          </div>
                        ))}
                        {inside.length ? <div>{slotLinks(inside)}</div> : null}
                      </Stack>
                    </td>
                  )
                }
                const free = slotsAt[i]!.get(row) ?? []
                return (
                  <td key={c.key} className={free.length ? classes.free : undefined}>
                    {slotLinks(free)}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
