import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRouteError } from '@remix-run/react'
import { IconScan } from '~/components/icons'
import { endpoints } from '#contract/endpoints'
import { KpiCards, type Kpi } from '~/components/call-evaluation/dashboard/kpi-cards'
import { ErrorScreen } from '~/components/error-screen'
import { DocumentTable } from '~/components/ocr/document-table'
import {
  bucketLabel,
  bucketPath,
  BUCKETS,
  DOCUMENT_LIST_ERROR,
  formatPct,
  OCR_DEMO_PATH,
} from '~/components/ocr/format'
import { createUpstream, settlePart } from '~/services/upstream.server'
import { pageTitle } from '~/theme'

export const meta: MetaFunction = () => [{ title: pageTitle('Document OCR') }]

const RECENT = 5

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const [kpi, recent] = await Promise.all([
    settlePart(api.request(endpoints.uploadDocumentKpi)),
    settlePart(api.request(endpoints.listDocuments, { query: { page: 1, page_size: RECENT } })),
  ])
  return data({ kpi, recent }, { headers: api.headers })
}

export default function OcrOverviewPage() {
  const { kpi, recent } = useLoaderData<typeof loader>()
  const kpis: Kpi[] = kpi.value
    ? [
        ...BUCKETS.map((bucket) => {
          const row = kpi.value!.results.find((r) => r.bucket === bucket)
          return {
            label: bucketLabel[bucket],
            value: row?.count ?? 0,
            note: formatPct(row?.percentage ?? 0),
            link: { to: bucketPath(bucket), text: 'View' },
          }
        }),
        { label: 'Total documents', value: kpi.value.total },
      ]
    : []

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>Document OCR</Title>
          <Text c="dimmed" maw={720}>
            ID cards, invoices and forms into text and checked fields: every word with its place on the page and its
            confidence, and answers to your questions quoted from the document.
          </Text>
        </div>
        <Button component={Link} to={OCR_DEMO_PATH} size="md" leftSection={<IconScan size={18} />}>
          Scan a document
        </Button>
      </Group>
      <section aria-labelledby="kpi-title">
        <Title order={2} size="h4" id="kpi-title" mb="sm">
          Your documents
        </Title>
        {kpi.value ? (
          <KpiCards label="Your documents by status" kpis={kpis} />
        ) : (
          <Alert color="yellow" title="The figures are unavailable" role="alert">
            {kpi.error}
          </Alert>
        )}
      </section>
      <Card padding="md" component="section" aria-labelledby="recent-title">
        <Title order={2} size="h4" id="recent-title" mb="sm">
          Recent documents
        </Title>
        <DocumentTable
          documents={recent.value?.results ?? null}
          failure={{ title: DOCUMENT_LIST_ERROR, message: recent.error }}
          empty={
            <>
              No documents yet.{' '}
              <Anchor component={Link} to={OCR_DEMO_PATH}>
                Upload or photograph one
              </Anchor>{' '}
              to see its text and fields.
            </>
          }
          emptyPadding="lg"
          label="Recent documents"
        />
      </Card>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
