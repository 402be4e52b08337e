import { Alert, Anchor, Badge, Button, Card, Stack, Table, Text, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconPencilPlus } from '~/components/icons'
import type { KnowledgeGaps } from '#contract/chatbot'
import { DataTable } from '~/components/layout/data-table'
import { formatDateTime } from '~/components/speech/format'
import { conversationPath, writeArticleHref } from './access'
import { TableScroll } from '~/components/layout/table-scroll'
import { utcDates } from '~/lib/intl-formats'

type Question = KnowledgeGaps['questions'][number]

export const gapReasonLabel: Record<Question['reason'], string> = {
  unanswered: 'Unanswered',
  thumbs_down: 'Thumbs down',
}

// One zone for server and browser, so the server's HTML and the hydrated page agree.
const day = utcDates({ dateStyle: 'medium' })
const formatWeek = (iso: string) => day.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`))

function WeekTable({ weeks }: { weeks: KnowledgeGaps['weeks'] }) {
  if (!weeks.length)
    return (
      <Text c="dimmed" size="sm">
        No unanswered or thumbs-down questions in these weeks.
      </Text>
    )
  return (
    <TableScroll minWidth={360}>
      <Table striped aria-label="Knowledge gaps per week" maw={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Week of</Table.Th>
            <Table.Th ta="right">Unanswered</Table.Th>
            <Table.Th ta="right">Thumbs down</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weeks.map((w) => (
            <Table.Tr key={w.week_start}>
              <Table.Td>
                <time dateTime={w.week_start}>{formatWeek(w.week_start)}</time>
              </Table.Td>
              <Table.Td ta="right">{w.unanswered}</Table.Td>
              <Table.Td ta="right">{w.thumbs_down}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  )
}

/**
 * The knowledge gaps: how many questions went unanswered or got a thumbs down each week, and the
 * questions themselves, each with its conversation and a way to write the article it lacked.
 */
export function KnowledgeGapsSection({
  gaps,
  error,
  weeks,
}: {
  gaps: KnowledgeGaps | null
  error: string | null
  /** How many weeks the figures cover. */
  weeks: number
}) {
  return (
    <Card padding="md" component="section" aria-labelledby="knowledge-gaps-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="knowledge-gaps-title">
            Knowledge gaps
          </Title>
          <Text c="dimmed" size="sm">
            Questions the chatbot could not answer, or whose answer got a thumbs down, in the last {weeks} weeks. An
            article on each closes the gap.
          </Text>
        </div>
        {gaps === null ? (
          <Alert color="red" title="Knowledge gaps could not be loaded" role="alert">
            {error}
          </Alert>
        ) : (
          <>
            <WeekTable weeks={gaps.weeks} />
            <DataTable
              label="Gap questions"
              rows={gaps.questions}
              rowKey={(q) => `${q.conversation_id}:${q.reason}:${q.question}`}
              minWidth={960}
              empty="No gaps: every question was answered without a thumbs down."
              emptyPadding="md"
              columns={[
                { header: 'Question', td: { maw: 320 }, cell: (q) => <Text size="sm">{q.question}</Text> },
                { header: 'Campaign', cell: (q) => q.campaign_name },
                {
                  header: 'Reason',
                  cell: (q) => (
                    <Badge variant="light" color={q.reason === 'unanswered' ? 'orange' : 'red'} tt="none">
                      {gapReasonLabel[q.reason]}
                    </Badge>
                  ),
                },
                { header: 'Feedback', td: { maw: 220 }, cell: (q) => q.feedback_reason ?? '—' },
                { header: 'Times asked', td: { ta: 'right' }, cell: (q) => q.times },
                {
                  header: 'Last asked',
                  td: { style: { whiteSpace: 'nowrap' } },
                  cell: (q) => <time dateTime={q.last_asked}>{formatDateTime(q.last_asked)}</time>,
                },
                {
                  header: 'Conversation',
                  cell: (q) => (
                    <Anchor
                      component={Link}
                      to={conversationPath(q.conversation_id)}
                      size="sm"
                      aria-label={`Conversation #${q.conversation_id}: ${q.question}`}
                    >
                      #{q.conversation_id}
                    </Anchor>
                  ),
                },
                {
                  header: 'Actions',
                  hideHeader: true,
                  cell: (q) => (
                    <Button
                      component={Link}
                      to={writeArticleHref(q.question, q.campaign_id)}
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconPencilPlus size={14} aria-hidden />}
                      aria-label={`Write an article: ${q.question}`}
                      styles={{ root: { whiteSpace: 'nowrap' } }}
                    >
                      Write an article
                    </Button>
                  ),
                },
              ]}
            />
          </>
        )}
      </Stack>
    </Card>
  )
}
