import { Alert, Text } from '@mantine/core'
import type { DashboardFilters } from '#contract/dashboards'
import { formatScore } from '../evaluation-format'
import { formatCount, formatPct, listHref } from './dashboard-links'
import { KpiCards } from './kpi-cards'
import type { PanelState } from './panel'
import type { OverviewData } from './panel-data'

/** The headline figures of call_evaluation_dashboard; each links to the calls behind it where the list can filter them. */
export function OverviewKpis({ panel, filters }: { panel: PanelState<OverviewData>; filters: DashboardFilters }) {
  if (panel.error !== null) {
    return (
      <Alert color="gray" variant="light" title="Headline figures unavailable" role="status" p="xs">
        <Text size="xs">{panel.error}</Text>
      </Alert>
    )
  }
  const { kpis } = panel.data
  return (
    <KpiCards
      label="Headline figures"
      kpis={[
        {
          label: 'Calls',
          value: formatCount(kpis.calls),
          note: `${formatCount(kpis.scored_calls)} scored`,
          link: { to: listHref(filters), text: 'Open' },
        },
        { label: 'Average score', value: formatScore(kpis.average_score), note: "Auditor's, else the AI's" },
        { label: 'AI average', value: formatScore(kpis.average_ai_score), note: 'Every scored call' },
        { label: 'Auditor average', value: formatScore(kpis.average_auditor_score), note: 'Reviewed calls only' },
        {
          label: 'Auto-fail rate',
          value: formatPct(kpis.auto_fail_pct),
          link: {
            to: listHref(filters, { auto_fail: 'true' }),
            text: `${formatCount(kpis.auto_fail_count)} auto-failed calls`,
          },
        },
        {
          label: 'Reviewed',
          value: formatPct(kpis.reviewed_pct),
          note: `${formatCount(kpis.reviewed_count)} calls reviewed`,
        },
        {
          label: 'Disputed',
          value: formatCount(kpis.disputed_count),
          link: { to: listHref(filters, { status: 'disputed' }), text: 'Open the disputed calls' },
        },
      ]}
    />
  )
}
