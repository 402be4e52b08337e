import '@mantine/charts/styles.css'
import { BarChart, ChartTooltip, DonutChart, LineChart, ScatterChart } from '@mantine/charts'
import type { TooltipContentProps } from 'recharts'

// Loaded only in the browser after hydration (recharts draws nothing on the server). Each chart is
// an image named by a one-sentence summary (`summary`), its figures in the table beside it; recharts'
// keyboard layer is off, so nothing inside the image takes focus.

const pct = (value: number) => `${Math.round(value * 10) / 10}%`
const signed = (value: number) => value.toFixed(2)

export type LineSeries = { name: string; label: string; color: string }
type Row = Record<string, string | number | null>

/** The image role and name every chart's root carries. */
const asImage = (summary: string) => ({ role: 'img', 'aria-label': summary })

/**
 * A line chart's tooltip: each line's value with what its point holds (the row's `<name>_note`,
 * "4 calls, 3–5 Nov"); lines without a point there are left out.
 */
function notedTooltip(series: LineSeries[]) {
  return function NotedTooltip({ label, payload }: TooltipContentProps<number, string>) {
    const items = (payload ?? [])
      .filter((item) => typeof item.value === 'number')
      .map((item) => {
        const row = item.payload as Row
        const note = row[`${String(item.name)}_note`]
        return {
          ...item,
          payload: { ...row, [String(item.name)]: `${pct(item.value as number)}${note ? ` · ${note}` : ''}` },
        }
      })
    if (!items.length) return null
    return <ChartTooltip label={label as string} payload={items} series={series} valueFormatter={(v) => String(v)} />
  }
}

/** Scores over time (0–100), one line per series; a row's `<name>_note` says what that point holds. */
export function ScoreLines({
  data,
  series,
  height,
  summary,
}: {
  data: Row[]
  series: LineSeries[]
  height: number
  summary: string
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
      legendProps={{ verticalAlign: 'bottom', height: 34 }}
      connectNulls
      curveType="monotone"
      strokeWidth={2}
      dotProps={{ r: 2.5 }}
      tooltipProps={{ content: notedTooltip(series) }}
      lineChartProps={{ accessibilityLayer: false }}
      {...asImage(summary)}
    />
  )
}

/** One bar per row, names on the left (long category names fit), the values' unit under the axis. */
export function NamedBars({
  data,
  series,
  height,
  summary,
  unit,
  percent = false,
  nameWidth = 130,
}: {
  data: Row[]
  series: LineSeries[]
  height: number
  summary: string
  /** What the bars count, under the value axis ("Failed calls", "Agreement (%)"). */
  unit: string
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
      xAxisProps={percent ? { domain: [0, 100] } : { allowDecimals: false }}
      xAxisLabel={unit}
      valueFormatter={percent ? pct : (v) => String(v)}
      withLegend={series.length > 1}
      legendProps={{ verticalAlign: 'bottom', height: 24 }}
      gridAxis="x"
      maxBarWidth={14}
      barChartProps={{ accessibilityLayer: false }}
      {...asImage(summary)}
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
    <DonutChart
      size={size}
      startAngle={90}
      endAngle={-270}
      thickness={26}
      strokeWidth={2}
      data={data}
      chartLabel={centre}
      tooltipDataSource="segment"
      valueFormatter={(v) => `${v.toLocaleString('en-GB')} call${v === 1 ? '' : 's'}`}
      mx="auto"
      pieChartProps={{ accessibilityLayer: false }}
      pieProps={{ rootTabIndex: -1 }}
      {...asImage(summary)}
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
  summary,
}: {
  points: { x: number; y: number }[]
  height: number
  label: string
  summary: string
}) {
  const domain = sentimentDomain(points)
  return (
    <ScatterChart
      h={height}
      data={[{ name: label, color: 'indigo.6', data: points }]}
      dataKey={{ x: 'x', y: 'y' }}
      labels={{ x: 'Customer sentiment', y: 'Score' }}
      xAxisProps={{ domain, type: 'number', ticks: quarterTicks(domain) }}
      yAxisProps={{ domain: [0, 100], width: 44 }}
      valueFormatter={{ x: signed, y: pct }}
      referenceLines={[{ x: 0, color: 'gray.6' }]}
      scatterChartProps={{ accessibilityLayer: false }}
      {...asImage(summary)}
    />
  )
}
