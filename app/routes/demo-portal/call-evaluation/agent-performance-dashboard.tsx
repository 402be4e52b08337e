import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { endpoints } from '#contract/endpoints'
import { DashboardFilters } from '~/components/call-evaluation/dashboard/dashboard-filters'
import { DashboardPage, PanelCell, PanelGrid } from '~/components/call-evaluation/dashboard/panel'
import { AGENT_PERFORMANCE_PATH, listHref } from '~/components/call-evaluation/dashboard/dashboard-links'
import {
  CategoryComparisonPanel,
  PerformanceKpis,
  RecentEvaluationsPanel,
  WeeklyTrendPanel,
} from '~/components/call-evaluation/dashboard/performance-panels'
import { ErrorScreen } from '~/components/error-screen'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import { readDashboardFilters, recentEvaluations, settle, throwIfAllFailed } from '~/services/dashboards.server'
import { loadFilterOptions } from '~/services/call-evaluation-lookups.server'
import { createUpstream } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { FiltersNotApplied } from '~/components/layout/list-filters'

export const meta: MetaFunction = () => [{ title: pageTitle('Agent performance') }]

/** About thirteen weeks: enough weekly points to see a trend. */
const DEFAULT_DAYS = 91

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const { filters, values, errors } = readDashboardFilters(new URL(request.url), { days: DEFAULT_DAYS })
  const [options, performance, recent] = await Promise.all([
    loadFilterOptions(api),
    settle(api.request(endpoints.agentPerformance, { query: { ...filters, interval: 'week' } })),
    settle(recentEvaluations(api, filters, 5)),
  ])
  throwIfAllFailed([performance, recent])
  return data({ filters, values, errors, options, performance, recent }, { headers: api.headers })
}

export default function AgentPerformancePage() {
  const { filters, values, errors, options, performance, recent } = useLoaderData<typeof loader>()
  const layout = useRouteLoaderData<typeof loadPortalLayout>('routes/demo-portal/layout')
  const isAgent = layout?.user.role === 'agent'
  const { search } = useLocation()
  const agent = performance.data?.agent ?? null
  const heading = isAgent ? 'Your performance' : agent ? agent.name : 'Agent performance'

  return (
    <DashboardPage
      title={heading}
      description={
        isAgent
          ? 'Your weekly scores and category averages, over your own calls.'
          : agent
            ? 'Their weekly scores and category averages against the team.'
            : 'Pick an agent in the filters to compare them with the team; until then these are all agents together.'
      }
    >
      <DashboardFilters
        key={search}
        action={AGENT_PERFORMANCE_PATH}
        label="Filter the agent's figures"
        values={values}
        errors={errors}
        options={options}
        showAgent={!isAgent}
      />
      <FiltersNotApplied errors={errors} what="figures" />
      {performance.data ? <PerformanceKpis data={performance.data} filters={filters} /> : null}
      <PanelGrid>
        <PanelCell span={7}>
          <WeeklyTrendPanel panel={performance} />
        </PanelCell>
        <PanelCell span={5}>
          <CategoryComparisonPanel panel={performance} />
        </PanelCell>
        <PanelCell span={12}>
          <RecentEvaluationsPanel
            panel={recent}
            allHref={listHref(filters, { agent_id: agent?.id ?? filters.agent_id })}
          />
        </PanelCell>
      </PanelGrid>
    </DashboardPage>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
