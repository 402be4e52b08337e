import { Button, Card, Group, Stack, Text } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
  Form,
  Link,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { IconChecks, IconDownload, IconSparkles } from '~/components/icons'
import { scoringListQuery, type ScoringBucket } from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import { ErrorScreen } from '~/components/error-screen'
import { FiltersNotApplied } from '~/components/layout/list-filters'
import { PageHeader } from '~/components/layout/page-header'
import { keptParams, readListQuery } from '~/lib/list-query'
import { useListHref } from '~/lib/list-links'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import { loadScopeOptions } from '~/services/call-evaluation-lookups.server'
import { createUpstream, errorResponse, settlePart } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { bulkAccept } from './bucket.server'
import {
  BULK_ACCEPT_INTENT,
  bucketLabel,
  isBucket,
  LIST_ERROR,
  SCORING_DEMO_PATH,
  SCORING_EXPORT_PATH,
  SCORING_FILTERS,
  SCORING_PATH,
  type ScoringFilterValues,
} from '~/components/agent-scoring/format'
import { QueueFilters } from '~/components/agent-scoring/queue-filters'
import { ItemPager, ItemTable } from '~/components/agent-scoring/queue-table'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `${bucketLabel[data.bucket]} · AI agent scoring` : 'AI agent scoring') },
]

const KEPT = [...SCORING_FILTERS, 'ordering', 'page'] as const
const BULK_FORM = 'bulk-accept'

const intro: Record<ScoringBucket, string> = {
  pending: 'Interactions waiting to be scored, and those that could not be: open one to see why.',
  ai_reviewed: 'Drafts the AI has scored, the least confident first: accept or reject each.',
  ai_accepted: 'Scorings a supervisor accepted: each is now an evaluation in call evaluation.',
  ai_rejected: 'Scorings a supervisor rejected, with the corrected criteria and the reasons.',
}

/** `:type` is one of the four buckets (SPEC §2); anything else is not a page. */
function bucketOfParams(params: LoaderFunctionArgs['params']): ScoringBucket {
  if (!isBucket(params.type)) throw errorResponse(404, 'Page not found')
  return params.type
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const bucket = bucketOfParams(params)
  const api = await createUpstream(request)
  const values: ScoringFilterValues & { page?: string } = keptParams(new URL(request.url).searchParams, KEPT)
  const { query, errors } = readListQuery(scoringListQuery, values)
  // only pending items can need attention: elsewhere the flag would empty the list
  const needsAttention = bucket === 'pending' ? query.needs_attention : undefined
  const [list, options] = await Promise.all([
    settlePart(
      api.request(endpoints.listScoringItems, { query: { ...query, bucket, needs_attention: needsAttention } }),
    ),
    loadScopeOptions(api),
  ])
  return data({ bucket, query, values, errors, list, options }, { headers: api.headers })
}

/** The bulk accept of the AI-reviewed queue (a plain form post; see `bulkAccept`). */
export const action = (args: ActionFunctionArgs) => bulkAccept(args)

/** The CSV of what the list shows: its bucket, filters and order, not its page. */
function exportHref(bucket: ScoringBucket, values: ScoringFilterValues) {
  const params = new URLSearchParams({ bucket })
  for (const [key, value] of Object.entries(values)) if (value && key !== 'page') params.set(key, value)
  return `${SCORING_EXPORT_PATH}?${params}`
}

export default function ScoringBucketPage() {
  const { bucket, query, values, errors, list, options } = useLoaderData<typeof loader>()
  const layout = useRouteLoaderData<typeof loadPortalLayout>('routes/demo-portal/layout')
  const isAgent = layout?.user.role === 'agent'
  const { search } = useLocation()
  const href = useListHref()
  const filtered = SCORING_FILTERS.some((name) => values[name])
  const navigation = useNavigation()
  // QA supervisors and admins accept, in one go, the drafts whose every criterion is verified and confident
  const canBulkAccept =
    bucket === 'ai_reviewed' &&
    (layout?.user.role === 'admin' || layout?.user.role === 'qa_supervisor') &&
    (list.value?.results.some((r) => r.all_verified_high) ?? false)

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: SCORING_PATH, label: 'AI agent scoring' }}
        title={bucketLabel[bucket]}
        description={
          <Text c="dimmed">{isAgent ? `Your interactions in this bucket. ${intro[bucket]}` : intro[bucket]}</Text>
        }
        actions={
          <Group gap="sm">
            <Button
              component="a"
              href={exportHref(bucket, values)}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Export CSV
            </Button>
            <Button component={Link} to={SCORING_DEMO_PATH} leftSection={<IconSparkles size={16} aria-hidden />}>
              Score a conversation
            </Button>
          </Group>
        }
      />
      <Card padding="md">
        <QueueFilters
          key={search}
          bucket={bucket}
          values={values}
          errors={errors}
          options={options}
          showAgent={!isAgent}
        />
      </Card>
      <FiltersNotApplied errors={errors} />
      {canBulkAccept ? (
        <Form method="post" id={BULK_FORM} aria-label="Accept in bulk">
          <input type="hidden" name="intent" value={BULK_ACCEPT_INTENT} />
          <Group gap="sm">
            <Button
              type="submit"
              color="teal"
              variant="light"
              loading={navigation.state === 'submitting'}
              leftSection={<IconChecks size={16} aria-hidden />}
            >
              Accept the selected
            </Button>
            <Text size="sm" c="dimmed">
              Only drafts whose every criterion is verified with high confidence can be selected.
            </Text>
          </Group>
        </Form>
      ) : null}
      <Card padding="md">
        <ItemTable
          rows={list.value?.results ?? null}
          bucket={bucket}
          selectForm={canBulkAccept ? BULK_FORM : undefined}
          label={`${bucketLabel[bucket]} interactions`}
          failure={{ title: LIST_ERROR, message: list.error }}
          empty={`No ${bucketLabel[bucket].toLowerCase()} interactions.`}
          noMatch="No interactions match these filters."
          filtered={filtered}
          footer={
            list.value ? (
              <ItemPager
                page={query.page}
                totalPages={list.value.total_pages}
                count={list.value.count}
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
