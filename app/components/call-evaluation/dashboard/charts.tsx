import {
  BarList,
  Donut,
  LineChart,
  ScatterChart,
  type ChartRow,
  type ChartSeries,
} from '~/components/charts/svg-charts'
import { formatCount } from './dashboard-links'

// The dashboards' charts, drawn by the server (~/components/charts): each an image named by a
// one-sentence summary (`summary`), its figures in the table beside it.

const pct = (value: number) => `${Math.round(value * 10) / 10}%`
const signed = (value: number) => value.toFixed(2)

export type LineSeries = ChartSeries

/** Scores over time (0–100), one line per series; a row's `<name>_note` says what that point holds. */
export function ScoreLines({
  data,
  series,
  height,
  summary,
}: {
  data: ChartRow[]
  series: LineSeries[]
  height: number
  summary: string
}) {
  return (
    <LineChart
      data={data}
      xKey="label"
      series={series}
      height={height}
      yDomain={[0, 100]}
      yTicks={[0, 25, 50, 75, 100]}
      format={pct}
      summary={summary}
    />
  )
}

/** One bar per row, names on the left (long category names fit), the values' unit under the axis. */
export function NamedBars({
  data,
  series,
  summary,
  unit,
  percent = false,
  nameWidth = 130,
}: {
  data: ChartRow[]
  series: LineSeries[]
  summary: string
  /** What the bars count, under the value axis ("Failed calls", "Agreement (%)"). */
  unit: string
  percent?: boolean
  nameWidth?: number
}) {
  return (
    <BarList
      data={data}
      series={series}
      summary={summary}
      unit={unit}
      format={percent ? pct : formatCount}
      max={percent ? 100 : undefined}
      nameWidth={nameWidth}
    />
  )
}

/** Shares of a whole, each slice in its given colour; the total in the middle. */
export function Shares({
  data,
  size,
  summary,
  centre,
}: {
  data: { name: string; value: number; color: string }[]
  size: number
  summary: string
  centre: string
}) {
  return (
    <Donut
      data={data}
      size={size}
      thickness={26}
      centre={centre}
      summary={summary}
      format={(v) => `${formatCount(v)} call${v === 1 ? '' : 's'}`}
    />
  )
}

/** The sentiments shown: the points' spread with a margin, in quarters, always across 0, within −1…1. */
function sentimentDomain(points: { x: number }[]): [number, number] {
  const xs = points.map((p) => p.x)
  const low = Math.max(-1, Math.floor((Math.min(0, ...xs) - 0.05) * 4) / 4)
  const high = Math.min(1, Math.ceil((Math.max(0, ...xs) + 0.05) * 4) / 4)
  return [low, high]
}

function quarterTicks([low, high]: [number, number]) {
  const ticks: number[] = []
  for (let t = low; t <= high + 1e-9; t += 0.25) ticks.push(Math.round(t * 100) / 100)
  return ticks
}

/** Points of (sentiment −1…1, score 0–100). */
export function SentimentScatter({
  points,
  height,
  summary,
}: {
  points: { x: number; y: number; label?: string }[]
  height: number
  summary: string
}) {
  const domain = sentimentDomain(points)
  return (
    <ScatterChart
      points={points}
      height={height}
      color="indigo.6"
      xDomain={domain}
      xTicks={quarterTicks(domain)}
      yDomain={[0, 100]}
      yTicks={[0, 25, 50, 75, 100]}
      format={{ x: signed, y: pct }}
      labels={{ x: 'Customer sentiment', y: 'Score' }}
      referenceX={0}
      summary={summary}
    />
  )
}
