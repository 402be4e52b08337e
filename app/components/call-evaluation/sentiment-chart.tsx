import '@mantine/charts/styles.css'
import { LineChart } from '@mantine/charts'
import type { SentimentTiming } from '#contract/evaluations'

/** Loaded only in the browser after hydration (recharts draws nothing on the server). */
export default function SentimentChart({ points }: { points: SentimentTiming['points'] }) {
  return (
    <LineChart
      h={220}
      data={points}
      dataKey="start_time"
      series={[
        { name: 'agent', label: 'Agent', color: 'indigo.6' },
        { name: 'customer', label: 'Customer', color: 'orange.6' },
      ]}
      yAxisProps={{ domain: [-1, 1] }}
      referenceLines={[{ y: 0, color: 'gray.4' }]}
      valueFormatter={(value) => value.toFixed(2)}
      withLegend
      connectNulls
      curveType="monotone"
      aria-hidden
    />
  )
}
