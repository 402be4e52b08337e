import { LineChart } from '~/components/charts/svg-charts'
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

/** The course of the call's sentiment, drawn by the server: an image named by its summary. */
export function SentimentChart({ points }: { points: SentimentTiming['points'] }) {
  return (
    <LineChart
      data={points}
      xKey="start_time"
      series={[
        { name: 'agent', label: 'Agent', color: 'indigo.6' },
        { name: 'customer', label: 'Customer', color: 'orange.8' },
      ]}
      height={220}
      yDomain={[-1, 1]}
      yTicks={[-1, -0.5, 0, 0.5, 1]}
      referenceY={0}
      format={figure}
      summary={summary(points)}
    />
  )
}
