import { Anchor, Badge } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { AgentPerformance, DashboardFilters } from '#contract/dashboards'
import type { EvaluationSummary } from '#contract/evaluations'
import { evaluationDetailPath, formatDateTime, formatScore, statusColor, statusLabel } from '../evaluation-format'
import { formatCount, listHref, periodLabel, shortPeriodLabel } from './dashboard-links'
import { KpiCards } from './kpi-cards'
import { NamedBars, ScoreLines } from './charts'
import { ChartWithFigures, DashboardPanel, Empty, FiguresTable, Num, type PanelState } from './panel'
import { CellLink } from '~/components/layout/plain-table'

const who = (d: AgentPerformance) => d.agent?.name ?? 'All agents'
/** The team's figures come only with one agent picked, and never for an agent (who sees only their own). */
export const hasTeam = (d: AgentPerformance) =>
  d.agent !== null &&
  (d.series.some((p) => p.team_average_score !== null) || d.categories.some((c) => c.team_average_score !== null))
const teamSeries = (d: AgentPerformance) =>
  hasTeam(d) ? [{ name: 'team_average_score', label: 'Team', color: 'gray.6' }] : []

export function PerformanceKpis({ data, filters }: { data: AgentPerformance; filters: DashboardFilters }) {
  const scored = data.categories.filter((c) => c.team_average_score !== null)
  return (
    <KpiCards
      label={`Figures of ${who(data)}`}
      kpis={[
        {
          label: 'Calls',
          value: formatCount(data.calls),
          note: `${formatCount(data.scored_calls)} scored`,
          link: { to: listHref(filters, { agent_id: data.agent?.id }), text: 'Open' },
        },
        { label: 'Average score', value: formatScore(data.average_score) },
        {
          label: 'Auto-fails',
          value: formatCount(data.auto_fail_count),
          link: data.auto_fail_count
            ? {
                to: listHref(filters, { agent_id: data.agent?.id, auto_fail: 'true' }),
                text: 'Open the auto-failed calls',
              }
            : undefined,
        },
        ...(hasTeam(data)
          ? [
              {
                label: 'Categories at or above the team',
                value: `${scored.filter((c) => (c.average_score ?? 0) >= (c.team_average_score ?? 0)).length} of ${scored.length}`,
              },
            ]
          : []),
      ]}
    />
  )
}

function trendSummary(d: AgentPerformance) {
  const scores = d.series.map((p) => p.average_score).filter((v): v is number => v !== null)
  const first = shortPeriodLabel(d.series[0].period_start, d.interval)
  const last = shortPeriodLabel(d.series.at(-1)!.period_start, d.interval)
  const spread = scores.length
    ? `${formatScore(Math.min(...scores))} to ${formatScore(Math.max(...scores))}`
    : 'no scored calls'
  return `Line chart of ${who(d)}'s average score per ${d.interval}, ${first} to ${last}: ${spread}${hasTeam(d) ? ', against the team' : ''}.`
}

export function WeeklyTrendPanel({ panel }: { panel: PanelState<AgentPerformance> }) {
  return (
    <DashboardPanel
      id="weekly-trend"
      title={panel.data?.interval === 'week' || !panel.data ? 'Weekly trend' : 'Trend'}
      description={
        panel.data && hasTeam(panel.data)
          ? 'Average score per week against the team (every agent the other filters match).'
          : 'Average score per week.'
      }
      panel={panel}
    >
      {(d) =>
        d.series.every((p) => p.calls === 0) ? (
          <Empty />
        ) : (
          <ChartWithFigures
            chart={
              <ScoreLines
                height={240}
                data={d.series.map((p) => ({
                  label: shortPeriodLabel(p.period_start, d.interval),
                  average_score: p.average_score,
                  average_score_note: `${formatCount(p.calls)} call${p.calls === 1 ? '' : 's'}`,
                  team_average_score: p.team_average_score,
                }))}
                series={[{ name: 'average_score', label: who(d), color: 'indigo.6' }, ...teamSeries(d)]}
                summary={trendSummary(d)}
              />
            }
            figures={
              <FiguresTable
                label="Weekly trend"
                head={[
                  ['Period'],
                  ['Calls', true],
                  ['Score', true],
                  ...(hasTeam(d) ? [['Team', true] as [string, boolean]] : []),
                ]}
              >
                {d.series.map((p) => (
                  <tr key={p.period_start}>
                    <td>{periodLabel(p.period_start, d.interval)}</td>
                    <Num>{formatCount(p.calls)}</Num>
                    <Num>{formatScore(p.average_score)}</Num>
                    {hasTeam(d) ? <Num>{formatScore(p.team_average_score)}</Num> : null}
                  </tr>
                ))}
              </FiguresTable>
            }
          />
        )
      }
    </DashboardPanel>
  )
}

