import { Alert } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation, useRouteLoaderData } from '@remix-run/react'
import { useMemo } from 'react'
import { IconDownload } from '~/components/icons'
import { evaluationListQuery, type EvaluationListQuery, type EvaluationOrdering } from '#contract/evaluations'
import {
  EvaluationFilters,
  FILTER_FIELDS,
  type FieldErrors,
  type FilterValues,
} from '~/components/call-evaluation/evaluation-filters'
import { EvaluationPager, EvaluationTable, evaluationRow } from '~/components/call-evaluation/evaluation-table'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import { loadFilterOptions } from '~/services/call-evaluation-lookups.server'
import { listEvaluations, upstreamFailure } from '~/services/evaluations.server'
import { createUpstream } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { useListHref } from '~/lib/list-links'
import { packRows, unpackRows } from '~/lib/packed-rows'
import { FiltersNotApplied } from '~/components/layout/list-filters'
import look from '~/components/layout/look.module.css'

export const meta: MetaFunction = () => [{ title: pageTitle('Evaluations') }]

const KEPT = [...FILTER_FIELDS, 'ordering', 'page_size', 'page'] as const
const EXPORT_PATH = '/resources/evaluation-export'

/**
 * The query as the contract reads it. Invalid fields are reported and left out, so the list still shows
 * what the valid ones select.
 */
function parseListQuery(raw: Record<string, string>): { query: EvaluationListQuery; errors: FieldErrors } {
  const first = evaluationListQuery.safeParse(raw)
  if (first.success) return { query: first.data, errors: {} }
  const errors: FieldErrors = first.error.flatten().fieldErrors
  const rest = Object.fromEntries(Object.entries(raw).filter(([key]) => !(key in errors)))
  const second = evaluationListQuery.safeParse(rest)
  return { query: second.success ? second.data : evaluationListQuery.parse({}), errors }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const params = new URL(request.url).searchParams
  const raw = Object.fromEntries(KEPT.flatMap((key) => (params.has(key) ? [[key, params.get(key) ?? '']] : [])))
  const { query, errors } = parseListQuery(raw)
  const [list, options] = await Promise.all([
    listEvaluations(api, query).then(
      (page) => ({ page, error: null }),
      async (thrown: unknown) => ({ page: null, error: (await upstreamFailure(thrown)).message }),
    ),
    // each list may fail on its own (agents may not read the people lists): its picker offers "Any"
    loadFilterOptions(api),
  ])
  // what the rows show, as columns: the page's data is inlined in its HTML (100 rows were 54 KB of it)
  const page = list.page && packRows({ ...list.page, results: list.page.results.map(evaluationRow) })
  return data(
    { query, values: raw as FilterValues, errors, page, error: list.error, options },
    { headers: api.headers },
  )
}

/** The CSV export of what the list shows: its filters and ordering, not its page. */
function exportHref(values: FilterValues) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) {
    if (value && key !== 'page' && key !== 'page_size') params.set(key, value)
  }
  const query = params.toString()
  return query ? `${EXPORT_PATH}?${query}` : EXPORT_PATH
}

export default function EvaluationListPage() {
  const { query, values, errors, page: packed, error, options } = useLoaderData<typeof loader>()
  const page = useMemo(() => packed && unpackRows(packed), [packed])
  const layout = useRouteLoaderData<typeof loadPortalLayout>('routes/demo-portal/layout')
  const isAgent = layout?.user.role === 'agent'
  const { search } = useLocation()
  const href = useListHref()

  return (
    <div className={`${look.stack} ${look.gapLg}`}>
      <div className={`${look.row} ${look.between} ${look.alignEnd}`}>
        <div>
          <h1 className={look.title}>Call evaluations</h1>
          <p className={`${look.text} ${look.dimmed}`}>
            {isAgent
              ? 'Your calls as the AI and the QA team scored them.'
              : 'Every scored call: filter, sort and open one to review it.'}
          </p>
        </div>
        <a href={exportHref(values)} download className={`mantine-focus-auto ${look.button}`} data-variant="default">
          <IconDownload size={16} aria-hidden />
          Export CSV
        </a>
      </div>
      <div className={look.card}>
        <EvaluationFilters key={search} values={values} errors={errors} options={options} showAgent={!isAgent} />
      </div>
      <FiltersNotApplied errors={errors} />
      <div className={look.card}>
        {error !== null || page === null ? (
          <Alert color="red" title="Failed to load evaluation list" role="alert">
            {error ?? 'No answer from the evaluations service.'}
          </Alert>
        ) : page.results.length === 0 ? (
          <p className={`${look.text} ${look.dimmed} ${look.empty}`}>No evaluations match these filters.</p>
        ) : (
          <div className={look.stack}>
            <EvaluationTable
              evaluations={page.results}
              ordering={query.ordering}
              sortHref={(ordering: EvaluationOrdering) => href({ ordering, page: null })}
            />
            <EvaluationPager
              page={page.current_page}
              totalPages={page.total_pages}
              count={page.count}
              hrefFor={(n) => href({ page: String(n) })}
            />
          </div>
        )}
      </div>
    </div>
  )
}
