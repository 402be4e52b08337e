import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { useMemo } from 'react'
import { endpoints } from '#contract/endpoints'
import {
  AgentSentimentPanel,
  HighlightsPanel,
  LeaderBoardPanel,
  OutliersPanel,
} from '~/components/call-evaluation/dashboard/agent-panels'
import { DashboardFilters } from '~/components/call-evaluation/dashboard/dashboard-filters'
import { DashboardPage, PanelCell, PanelGrid } from '~/components/call-evaluation/dashboard/panel'
import { DASHBOARD_PATH } from '~/components/call-evaluation/dashboard/dashboard-links'
import { OverviewKpis } from '~/components/call-evaluation/dashboard/overview-kpis'
import { PurposePanel, TrendPanel } from '~/components/call-evaluation/dashboard/overview-panels'
import {
  AgreementPanel,
  CallSentimentPanel,
  ProductivityPanel,
} from '~/components/call-evaluation/dashboard/quality-panels'
import {
  CategoryViolationsPanel,
  FailedCategoriesPanel,
  TopViolationsPanel,
} from '~/components/call-evaluation/dashboard/violation-panels'
import { ErrorScreen } from '~/components/error-screen'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import { mapPanel, readDashboardFilters, settle, throwIfAllFailed } from '~/services/dashboards.server'
import { agreementData, overviewData, sentimentScatterData } from '~/components/call-evaluation/dashboard/panel-data'
import { loadFilterOptions } from '~/services/call-evaluation-lookups.server'
import { createUpstream } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { withParams } from '~/lib/list-links'
import { packRows, unpackRows } from '~/lib/packed-rows'
import { FiltersNotApplied } from '~/components/layout/list-filters'

export const meta: MetaFunction = () => [{ title: pageTitle('Evaluation dashboard') }]

const DEFAULT_DAYS = 30
const BOARD_PAGE_SIZE = 10
const SCATTER_POINTS = 300

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const url = new URL(request.url)
  const { filters, values, errors } = readDashboardFilters(url, { days: DEFAULT_DAYS })
  const boardPage = Math.min(Math.max(Number.parseInt(url.searchParams.get('board_page') ?? '1', 10) || 1, 1), 10_000)
  // every panel and every picker at once; each panel fails on its own
  const [
    options,
    overview,
    purposes,
    failedCategories,
    categoryViolations,
    topViolations,
    leaderBoard,
    highlights,
    outliers,
    agentSentiment,
    callSentiment,
    agreement,
    productivity,
  ] = await Promise.all([
    loadFilterOptions(api),
    settle(api.request(endpoints.callEvaluationDashboard, { query: filters })),
    settle(api.request(endpoints.purposeCallDistribution, { query: { ...filters, limit: 20 } })),
    settle(api.request(endpoints.failedCategoryCount, { query: filters })),
    settle(api.request(endpoints.topViolationsByCategories, { query: { ...filters, limit: 10 } })),
    settle(api.request(endpoints.topTenViolations, { query: filters })),
    settle(
      api.request(endpoints.agentLeaderBoard, { query: { ...filters, page: boardPage, page_size: BOARD_PAGE_SIZE } }),
    ),
    settle(api.request(endpoints.agentHighlightDashboard, { query: { ...filters, limit: 3 } })),
    settle(api.request(endpoints.outlierAgentReport, { query: filters })),
    settle(api.request(endpoints.agentScoringVsSentiment, { query: filters })),
    settle(api.request(endpoints.callSentimentVsScore, { query: { ...filters, limit: SCATTER_POINTS } })),
    settle(api.request(endpoints.aiAuditorAgreement, { query: { ...filters, limit: 10 } })),
    settle(api.request(endpoints.auditProductivity, { query: filters })),
  ])
  // the answers as the panels read them: what they show, not whole records
  const panels = {
    overview: mapPanel(overview, overviewData),
    purposes,
    failedCategories,
    categoryViolations,
    topViolations,
    leaderBoard,
    highlights,
    outliers,
    agentSentiment,
    callSentiment: mapPanel(callSentiment, sentimentScatterData),
    agreement: mapPanel(agreement, agreementData),
    productivity,
  }
  throwIfAllFailed(Object.values(panels))
  // the pickers and the panels' rows as columns: they are inlined in the page for hydration
  return data({ filters, values, errors, view: packRows({ options, panels }) }, { headers: api.headers })
}

export default function EvaluationDashboardPage() {
  const { filters, values, errors, view } = useLoaderData<typeof loader>()
  const { options, panels } = useMemo(() => unpackRows(view), [view])
  const layout = useRouteLoaderData<typeof loadPortalLayout>('routes/demo-portal/layout')
  const isAgent = layout?.user.role === 'agent'
  const { search } = useLocation()

  return (
    <DashboardPage
      title="Evaluation dashboard"
      description={
        isAgent
          ? 'Your calls as the AI and the QA team scored them.'
          : 'How the floor is scoring, and where calls fail.'
      }
    >
      <DashboardFilters
        key={search}
        action={DASHBOARD_PATH}
        label="Filter the dashboard"
        values={values}
        errors={errors}
        options={options}
        showAgent={!isAgent}
      />
      <FiltersNotApplied errors={errors} what="figures" />
      <OverviewKpis panel={panels.overview} filters={filters} />
      <PanelGrid>
        <PanelCell span={8}>
          <TrendPanel panel={panels.overview} filters={filters} />
        </PanelCell>
        <PanelCell span={4}>
          <PurposePanel panel={panels.purposes} filters={filters} />
        </PanelCell>
        <PanelCell span={6}>
          <FailedCategoriesPanel panel={panels.failedCategories} filters={filters} />
        </PanelCell>
        <PanelCell span={6}>
          <CategoryViolationsPanel panel={panels.categoryViolations} filters={filters} />
        </PanelCell>
        <PanelCell span={7}>
          <TopViolationsPanel panel={panels.topViolations} filters={filters} />
        </PanelCell>
        <PanelCell span={5}>
          <HighlightsPanel panel={panels.highlights} filters={filters} />
        </PanelCell>
        <PanelCell span={7}>
          <LeaderBoardPanel
            panel={panels.leaderBoard}
            filters={filters}
            pageHref={(page) => withParams(DASHBOARD_PATH, search, { board_page: String(page) })}
          />
        </PanelCell>
        <PanelCell span={5}>
          <OutliersPanel panel={panels.outliers} filters={filters} />
        </PanelCell>
        <PanelCell span={6}>
          <AgentSentimentPanel panel={panels.agentSentiment} filters={filters} />
        </PanelCell>
        <PanelCell span={6}>
          <CallSentimentPanel panel={panels.callSentiment} />
        </PanelCell>
        <PanelCell span={6}>
          <AgreementPanel panel={panels.agreement} />
        </PanelCell>
        <PanelCell span={6}>
          <ProductivityPanel panel={panels.productivity} />
        </PanelCell>
      </PanelGrid>
    </DashboardPage>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