export function CategoryComparisonPanel({ panel }: { panel: PanelState<AgentPerformance> }) {
  return (
    <DashboardPanel
      id="category-averages"
      title="Per-category averages"
      description={
        panel.data && hasTeam(panel.data)
          ? "Average category score against the team's, with the calls where the category lost points."
          : 'Average category score, with the calls where the category lost points.'
      }
      panel={panel}
    >
      {(d) =>
        d.categories.length === 0 ? (
          <Empty />
        ) : (
          <ChartWithFigures
            chart={
              <NamedBars
                data={d.categories.map((c) => ({
                  name: c.category,
                  average_score: c.average_score,
                  team_average_score: c.team_average_score,
                }))}
                series={[{ name: 'average_score', label: who(d), color: 'indigo.6' }, ...teamSeries(d)]}
                percent
                nameWidth={150}
                unit="Average category score (%)"
                summary={`Bar chart of ${who(d)}'s average score per category${hasTeam(d) ? ", beside the team's" : ''}: ${d.categories
                  .map(
                    (c) =>
                      `${c.category} ${formatScore(c.average_score)}${hasTeam(d) ? ` (team ${formatScore(c.team_average_score)})` : ''}`,
                  )
                  .join(', ')}.`}
              />
            }
            figures={
              <FiguresTable
                label="Per-category averages"
                head={[
                  ['Category'],
                  ['Scored', true],
                  ['Score', true],
                  ...(hasTeam(d) ? [['Team', true] as [string, boolean]] : []),
                  ['Lost points', true],
                ]}
              >
                {d.categories.map((c) => (
                  <tr key={c.category}>
                    <td>{c.category}</td>
                    <Num>{formatCount(c.scored)}</Num>
                    <Num>{formatScore(c.average_score)}</Num>
                    {hasTeam(d) ? <Num>{formatScore(c.team_average_score)}</Num> : null}
                    <Num>{formatCount(c.failed)}</Num>
                  </tr>
                ))}
              </FiguresTable>
            }
          />
        )
      }
    </DashboardPanel>
  )
}

export function RecentEvaluationsPanel({
  panel,
  allHref,
}: {
  panel: PanelState<{ count: number; results: EvaluationSummary[] }>
  allHref: string
}) {
  return (
    <DashboardPanel
      id="recent"
      title="Recent evaluations"
      panel={panel}
      aside={
        <Anchor component={Link} to={allHref} size="xs" fw={600}>
          {panel.data ? `All ${formatCount(panel.data.count)} evaluation${panel.data.count === 1 ? '' : 's'}` : null}
        </Anchor>
      }
    >
      {({ results }) =>
        results.length === 0 ? (
          <Empty />
        ) : (
          <FiguresTable label="Recent evaluations" head={[['Call time'], ['Purpose'], ['Score', true], ['Status']]}>
            {results.map((e) => (
              <tr key={e.id}>
                <td style={{ whiteSpace: 'nowrap' }}>
                  <CellLink to={evaluationDetailPath(e.id)}>{formatDateTime(e.call_time)}</CellLink>
                </td>
                <td>{e.purpose}</td>
                <Num>{formatScore(e.auditor_score ?? e.ai_score)}</Num>
                <td>
                  <Badge size="xs" variant="light" color={statusColor[e.status]}>
                    {statusLabel[e.status]}
                  </Badge>
                </td>
              </tr>
            ))}
          </FiguresTable>
        )
      }
    </DashboardPanel>
  )
}
