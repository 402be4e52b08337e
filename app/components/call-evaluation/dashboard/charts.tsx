import '@mantine/charts/styles.css'
import { BarChart, DonutChart, LineChart, ScatterChart } from '@mantine/charts'

// Loaded only in the browser after hydration (recharts draws nothing on the server); every chart is
// aria-hidden because its figures are in the table beside it.

const pct = (value: number) => `${Math.round(value * 10) / 10}%`
const signed = (value: number) => value.toFixed(2)

export type LineSeries = { name: string; label: string; color: string }

/** Scores over time (0–100), one line per series. */
export function ScoreLines({
  data,
  series,
  height,
}: {
  data: Record<string, string | number | null>[]
  series: LineSeries[]
  height: number
}) {
  return (
    <LineChart
      h={height}
      data={data}
      dataKey="label"
      series={series}
      yAxisProps={{ domain: [0, 100], width: 44 }}
      valueFormatter={pct}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 24 }}
      connectNulls
      curveType="monotone"
      strokeWidth={2}
      dotProps={{ r: 2 }}
      aria-hidden
    />
  )
}

/** One bar per row, names on the left (long category names fit). */
export function NamedBars({
  data,
  series,
  height,
  percent = false,
  nameWidth = 130,
}: {
  data: Record<string, string | number | null>[]
  series: LineSeries[]
  height: number
  percent?: boolean
  nameWidth?: number
}) {
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="name"
      orientation="vertical"
      series={series}
      yAxisProps={{ width: nameWidth, tick: { fontSize: 11 } }}
      xAxisProps={percent ? { domain: [0, 100] } : undefined}
      valueFormatter={percent ? pct : (v) => String(v)}
      withLegend={series.length > 1}
      legendProps={{ verticalAlign: 'bottom', height: 24 }}
      gridAxis="x"
      maxBarWidth={14}
      aria-hidden
    />
  )
}

const PALETTE = [
  'indigo.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'yellow.6',
  'pink.6',
  'lime.6',
  'blue.6',
  'red.6',
]

/** Shares of a whole; the rest beyond the listed ones is grey. */
export function Shares({ data, size }: { data: { name: string; value: number }[]; size: number }) {
  return (
    <DonutChart
      size={size}
      thickness={26}
      data={data.map((d, i) => ({ ...d, color: d.name === 'Other' ? 'gray.4' : PALETTE[i % PALETTE.length] }))}
      tooltipDataSource="segment"
      valueFormatter={(v) => `${v} calls`}
      mx="auto"
      aria-hidden
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
  label,
}: {
  points: { x: number; y: number }[]
  height: number
  label: string
}) {
  const domain = sentimentDomain(points)
  return (
    <ScatterChart
      h={height}
      data={[{ name: label, color: 'indigo.5', data: points }]}
      dataKey={{ x: 'x', y: 'y' }}
      labels={{ x: 'Customer sentiment', y: 'Score' }}
      xAxisProps={{ domain, type: 'number', ticks: quarterTicks(domain) }}
      yAxisProps={{ domain: [0, 100], width: 44 }}
      valueFormatter={{ x: signed, y: pct }}
      referenceLines={[{ x: 0, color: 'gray.4' }]}
      aria-hidden
    />
  )
}
