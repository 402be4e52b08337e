import { Badge, Card, Group, Table, Text, Title } from '@mantine/core'
import type { SentimentAnalysis, SentimentTiming } from '#contract/evaluations'
import { SentimentChart } from './sentiment-chart'
import { TableScroll } from '~/components/layout/table-scroll'

const overallColor = { positive: 'teal', neutral: 'gray', negative: 'red' } as const
const figure = (n: number | null) => (n === null ? '—' : n.toFixed(2))

function FiguresTable({ points }: { points: SentimentTiming['points'] }) {
  return (
    <TableScroll minWidth={260} maxHeight={260}>
      <Table striped withTableBorder fz="xs" verticalSpacing={4} aria-label="Sentiment over time">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Agent</Table.Th>
            <Table.Th>Customer</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((p) => (
            <Table.Tr key={p.start_time}>
              <Table.Td>{p.start_time}</Table.Td>
              <Table.Td>{figure(p.agent)}</Table.Td>
              <Table.Td>{figure(p.customer)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  )
}

/** The whole-call sentiment and its course over the call: a chart drawn by the server, and its figures. */
export function SentimentPanel({
  sentiment,
  timing,
}: {
  sentiment: SentimentAnalysis | null
  timing: SentimentTiming | null
}) {
  const points = timing?.points ?? []
  return (
    <Card padding="md" component="section" aria-labelledby="sentiment-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="sentiment-heading">
          Sentiment over time
        </Title>
        {sentiment ? (
          <Badge color={overallColor[sentiment.overall]} variant="light">
            Overall {sentiment.overall}
          </Badge>
        ) : null}
      </Group>
      {sentiment ? (
        <Text size="sm" mb="sm">
          Agent {figure(sentiment.agent.score)} ({sentiment.agent.positive} positive, {sentiment.agent.negative}{' '}
          negative) · Customer {figure(sentiment.customer.score)} ({sentiment.customer.positive} positive,{' '}
          {sentiment.customer.negative} negative)
        </Text>
      ) : null}
      {points.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sentiment data is unavailable.
        </Text>
      ) : (
        <>
          <SentimentChart points={points} />
          <details>
            <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>The figures</summary>
            <FiguresTable points={points} />
          </details>
        </>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        Scores run from −1 (negative) to 1 (positive).
      </Text>
    </Card>
  )
}
