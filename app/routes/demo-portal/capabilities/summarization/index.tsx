import { Alert, Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRouteError } from '@remix-run/react'
import { IconHistory, IconSparkles } from '~/components/icons'
import type { ReactNode } from 'react'
import { endpoints } from '#contract/endpoints'
import { ErrorScreen } from '~/components/error-screen'
import { SUMMARIZE_DEMO_PATH, SUMMARY_HISTORY_PATH } from '~/components/summarization/format'
import { StatusChart, StatusKpis } from '~/components/summarization/status-overview'
import { SummaryTable } from '~/components/summarization/summary-table'
import { settle, throwIfAllFailed } from '~/services/dashboards.server'
import { listSummaries } from '~/services/summarization.server'
import { createUpstream } from '~/services/upstream.server'
import { pageTitle } from '~/theme'

export const meta: MetaFunction = () => [{ title: pageTitle('Summarization') }]

const RECENT = 5

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  // each part fails on its own; only when all do is the page an error
  const [chart, kpi, recent] = await Promise.all([
    settle(api.request(endpoints.summarizeChart)),
    settle(api.request(endpoints.summarizeKpi)),
    settle(listSummaries(api, { page: 1, page_size: RECENT })),
  ])
  throwIfAllFailed([chart, kpi, recent])
  return data({ chart, kpi, recent }, { headers: api.headers })
}

function Section({
  id,
  title,
  aside,
  children,
}: {
  id: string
  title: string
  aside?: ReactNode
  children: ReactNode
}) {
  return (
    <Card padding="md" component="section" aria-labelledby={id} h="100%">
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  )
}

function Unavailable({ what, error }: { what: string; error: string }) {
  return (
    <Alert color="gray" variant="light" title={`${what} unavailable`} role="status" p="xs">
      <Text size="sm">{error}</Text>
    </Alert>
  )
}

export default function SummarizationOverview() {
  const { chart, kpi, recent } = useLoaderData<typeof loader>()
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>Summarization</Title>
          <Text c="dimmed">
            Condense a call transcript or a document into a brief, bullet points, action items or CRM call notes.
          </Text>
        </div>
        <Group gap="sm">
          <Button
            component={Link}
            to={SUMMARY_HISTORY_PATH}
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            Past summaries
          </Button>
          <Button component={Link} to={SUMMARIZE_DEMO_PATH} leftSection={<IconSparkles size={16} aria-hidden />}>
            Try the demo
          </Button>
        </Group>
      </Group>
      {kpi.error !== null ? <Unavailable what="Summary figures" error={kpi.error} /> : <StatusKpis kpi={kpi.data} />}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Section id="status-chart-title" title="Summary status">
            {chart.error !== null ? (
              <Unavailable what="Summary status" error={chart.error} />
            ) : (
              <StatusChart chart={chart.data} />
            )}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Section
            id="recent-title"
            title="Recent summaries"
            aside={
              recent.data?.count ? (
                <Anchor component={Link} to={SUMMARY_HISTORY_PATH} size="sm">
                  All {recent.data.count}
                </Anchor>
              ) : null
            }
          >
            <SummaryTable
              summaries={recent.error === null ? recent.data.results : null}
              failure={{ title: 'something went wrong in list api', message: recent.error }}
              empty="No summaries yet."
              emptyAction={
                <Button component={Link} to={SUMMARIZE_DEMO_PATH} variant="light">
                  Summarise your first text
                </Button>
              }
              label="Recent summaries"
              compact
            />
          </Section>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
