import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRouteError } from '@remix-run/react'
import { IconSparkles } from '~/components/icons'
import { endpoints } from '#contract/endpoints'
import { summaryIdQuery } from '#contract/summarization'
import { ErrorScreen } from '~/components/error-screen'
import { SummaryFacts } from '~/components/summarization/summary-facts'
import { inProgress, statusLabel, SUMMARIZE_DEMO_PATH, SUMMARY_HISTORY_PATH } from '~/components/summarization/format'
import { NoScriptRefresh, usePollWhile } from '~/components/summarization/summary-status'
import { SummaryText } from '~/components/summarization/summary-text'
import { summaryFailure } from '~/services/summarization.server'
import { createUpstream } from '~/services/upstream.server'
import { pageTitle } from '~/theme'

/** SPEC §8's message when a summary cannot be loaded. */
const DETAILS_ERROR = 'Something went wrong in details Api Error'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.summary ? `Summary #${data.summary.summary_id}` : 'Summary') },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const query = summaryIdQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!query.success) {
    return data({ summary: null, error: 'Choose a summary from your history.' }, { status: 404 })
  }
  try {
    const summary = await api.request(endpoints.summaryStatus, { query: { summary_id: query.data.summary_id } })
    return data({ summary, error: null }, { headers: api.headers })
  } catch (thrown) {
    const { status, message } = await summaryFailure(thrown)
    return data({ summary: null, error: message }, { status, headers: api.headers })
  }
}

export default function SummaryDetailPage() {
  const { summary, error } = useLoaderData<typeof loader>()
  const running = summary !== null && inProgress(summary.status)
  usePollWhile(running)

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={SUMMARY_HISTORY_PATH} size="sm">
          ← Past summaries
        </Anchor>
        <Group justify="space-between" align="flex-end" gap="sm" mt={4}>
          <Title order={1}>{summary ? `Summary #${summary.summary_id}` : 'Summary'}</Title>
          <Button component={Link} to={SUMMARIZE_DEMO_PATH} leftSection={<IconSparkles size={16} aria-hidden />}>
            New summary
          </Button>
        </Group>
      </div>
      {summary === null ? (
        <Alert color="red" title={DETAILS_ERROR} role="alert">
          {error}
        </Alert>
      ) : (
        <>
          {running ? <NoScriptRefresh /> : null}
          <SummaryFacts summary={summary} />
          <Card padding="md" component="section" aria-labelledby="summary-title">
            <Title order={2} size="h4" id="summary-title" mb="sm">
              {summary.summary_type_label}
            </Title>
            {/* announced as it changes while the page polls */}
            <div aria-live="polite">
              {summary.status === 'completed' ? (
                summary.summary ? (
                  <SummaryText summary={summary.summary} type={summary.summary_type} />
                ) : (
                  <Text c="dimmed">The summary is empty: the text had nothing to summarise.</Text>
                )
              ) : summary.status === 'failed' ? (
                <Alert color="red" title="The summary failed" role="alert">
                  {summary.failure_reason ?? 'The text could not be summarised.'}
                </Alert>
              ) : (
                <Group gap="sm">
                  <Loader size="sm" aria-hidden />
                  <Text size="sm">
                    {statusLabel[summary.status]}: the summary is on its way. This page updates when it is ready.
                  </Text>
                </Group>
              )}
            </div>
          </Card>
          <Card padding="md" component="section" aria-label="Original text">
            <details>
              <summary style={{ cursor: 'pointer' }}>
                <Text span fw={600}>
                  Original text
                </Text>{' '}
                <Text span size="sm" c="dimmed">
                  ({summary.word_count.toLocaleString('en-GB')} words)
                </Text>
              </summary>
              <Text
                size="sm"
                mt="sm"
                style={{ whiteSpace: 'pre-wrap', maxHeight: 480, overflowY: 'auto', overflowWrap: 'anywhere' }}
              >
                {summary.text}
              </Text>
            </details>
          </Card>
        </>
      )}
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
