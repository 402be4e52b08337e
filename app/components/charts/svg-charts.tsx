import { tickIncrement, ticks as niceTicks } from 'd3-array'
import { arc, curveMonotoneX, line, pie } from 'd3-shape'
import { Fragment, type CSSProperties, type ReactNode } from 'react'
import classes from './svg-charts.module.css'

// Charts drawn by the server as SVG and HTML, so that the figures are readable before and without
// any script, and no chart library is downloaded (issue 20). d3-array and d3-shape do the maths
// (round ticks, curves, arcs); React draws the same markup on the server and in the browser.
//
// The plots stretch to their box (preserveAspectRatio="none") with strokes that keep their width
// (vector-effect), so one drawing fits a phone and a desktop; the text around them is HTML, placed
// in percentages, so it never stretches. Each point and bar says its value in a native tooltip
// (<title>), and each chart is an image named by a one-sentence summary: its figures are in the
// table beside it.

/** A "colour.shade" of the Mantine theme ("indigo.6") as CSS. */
export const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`

export type ChartSeries = { name: string; label: string; color: string }
export type ChartRow = Record<string, string | number | null>

/** The plot's own coordinates: 1000 wide, 100 high per stretched box. */
const W = 1000
const H = 100

const at = (fraction: number) => `${Math.round(fraction * 10000) / 100}%`

/** A linear map from `domain` onto `range`. */
function linear([d0, d1]: [number, number], [r0, r1]: [number, number]) {
  return (value: number) => r0 + ((value - d0) / (d1 - d0 || 1)) * (r1 - r0)
}

/** Evenly spaced places for `count` categories across `width`, with `padding` steps at each end. */
function points(count: number, width: number, padding = 0.3) {
  return (index: number) => ((padding + index) * width) / (count - 1 + 2 * padding)
}

/** A colour swatch beside a figure, keying it to its part of a chart (the text says the rest). */
export function Swatch({ color }: { color: string }) {
  return <span className={classes.swatch} style={{ background: color }} aria-hidden />
}

function Legend({ series }: { series: ChartSeries[] }) {
  return (
    <ul className={classes.legend} aria-hidden>
      {series.map((s) => (
        <li key={s.name}>
          <Swatch color={cssColor(s.color)} />
          {s.label}
        </li>
      ))}
    </ul>
  )
}

/** Where a dot is: a zero-length stroke, which a round cap draws as a dot however the plot stretches. */
const dotPath = (x: number, y: number) => `M${x.toFixed(1)} ${y.toFixed(1)}h0`

/**
 * Dots in one colour and size (their stroke style is the group's, from CSS): each with its own
 * tooltip where `tip` gives one, else all of them in one path (a cloud of points, one element).
 */
function Dots({
  points,
  color,
  size,
  tip,
}: {
  points: { x: number; y: number }[]
  color: string
  size: 'small' | 'large'
  tip?: (index: number) => string
}) {
  return (
    <g className={classes.dots} data-size={size} stroke={color}>
      {tip ? (
        points.map((p, i) => (
          <path key={i} d={dotPath(p.x, p.y)}>
            <title>{tip(i)}</title>
          </path>
        ))
      ) : (
        <path d={points.map((p) => dotPath(p.x, p.y)).join('')} />
      )}
    </g>
  )
}

type Axis = { ticks: number[]; format: (value: number) => string }

/**
 * A stretched plot with its y axis (ticks and labels on the left) and x labels under it. `y(value)`
 * and `x(fraction)` map to the plot's coordinates.
 */
function Plot({
  height,
  yAxis,
  yDomain,
  xLabels,
  xTitle,
  yTitle,
  children,
}: {
  height: number
  yAxis: Axis
  yDomain: [number, number]
  /** Labels under the plot at fractions of its width; minor ones give way on a narrow chart. */
  xLabels: { at: number; text: string; minor?: boolean }[]
  xTitle?: string
  yTitle?: string
  children: ReactNode
}) {
  const y = linear(yDomain, [1, 0])
  return (
    <div className={classes.frame} style={{ '--plot-height': `${height}px` } as CSSProperties}>
      {yTitle ? <span className={classes.yTitle}>{yTitle}</span> : null}
      <div className={classes.plot}>
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className={classes.svg} aria-hidden>
          <path
            d={yAxis.ticks.map((t) => `M0 ${(y(t) * H).toFixed(2)}H${W}`).join('')}
            className={classes.grid}
            vectorEffect="non-scaling-stroke"
          />
          {children}
        </svg>
        {yAxis.ticks.map((t) => (
          <span key={t} className={classes.yTick} style={{ top: at(y(t)) }}>
            {yAxis.format(t)}
          </span>
        ))}
        {xLabels.map((label, i) => (
          <span key={i} className={classes.xTick} data-minor={label.minor || undefined} style={{ left: at(label.at) }}>
            {label.text}
          </span>
        ))}
      </div>
      {xTitle ? <span className={classes.xTitle}>{xTitle}</span> : null}
    </div>
  )
}

/** At most `most` labels, evenly spread, the first and last among them. */
function thin<T>(items: T[], most: number): { item: T; index: number }[] {
  if (items.length <= most) return items.map((item, index) => ({ item, index }))
  const step = (items.length - 1) / (most - 1)
  return Array.from({ length: most }, (_, i) => {
    const index = Math.round(i * step)
    return { item: items[index], index }
  })
}

/**
 * Lines over categories (periods, times): one per series, nulls bridged, a dot per value whose
 * tooltip says the value and the row's `<name>_note` ("4 calls").
 */
export function LineChart({
  data,
  xKey,
  series,
  height,
  yDomain,
  yTicks,
  format,
  summary,
  referenceY,
}: {
  data: ChartRow[]
  xKey: string
  series: ChartSeries[]
  /** The whole chart's height, legend included. */
  height: number
  yDomain: [number, number]
  yTicks: number[]
  format: (value: number) => string
  summary: string
  referenceY?: number
}) {
  const x = points(data.length, W)
  const y = linear(yDomain, [H, 0])
  const shown = thin(data, 8)
  const xLabels = shown.map(({ item, index }, i) => ({
    at: x(index) / W,
    text: String(item[xKey] ?? ''),
    minor: i % 2 === 1 && i < shown.length - 1,
  }))
  return (
    <figure role="img" aria-label={summary} className={classes.figure}>
      <Plot height={height - 56} yAxis={{ ticks: yTicks, format }} yDomain={yDomain} xLabels={xLabels}>
        {referenceY !== undefined ? (
          <path
            d={`M0 ${y(referenceY).toFixed(2)}H${W}`}
            className={classes.reference}
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
        {series.map((s) => {
          const points = data
            .map((row, i) => ({ i, row, value: row[s.name] }))
            .filter((p): p is { i: number; row: ChartRow; value: number } => typeof p.value === 'number')
          const color = cssColor(s.color)
          const path = line<(typeof points)[number]>()
            .x((p) => x(p.i))
            .y((p) => y(p.value))
            .curve(curveMonotoneX)
            .digits(1)(points)
          return (
            <g key={s.name}>
              {path ? (
                <path d={path} fill="none" stroke={color} strokeWidth={2} vectorEffect="non-scaling-stroke" />
              ) : null}
              <Dots
                points={points.map((p) => ({ x: x(p.i), y: y(p.value) }))}
                color={color}
                size="small"
                tip={(i) => {
                  const { row, value } = points[i]
                  const note = row[`${s.name}_note`]
                  return `${s.label}, ${String(row[xKey] ?? '')}: ${format(value)}${note ? ` · ${note}` : ''}`
                }}
              />
            </g>
          )
        })}
      </Plot>
      <Legend series={series} />
    </figure>
  )
}

/** Points of (x, y) with a vertical reference line, both axes named. */
export function ScatterChart({
  points,
  height,
  color,
  xDomain,
  xTicks,
  yDomain,
  yTicks,
  format,
  labels,
  referenceX,
  summary,
}: {
  points: { x: number; y: number; label?: string }[]
  height: number
  color: string
  xDomain: [number, number]
  xTicks: number[]
  yDomain: [number, number]
  yTicks: number[]
  format: { x: (value: number) => string; y: (value: number) => string }
  labels: { x: string; y: string }
  referenceX?: number
  summary: string
}) {
  const x = linear(xDomain, [0, W])
  const y = linear(yDomain, [H, 0])
  const fill = cssColor(color)
  return (
    <figure role="img" aria-label={summary} className={classes.figure}>
      <Plot
        height={height - 40}
        yAxis={{ ticks: yTicks, format: format.y }}
        yDomain={yDomain}
        xLabels={xTicks.map((t) => ({ at: x(t) / W, text: format.x(t) }))}
        xTitle={labels.x}
        yTitle={labels.y}
      >
        {referenceX !== undefined ? (
          <path
            d={`M${x(referenceX).toFixed(1)} 0V${H}`}
            className={classes.reference}
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
        <Dots
          points={points.map((p) => ({ x: x(p.x), y: y(p.y) }))}
          color={fill}
          size="large"
          // named points (agents) say who and where; a cloud of calls is read from its figures
          tip={
            points.some((p) => p.label)
              ? (i) =>
                  `${points[i].label}: ${labels.x} ${format.x(points[i].x)}, ${labels.y.toLowerCase()} ${format.y(points[i].y)}`
              : undefined
          }
        />
      </Plot>
    </figure>
  )
}

/**
 * One row of bars per name, names on the left (long category names wrap), a value axis under the
 * bars, and what the bars count under it. Plain HTML: a bar is a box as wide as its share of the axis.
 */
export function BarList({
  data,
  series,
  summary,
  unit,
  format,
  max,
  nameWidth = 130,
}: {
  data: ChartRow[]
  series: ChartSeries[]
  summary: string
  unit: string
  format: (value: number) => string
  /** The axis' end; else a round number above the largest value. */
  max?: number
  nameWidth?: number
}) {
  const largest = Math.max(1, ...data.flatMap((row) => series.map((s) => Number(row[s.name] ?? 0))))
  // the axis ends on a round tick at or past the largest value (counts: whole steps)
  const step = Math.max(max === undefined ? 1 : 0, tickIncrement(0, largest, 4))
  const end = max ?? Math.ceil(largest / step) * step
  const ticks = niceTicks(0, end, 5).filter((t) => max !== undefined || Number.isInteger(t))
  return (
    <figure role="img" aria-label={summary} className={classes.figure}>
      <div className={classes.bars} style={{ gridTemplateColumns: `minmax(0, ${nameWidth}px) 1fr` }}>
        <span className={classes.barGrid} style={{ gridRow: `1 / ${data.length + 1}` }}>
          {ticks.map((t) => (
            <span key={t} style={{ left: at(t / end) }} />
          ))}
        </span>
        {data.map((row, i) => (
          <Fragment key={i}>
            <span className={classes.barName} style={{ gridRow: i + 1 }}>
              {String(row.name ?? '')}
            </span>
            <span className={classes.barTrack} style={{ gridRow: i + 1 }}>
              {series.map((s) => {
                const value = Number(row[s.name] ?? 0)
                return (
                  <span
                    key={s.name}
                    className={classes.bar}
                    style={{ width: at(value / end), background: cssColor(s.color) }}
                    title={`${String(row.name ?? '')}, ${s.label}: ${format(value)}`}
                  />
                )
              })}
            </span>
          </Fragment>
        ))}
        <span className={classes.barAxis} style={{ gridRow: data.length + 1 }}>
          {ticks.map((t) => (
            <span key={t} className={classes.xTick} style={{ left: at(t / end) }}>
              {format(t)}
            </span>
          ))}
        </span>
      </div>
      <span className={classes.xTitle}>{unit}</span>
      {series.length > 1 ? <Legend series={series} /> : null}
    </figure>
  )
}

/** Shares of a whole as a ring, each slice in its colour, from twelve o'clock clockwise; `centre` inside. */
export function Donut({
  data,
  size,
  thickness,
  centre,
  summary,
  format,
}: {
  data: { name: string; value: number; color: string }[]
  size: number
  thickness: number
  centre?: string
  /** The image's name; without one the ring is decoration (its figures beside it) and hidden. */
  summary?: string
  format: (value: number) => string
}) {
  const radius = size / 2
  const slices = pie<{ name: string; value: number; color: string }>()
    .value((d) => d.value)
    .sort(null)(data.filter((d) => d.value > 0))
  const draw = arc<(typeof slices)[number]>()
    .innerRadius(radius - thickness)
    .outerRadius(radius - 1)
    .padAngle(slices.length > 1 ? 0.012 : 0)
  const label = summary ? { role: 'img', 'aria-label': summary } : { 'aria-hidden': true }
  return (
    <figure className={classes.donut} style={{ width: size, height: size }} {...label}>
      <svg viewBox={`${-radius} ${-radius} ${size} ${size}`} width={size} height={size}>
        {slices.map((slice) => (
          <path key={slice.data.name} d={draw(slice) ?? ''} fill={cssColor(slice.data.color)}>
            <title>{`${slice.data.name}: ${format(slice.data.value)}`}</title>
          </path>
        ))}
      </svg>
      {centre ? <span className={classes.centre}>{centre}</span> : null}
    </figure>
  )
}
