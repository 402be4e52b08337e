import '@mantine/charts/styles.css'
import { LineChart } from '@mantine/charts'
import type { SentimentTiming } from '#contract/evaluations'

const figure = (n: number) => n.toFixed(2)

/** The course of each speaker's sentiment in words: where it starts, ends and how low and high it goes. */
function summary(points: SentimentTiming['points']) {
  const speaker = (label: string, values: (number | null)[]) => {
    const said = values.filter((v): v is number => v !== null)
    if (!said.length) return `${label}: nothing said`
    return `${label} from ${figure(said[0])} to ${figure(said.at(-1)!)}, lowest ${figure(Math.min(...said))}, highest ${figure(Math.max(...said))}`
  }
  return (
    `Line chart of sentiment (−1 to 1) over the call, ${points[0].start_time} to ${points.at(-1)!.start_time}: ` +
    `${speaker(
      'Agent',
      points.map((p) => p.agent),
    )}; ${speaker(
      'Customer',
      points.map((p) => p.customer),
    )}.`
  )
}

/**
 * Loaded only in the browser after hydration (recharts draws nothing on the server). An image named
 * by its summary, recharts' keyboard layer off so that nothing inside it takes focus.
 */
export default function SentimentChart({ points }: { points: SentimentTiming['points'] }) {
  return (
    <LineChart
      h={220}
      data={points}
      dataKey="start_time"
      series={[
        { name: 'agent', label: 'Agent', color: 'indigo.6' },
        { name: 'customer', label: 'Customer', color: 'orange.8' },
      ]}
      yAxisProps={{ domain: [-1, 1] }}
      referenceLines={[{ y: 0, color: 'gray.6' }]}
      valueFormatter={figure}
      withLegend
      connectNulls
      curveType="monotone"
      lineChartProps={{ accessibilityLayer: false }}
      role="img"
      aria-label={summary(points)}
    />
  )
}
