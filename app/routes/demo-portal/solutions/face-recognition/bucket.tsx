import { Anchor, Button, Card, Group, Stack } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRouteError } from '@remix-run/react'
import { IconFaceId } from '~/components/icons'
import { endpoints } from '#contract/endpoints'
import { ErrorScreen } from '~/components/error-screen'
import {
  bucketLabel,
  bucketPath,
  FACE_DEMO_PATH,
  FACE_PATH,
  SCAN_BUCKETS,
  SCAN_LIST_ERROR,
} from '~/components/face/format'
import { ScanTable } from '~/components/face/scan-table'
import { ListPager } from '~/components/layout/list-pager'
import { idOf, upstreamFailure } from '~/services/face.server'
import { createUpstream } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { requireBucket, rowOfScan } from './scans.server'
import { PageHeader } from '~/components/layout/page-header'
import { useListHref } from '~/lib/list-links'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `${bucketLabel[data.bucket]} scans` : 'Facial recognition') },
]

const PAGE_SIZE = 10

export async function loader({ request, params }: LoaderFunctionArgs) {
  const bucket = requireBucket(params.type)
  const page = idOf(new URL(request.url).searchParams.get('page')) ?? 1
  const api = await createUpstream(request)
  const list = await api.request(endpoints.listScans, { query: { bucket, page, page_size: PAGE_SIZE } }).then(
    (p) => ({ page: { ...p, results: p.results.map(rowOfScan) }, error: null }),
    async (thrown: unknown) => ({ page: null, error: (await upstreamFailure(thrown)).message }),
  )
  return data({ bucket, current: page, ...list }, { headers: api.headers })
}

export default function FaceBucketPage() {
  const { bucket, current, page, error } = useLoaderData<typeof loader>()
  const href = useListHref()
  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: FACE_PATH, label: 'Facial recognition' }}
        title={bucketLabel[bucket]}
        actions={
          <Button component={Link} to={FACE_DEMO_PATH} leftSection={<IconFaceId size={16} />}>
            Verify a face
          </Button>
        }
      />
      <nav aria-label="Scans by decision">
        <Group gap="md">
          {SCAN_BUCKETS.map((b) => (
            <Anchor
              key={b}
              component={Link}
              to={bucketPath(b)}
              size="sm"
              fw={b === bucket ? 700 : 400}
              aria-current={b === bucket ? 'page' : undefined}
            >
              {bucketLabel[b]}
            </Anchor>
          ))}
        </Group>
      </nav>
      <Card padding="md">
        <ScanTable
          scans={page?.results ?? null}
          failure={{ title: SCAN_LIST_ERROR, message: error }}
          empty="No scans here yet."
          label={`${bucketLabel[bucket]} scans`}
          bucket={bucket}
          footer={
            page ? (
              <ListPager
                page={current}
                totalPages={page.total_pages}
                count={page.count}
                noun={['scan', 'scans']}
                label="Scan pages"
                hrefFor={(n) => href({ page: String(n) })}
              />
            ) : null
          }
        />
      </Card>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
