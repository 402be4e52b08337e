import { invariantResponse } from '@epic-web/invariant'
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRouteError } from '@remix-run/react'
import { IconSparkles } from '~/components/icons'
import { useState } from 'react'
import { z } from 'zod'
import { endpoints } from '#contract/endpoints'
import { summaryIdQuery, summaryListQuery, type SummaryItem, type SummaryListQuery } from '#contract/summarization'
import { ErrorScreen } from '~/components/error-screen'
import { SUMMARIZATION_PATH, SUMMARIZE_DEMO_PATH, SUMMARY_HISTORY_PATH } from '~/components/summarization/format'
import {
  SummaryDeleteForm,
  SummaryDeletePanel,
  type DeleteTarget,
} from '~/components/summarization/summary-delete-confirm'
import { SummaryListFilters, SummaryListPager, type ListValues } from '~/components/summarization/summary-list-filters'
import { SummaryTable } from '~/components/summarization/summary-table'
import { backToList, deleteAction } from '~/lib/delete-action.server'
import { readForm } from '~/lib/forms.server'
import { listSummaries, summaryFailure } from '~/services/summarization.server'
import { createUpstream, orNull } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { ConfirmModal } from '~/components/layout/confirm-action'
import { FiltersNotApplied } from '~/components/layout/list-filters'
import { useListHref } from '~/lib/list-links'

export const meta: MetaFunction = () => [{ title: pageTitle('Past summaries') }]

/** The sub-views of summarization (ARCHITECTURE §8): only the user's own history. */
const TYPES = new Set(['past_history'])
const CONFIRM = 'confirm-delete'
const KEPT = ['q', 'status', 'summary_type', 'page'] as const
/** SPEC §8, as written. */
const LIST_ERROR = 'something went wrong in list api'
const DELETED = 'Deleted record successfully!'

function requireType(params: LoaderFunctionArgs['params']) {
  invariantResponse(params.type && TYPES.has(params.type), 'There is no such summary list.', { status: 404 })
}

/** The query as the contract reads it; invalid filters are reported and left out, so the list still shows. */
function readListQuery(params: URLSearchParams) {
  const raw = Object.fromEntries(KEPT.flatMap((key) => (params.has(key) ? [[key, params.get(key) ?? '']] : [])))
  const first = summaryListQuery.safeParse(raw)
  if (first.success) return { query: first.data, values: raw as ListValues, errors: {} }
  const errors: Partial<Record<keyof SummaryListQuery, string[]>> = first.error.flatten().fieldErrors
  const rest = Object.fromEntries(Object.entries(raw).filter(([key]) => !(key in errors)))
  const second = summaryListQuery.safeParse(rest)
  return { query: second.success ? second.data : summaryListQuery.parse({}), values: raw as ListValues, errors }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireType(params)
  const api = await createUpstream(request)
  const url = new URL(request.url)
  const { query, values, errors } = readListQuery(url.searchParams)
  const confirmId = summaryIdQuery.safeParse({ summary_id: url.searchParams.get(CONFIRM) })
  // the page, the types for the filter and the summary to confirm a delete of, at once
  const [list, types, confirming] = await Promise.all([
    listSummaries(api, query).then(
      (page) => ({ page, error: null }),
      async (thrown: unknown) => ({ page: null, error: (await summaryFailure(thrown)).message }),
    ),
    orNull(api.request(endpoints.summaryTypes)),
    confirmId.success
      ? orNull(api.request(endpoints.summaryStatus, { query: { summary_id: confirmId.data.summary_id } }))
      : null,
  ])
  const confirm: DeleteTarget | null = confirming
    ? {
        summary_id: confirming.summary_id,
        source: confirming.source,
        summary_type_label: confirming.summary_type_label,
      }
    : null
  const typeOptions = (types ?? []).map((t) => ({ value: t.code, label: t.name }))
  return data({ query, values, errors, ...list, typeOptions, confirm }, { headers: api.headers })
}

const deleteBody = z.object({ intent: z.literal('delete'), summary_id: summaryIdQuery.shape.summary_id })

export async function action({ request, params }: ActionFunctionArgs) {
  requireType(params)
  const form = await readForm(request)
  const parsed = deleteBody.safeParse(Object.fromEntries(form))
  return deleteAction({
    request,
    target: parsed.success ? parsed.data.summary_id : null,
    remove: (api, summary_id) => api.request(endpoints.deleteSummary, { query: { summary_id } }),
    back: backToList(form.get('redirectTo'), SUMMARY_HISTORY_PATH, CONFIRM),
    messages: { done: DELETED, choose: 'Choose a summary to delete' },
    failure: summaryFailure,
  })
}

export default function SummaryHistoryPage() {
  const { query, values, errors, page, error, typeOptions, confirm } = useLoaderData<typeof loader>()
  const withParams = useListHref()
  const [asking, setAsking] = useState<SummaryItem | null>(null)
  const redirectTo = withParams({ [CONFIRM]: null })
  const filtered = Boolean(query.q || query.status || query.summary_type)

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={SUMMARIZATION_PATH} size="sm">
          ← Summarization
        </Anchor>
        <Group justify="space-between" align="flex-end" gap="sm" mt={4}>
          <div>
            <Title order={1}>Past summaries</Title>
            <Text c="dimmed">Everything you have summarised, newest first.</Text>
          </div>
          <Button component={Link} to={SUMMARIZE_DEMO_PATH} leftSection={<IconSparkles size={16} aria-hidden />}>
            New summary
          </Button>
        </Group>
      </div>
      {confirm ? <SummaryDeletePanel summary={confirm} redirectTo={redirectTo} cancelHref={redirectTo} /> : null}
      <Card padding="md">
        <Stack gap="md">
          <SummaryListFilters values={values} errors={errors} typeOptions={typeOptions} />
          <FiltersNotApplied errors={errors} />
          <SummaryTable
            summaries={page?.results ?? null}
            failure={{ title: LIST_ERROR, message: error }}
            empty="No summaries yet."
            noMatch="No summaries match these filters."
            filtered={filtered}
            label="Past summaries"
            remove={{ confirmHref: (id) => withParams({ [CONFIRM]: String(id) }), onDelete: setAsking }}
            footer={
              page ? (
                <SummaryListPager
                  page={query.page}
                  totalPages={page.total_pages}
                  count={page.count}
                  hrefFor={(n) => withParams({ page: String(n), [CONFIRM]: null })}
                />
              ) : null
            }
          />
        </Stack>
      </Card>
      <ConfirmModal title="Delete summary" target={asking} onClose={() => setAsking(null)}>
        {(asking, controls) => <SummaryDeleteForm summary={asking} redirectTo={redirectTo} {...controls} />}
      </ConfirmModal>
    </Stack>
  )
}

// An unknown list type reads "404 — There is no such summary list."
export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
