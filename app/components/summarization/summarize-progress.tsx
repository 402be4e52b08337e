import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { SummaryTypeCode } from '#contract/summarization'
import { SUMMARY_HISTORY_PATH, summaryDetailPath } from './format'
import type { SummarizeOutcome } from './summarize.schema'
import { SummaryText } from './summary-text'

type Props = {
  submitting: boolean
  cancelled: boolean
  outcome: SummarizeOutcome | null
  typeName: (code: SummaryTypeCode) => string
  /** The type being made while submitting. */
  pendingType: string | null
}

/** Beside the form: the summary being made (with Cancel), the one made, or that it was cancelled. Announced as it changes. */
export function SummarizeProgress(props: Props) {
  return (
    <section aria-labelledby="summary-result-title">
      <div role="status" aria-live="polite">
        <Body {...props} />
      </div>
    </section>
  )
}

function Body({ submitting, cancelled, outcome, typeName, pendingType }: Props) {
  if (submitting) {
    return (
      <Card padding="md">
        <Title order={2} size="h4" id="summary-result-title" mb="sm">
          Summarising…
        </Title>
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm">
            Making a{pendingType ? ` ${typeName(pendingType as SummaryTypeCode).toLowerCase()}` : ''} summary. Long
            texts take longer; Cancel stops it.
          </Text>
        </Group>
      </Card>
    )
  }
  if (cancelled) {
    return (
      <Alert color="yellow" title="Summary cancelled" id="summary-result-title">
        <Text size="sm">
          You cancelled it before it finished, so no summary was made. It shows as Failed in{' '}
          <Anchor component={Link} to={SUMMARY_HISTORY_PATH} size="sm">
            your past summaries
          </Anchor>
          .
        </Text>
      </Alert>
    )
  }
  if (outcome === null) {
    return (
      <Card padding="md" withBorder style={{ borderStyle: 'dashed' }}>
        <Title order={2} size="h4" id="summary-result-title" mb={4}>
          Your summary
        </Title>
        <Text size="sm" c="dimmed">
          It appears here, and stays in your past summaries.
        </Text>
      </Card>
    )
  }
  if (outcome.status === 'failed') {
    return (
      <Alert color="red" title="The summary failed" id="summary-result-title">
        <Stack gap={4}>
          <Text size="sm">{outcome.failure_reason ?? 'The text could not be summarised.'}</Text>
          <Anchor component={Link} to={summaryDetailPath(outcome.summary_id)} size="sm">
            Open summary #{outcome.summary_id}
          </Anchor>
        </Stack>
      </Alert>
    )
  }
  return (
    <Card padding="md">
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Title order={2} size="h4" id="summary-result-title">
          Summary
        </Title>
        <Badge variant="light">{typeName(outcome.summary_type)}</Badge>
      </Group>
      {outcome.summary ? (
        <SummaryText summary={outcome.summary} type={outcome.summary_type} />
      ) : (
        <Text size="sm" c="dimmed">
          The summary is empty: the text had nothing to summarise.
        </Text>
      )}
      <Group justify="space-between" gap="xs" mt="sm">
        <Text size="xs" c="dimmed">
          From {outcome.source}
        </Text>
        <Anchor component={Link} to={summaryDetailPath(outcome.summary_id)} size="sm">
          Open summary #{outcome.summary_id}
        </Anchor>
      </Group>
    </Card>
  )
}
