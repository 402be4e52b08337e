import { Anchor, Table, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type {
  CallEvaluationDashboard,
  DashboardFilters,
  PurposeCallDistribution,
  TrendInterval,
} from '#contract/dashboards'
import { formatScore, statusLabel } from '../evaluation-format'
import { bucketRange, formatCount, formatPct, listHref, periodLabel, shortPeriodLabel } from './dashboard-links'
import { ScoreLines, Shares } from './lazy-charts'
import { ChartWithFigures, DashboardPanel, Empty, FiguresTable, Num, type PanelState } from './panel'

const intervalWord: Record<TrendInterval, string> = { day: 'day', week: 'week', month: 'month' }

export function TrendPanel({
  panel,
  filters,
}: {
  panel: PanelState<CallEvaluationDashboard>
  filters: DashboardFilters
}) {
  return (
    <DashboardPanel
      id="trend"
      title="Score trend"
      description={
        panel.data
          ? `Average score per ${intervalWord[panel.data.trend.interval]}: the auditor's once reviewed, else the AI's.`
          : undefined
      }
      panel={panel}
    >
      {({ trend }) =>
        trend.points.every((p) => p.calls === 0) ? (
          <Empty />
        ) : (
          <ChartWithFigures
            height={230}
            chart={
              <ScoreLines
                height={230}
                data={trend.points.map((p) => ({
                  label: shortPeriodLabel(p.period_start, trend.interval),
                  average_score: p.average_score,
                  average_ai_score: p.average_ai_score,
                  average_auditor_score: p.average_auditor_score,
                }))}
                series={[
                  { name: 'average_score', label: 'Score', color: 'indigo.6' },
                  { name: 'average_ai_score', label: 'AI', color: 'cyan.5' },
                  { name: 'average_auditor_score', label: 'Auditor', color: 'orange.6' },
                ]}
              />
            }
            figures={
              <FiguresTable
                label="Score trend"
                head={[
                  ['Period'],
                  ['Calls', true],
                  ['Score', true],
                  ['AI', true],
                  ['Auditor', true],
                  ['Auto-fails', true],
                ]}
              >
                {trend.points.map((p) => (
                  <Table.Tr key={p.period_start}>
                    <Table.Td>
                      {p.calls > 0 ? (
                        <Anchor
                          component={Link}
                          to={listHref(filters, bucketRange(p.period_start, trend.interval, filters))}
                          size="xs"
                        >
                          {periodLabel(p.period_start, trend.interval)}
                        </Anchor>
                      ) : (
                        periodLabel(p.period_start, trend.interval)
                      )}
                    </Table.Td>
                    <Num>{formatCount(p.calls)}</Num>
                    <Num>{formatScore(p.average_score)}</Num>
                    <Num>{formatScore(p.average_ai_score)}</Num>
                    <Num>{formatScore(p.average_auditor_score)}</Num>
                    <Num>{formatCount(p.auto_fail_count)}</Num>
                  </Table.Tr>
                ))}
              </FiguresTable>
            }
          />
        )
      }
    </DashboardPanel>
  )
}

export function PurposePanel({
  panel,
  filters,
}: {
  panel: PanelState<PurposeCallDistribution>
  filters: DashboardFilters
}) {
  return (
    <DashboardPanel
      id="purposes"
      title="Purpose of calls"
      description="Calls per stated purpose; a purpose opens its calls."
      panel={panel}
    >
      {(d) =>
        d.total_calls === 0 ? (
          <Empty />
        ) : (
          <ChartWithFigures
            height={170}
            chart={
              <Shares
                size={170}
                data={[
                  ...d.results.slice(0, 8).map((r) => ({ name: r.purpose, value: r.calls })),
                  ...(d.other_calls + d.results.slice(8).reduce((n, r) => n + r.calls, 0) > 0
                    ? [{ name: 'Other', value: d.other_calls + d.results.slice(8).reduce((n, r) => n + r.calls, 0) }]
                    : []),
                ]}
              />
            }
            figures={
              <FiguresTable
                label="Purpose of calls"
                head={[['Purpose'], ['Calls', true], ['Share', true], ['Score', true]]}
                maxHeight={200}
              >
                {d.results.map((r) => (
                  <Table.Tr key={r.purpose}>
                    <Table.Td>
                      <Anchor component={Link} to={listHref(filters, { q: r.purpose.slice(0, 100) })} size="xs">
                        {r.purpose}
                      </Anchor>
                    </Table.Td>
                    <Num>{formatCount(r.calls)}</Num>
                    <Num>{formatPct(r.calls_pct)}</Num>
                    <Num>{formatScore(r.average_score)}</Num>
                  </Table.Tr>
                ))}
                {d.other_calls > 0 ? (
                  <Table.Tr>
                    <Table.Td>Other purposes</Table.Td>
                    <Num>{formatCount(d.other_calls)}</Num>
                    <Num>{formatPct(d.total_calls ? (d.other_calls / d.total_calls) * 100 : null)}</Num>
                    <Num>—</Num>
                  </Table.Tr>
                ) : null}
              </FiguresTable>
            }
          />
        )
      }
    </DashboardPanel>
  )
}

export function StatusLine({ overview }: { overview: CallEvaluationDashboard }) {
  return (
    <Text size="xs" c="dimmed">
      {overview.by_status.map((s) => `${statusLabel[s.status]} ${formatCount(s.count)}`).join(' · ')}
    </Text>
  )
}
