import { Alert, Badge, Group, Stack, Text } from '@mantine/core'
import type { SummaryChart, SummaryKpi } from '#contract/summarization'
import { KpiCards } from '~/components/call-evaluation/dashboard/kpi-cards'
import { ChartWithFigures, FiguresTable, Num } from '~/components/call-evaluation/dashboard/panel'
import { formatCount, formatPct, statusColor, statusLabel, SUMMARY_HISTORY_PATH } from './format'
import { StatusDonut } from './status-donut'

const CHART_SIZE = 180

/**
 * The status distribution of summarize-chart/: a donut drawn by the server, its figures as a table
 * beside it. SPEC §9's example figures are labelled as such until the first summary.
 */
export function StatusChart({ chart }: { chart: SummaryChart }) {
  const slices = chart.results.map((r) => ({
    name: statusLabel[r.status] ?? r.label,
    value: r.percentage,
    color: `${statusColor[r.status]}.6`,
  }))
  return (
    <Stack gap="xs">
      {chart.is_default ? (
        <Alert color="blue" variant="light" p="xs" title="Example figures">
          <Text size="xs">These are example percentages until your first summary; then the chart shows your own.</Text>
        </Alert>
      ) : (
        <Text size="xs" c="dimmed">
          Your {formatCount(chart.total)} {chart.total === 1 ? 'summary' : 'summaries'} by status.
        </Text>
      )}
      <ChartWithFigures
        chart={
          <>
            <StatusDonut data={slices.filter((s) => s.value > 0)} size={CHART_SIZE} />
            {/* colours alone would not say which is which */}
            <Group gap={6} justify="center" mt={6} aria-hidden>
              {chart.results.map((r) => (
                <Badge key={r.status} size="xs" variant="dot" color={statusColor[r.status]}>
                  {statusLabel[r.status] ?? r.label}
                </Badge>
              ))}
            </Group>
          </>
        }
        figures={
          <FiguresTable
            label={chart.is_default ? 'Summaries by status (example figures)' : 'Summaries by status'}
            head={[['Status'], ['Share', true]]}
          >
            {chart.results.map((r) => (
              <tr key={r.status}>
                <td>
                  <Group gap={6} wrap="nowrap">
                    <span
                      aria-hidden
                      style={{
                        width: 10,
                        height: 10,
                        borderRadius: 2,
                        background: `var(--mantine-color-${statusColor[r.status]}-6)`,
                      }}
                    />
                    {statusLabel[r.status] ?? r.label}
                  </Group>
                </td>
                <Num>{formatPct(r.percentage)}</Num>
              </tr>
            ))}
          </FiguresTable>
        }
      />
    </Stack>
  )
}

/** summarize-kpi/: the total and each status's count and share; a status opens the history filtered by it. */
export function StatusKpis({ kpi }: { kpi: SummaryKpi }) {
  return (
    <KpiCards
      label="Summaries by status"
      kpis={[
        {
          label: 'Summaries',
          value: formatCount(kpi.total),
          link: kpi.total ? { to: SUMMARY_HISTORY_PATH, text: 'Open the history' } : undefined,
        },
        ...kpi.results.map((r) => ({
          label: statusLabel[r.status] ?? r.label,
          value: formatCount(r.count),
          note: formatPct(r.percentage),
          link: r.count ? { to: `${SUMMARY_HISTORY_PATH}?status=${r.status}`, text: 'Open' } : undefined,
        })),
      ]}
    />
  )
}
