import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRouteError } from '@remix-run/react'
import { IconFaceId } from '~/components/icons'
import { endpoints } from '#contract/endpoints'
import { KpiCards } from '~/components/call-evaluation/dashboard/kpi-cards'
import { ErrorScreen } from '~/components/error-screen'
import { bucketLabel, bucketPath, FACE_DEMO_PATH, SCAN_LIST_ERROR } from '~/components/face/format'
import { ScanTable } from '~/components/face/scan-table'
import { createUpstream, settlePart } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { rowOfScan } from './scans.server'

export const meta: MetaFunction = () => [{ title: pageTitle('Facial recognition') }]

const RECENT = 5

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const [kpi, recent, people] = await Promise.all([
    settlePart(api.request(endpoints.scanKpi)),
    settlePart(
      api
        .request(endpoints.listScans, { query: { page: 1, page_size: RECENT } })
        .then((p) => ({ ...p, results: p.results.map(rowOfScan) })),
    ),
    settlePart(api.request(endpoints.listPeople, { query: { page: 1, page_size: 1 } }).then((p) => p.count)),
  ])
  return data({ kpi, recent, people }, { headers: api.headers })
}

export default function FaceOverviewPage() {
  const { kpi, recent, people } = useLoaderData<typeof loader>()
  const kpis = [
    ...(kpi.value?.results.map((r) => ({
      label: bucketLabel[r.bucket] ?? r.label,
      value: r.count,
      link: { to: bucketPath(r.bucket), text: 'View' },
    })) ?? []),
    {
      label: 'Enrolled people',
      value: people.value ?? '—',
      link: { to: FACE_DEMO_PATH, text: people.value ? 'Manage' : 'Enrol' },
    },
  ]

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>Facial recognition</Title>
          <Text c="dimmed" maw={720}>
            Verify that a photo shows the person it claims to, or find who it shows among the people enrolled, with a
            basic check that the face is live and not a photo of a screen or a print.
          </Text>
        </div>
        <Button component={Link} to={FACE_DEMO_PATH} leftSection={<IconFaceId size={16} />}>
          Try the demo
        </Button>
      </Group>
      <section aria-labelledby="kpi-title">
        <Title order={2} size="h4" id="kpi-title" mb="sm">
          Your scans
        </Title>
        {kpi.error ? (
          <Alert color="yellow" title="The figures are unavailable" role="alert" mb="sm">
            {kpi.error}
          </Alert>
        ) : null}
        <KpiCards label="Your scans" kpis={kpis} />
      </section>
      <Card padding="md" component="section" aria-labelledby="recent-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="recent-title">
            Recent scans
          </Title>
          {recent.value?.count ? (
            <Anchor component={Link} to={bucketPath('total_scanned')} size="sm">
              All scans ({recent.value.count})
            </Anchor>
          ) : null}
        </Group>
        <ScanTable
          scans={recent.value?.results ?? null}
          failure={{ title: SCAN_LIST_ERROR, message: recent.error }}
          empty={
            <>
              No scans yet.{' '}
              <Anchor component={Link} to={FACE_DEMO_PATH}>
                Enrol a person and verify a photo
              </Anchor>{' '}
              to see the result here.
            </>
          }
          emptyPadding="lg"
          label="Recent scans"
        />
      </Card>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
