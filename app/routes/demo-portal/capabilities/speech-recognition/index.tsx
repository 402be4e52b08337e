import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRouteError } from '@remix-run/react'
import { IconHistory, IconMicrophone } from '~/components/icons'
import { endpoints } from '#contract/endpoints'
import { KpiCards } from '~/components/call-evaluation/dashboard/kpi-cards'
import { ErrorScreen } from '~/components/error-screen'
import {
  formatPct,
  RECORDING_LIST_ERROR,
  SPEECH_DEMO_PATH,
  SPEECH_HISTORY_PATH,
  statusLabel,
} from '~/components/speech/format'
import { RecordingTable } from '~/components/speech/recording-table'
import { createUpstream, settlePart } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { lookupNames } from './names.server'

export const meta: MetaFunction = () => [{ title: pageTitle('Speech recognition') }]

const RECENT = 5

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const [kpi, recent, names] = await Promise.all([
    settlePart(api.request(endpoints.uploadRecordingKpi)),
    settlePart(api.request(endpoints.listRecordings, { query: { page: 1, page_size: RECENT } })),
    lookupNames(api),
  ])
  return data({ kpi, recent, names }, { headers: api.headers })
}

export default function SpeechOverviewPage() {
  const { kpi, recent, names } = useLoaderData<typeof loader>()
  const kpis = kpi.value
    ? [
        { label: 'Recordings', value: kpi.value.total, link: { to: SPEECH_HISTORY_PATH, text: 'View all' } },
        ...kpi.value.results.map((r) => ({
          label: statusLabel[r.status] ?? r.label,
          value: r.count,
          note: formatPct(r.percentage),
          link: r.count ? { to: `${SPEECH_HISTORY_PATH}?status=${r.status}`, text: 'View' } : undefined,
        })),
      ]
    : []

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>Speech recognition</Title>
          <Text c="dimmed" maw={720}>
            Call recordings into transcripts by speaker, with card numbers, national ids, phone numbers and dates of
            birth redacted and a summary of the call.
          </Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to={SPEECH_HISTORY_PATH} variant="default" leftSection={<IconHistory size={16} />}>
            Past history
          </Button>
          <Button component={Link} to={SPEECH_DEMO_PATH} leftSection={<IconMicrophone size={16} />}>
            Try the demo
          </Button>
        </Group>
      </Group>
      <section aria-labelledby="kpi-title">
        <Title order={2} size="h4" id="kpi-title" mb="sm">
          Your recordings by status
        </Title>
        {kpi.value ? (
          <KpiCards label="Your recordings by status" kpis={kpis} />
        ) : (
          <Alert color="yellow" title="The figures are unavailable" role="alert">
            {kpi.error}
          </Alert>
        )}
      </section>
      <Card padding="md" component="section" aria-labelledby="recent-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="recent-title">
            Recent recordings
          </Title>
          {recent.value?.count ? (
            <Anchor component={Link} to={SPEECH_HISTORY_PATH} size="sm">
              All recordings ({recent.value.count})
            </Anchor>
          ) : null}
        </Group>
        <RecordingTable
          recordings={recent.value?.results ?? null}
          failure={{ title: RECORDING_LIST_ERROR, message: recent.error }}
          empty={
            <>
              No recordings yet.{' '}
              <Anchor component={Link} to={SPEECH_DEMO_PATH}>
                Upload one
              </Anchor>{' '}
              to see its transcript.
            </>
          }
          emptyPadding="lg"
          languages={names.languages}
          domains={names.domains}
          label="Recent recordings"
        />
      </Card>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
