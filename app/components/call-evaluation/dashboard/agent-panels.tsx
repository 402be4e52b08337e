import { Badge } from '@mantine/core'
import type {
  AgentHighlightDashboard,
  AgentLeaderBoard,
  AgentRef,
  AgentScoringVsSentiment,
  DashboardFilters,
  OutlierAgentReport,
} from '#contract/dashboards'
import { formatScore } from '../evaluation-format'
import { agentPerformanceHref, formatCount, formatPct, formatSentiment, listHref } from './dashboard-links'
import { SentimentScatter } from './charts'
import { ChartWithFigures, DashboardPanel, Empty, FigureLink, FiguresTable, Num, panelText, type PanelState } from './panel'
import classes from './panel.module.css'

/** An agent's name, opening their calls in the evaluation list. */
export function AgentLink({ agent, filters }: { agent: AgentRef; filters: DashboardFilters }) {
  return <FigureLink to={listHref(filters, { agent_id: agent.id })}>{agent.name}</FigureLink>
}

export function LeaderBoardPanel({
  panel,
  filters,
  pageHref,
}: {
  panel: PanelState<AgentLeaderBoard>
  filters: DashboardFilters
  pageHref: (page: number) => string
}) {
  return (
    <DashboardPanel
      id="leader-board"
      title="Leader board"
      description="Agents by average score. A name opens their calls; Trend opens their performance."
      panel={panel}
      aside={
        panel.data && panel.data.total_pages > 1 ? (
          <div className={classes.pager}>
            {panel.data.previous ? <FigureLink to={pageHref(panel.data.previous)}>Previous</FigureLink> : null}
            <span className={classes.dimmed}>
              Page {panel.data.current_page} of {panel.data.total_pages}
            </span>
            {panel.data.next ? <FigureLink to={pageHref(panel.data.next)}>Next</FigureLink> : null}
          </div>
        ) : null
      }
    >
      {({ results }) =>
        results.length === 0 ? (
          <Empty />
        ) : (
          <FiguresTable
            label="Leader board"
            head={[
              ['#', true],
              ['Agent'],
              ['Calls', true],
              ['Score', true],
              ['AI', true],
              ['Auditor', true],
              ['Auto-fail', true],
              ['Reviewed', true],
              [''],
            ]}
            maxHeight={340}
          >
            {results.map((r) => (
              <tr key={r.agent.id}>
                <Num>{r.rank}</Num>
                <td>
                  <AgentLink agent={r.agent} filters={filters} />
                </td>
                <Num>{formatCount(r.calls)}</Num>
                <Num>{formatScore(r.average_score)}</Num>
                <Num>{formatScore(r.average_ai_score)}</Num>
                <Num>{formatScore(r.average_auditor_score)}</Num>
                <Num>{formatPct(r.auto_fail_pct)}</Num>
                <Num>{formatCount(r.reviewed_count)}</Num>
                <td>
                  <FigureLink
                    to={agentPerformanceHref(filters, r.agent.id)}

                    aria-label={`Performance of ${r.agent.name}`}
                  >
                    Trend
                  </FigureLink>
                </td>
              </tr>
            ))}
          </FiguresTable>
        )
      }
    </DashboardPanel>
  )
}

function HighlightList({ title, children, empty }: { title: string; children: React.ReactNode[]; empty: string }) {
  return (
    <section aria-label={title} className={classes.highlight}>
      <p className={classes.caption}>{title}</p>
      {children.length === 0 ? <p className={panelText.dimmed}>{empty}</p> : <ol>{children}</ol>}
    </section>
  )
}

export function HighlightsPanel({
  panel,
  filters,
}: {
  panel: PanelState<AgentHighlightDashboard>
  filters: DashboardFilters
}) {
  return (
    <DashboardPanel
      id="highlights"
      title="Highlights"
      description={
        panel.data
          ? `${panel.data.period.date_from} to ${panel.data.period.date_to}, against ${panel.data.previous_period.date_from} to ${panel.data.previous_period.date_to}; agents with at least ${panel.data.min_calls} scored call${panel.data.min_calls === 1 ? '' : 's'}.`
          : undefined
      }
      panel={panel}
    >
      {(d) => (
        <div className={classes.thirds}>
          <HighlightList title="Best" empty="No scored agents.">
            {d.best.map((a) => (
              <li key={a.agent.id}>
                <AgentLink agent={a.agent} filters={filters} /> {formatScore(a.average_score)}{' '}
                <span className={classes.dimmed}>
                  ({a.scored_calls} call{a.scored_calls === 1 ? '' : 's'})
                </span>
              </li>
            ))}
          </HighlightList>
          <HighlightList title="Needs attention" empty="No scored agents.">
            {d.worst.map((a) => (
              <li key={a.agent.id}>
                <AgentLink agent={a.agent} filters={filters} /> {formatScore(a.average_score)}{' '}
                <span className={classes.dimmed}>({a.auto_fail_count} auto-fail)</span>
              </li>
            ))}
          </HighlightList>
          <HighlightList title="Most improved" empty="Nobody rose on the previous period.">
            {d.most_improved.map((a) => (
              <li key={a.agent.id}>
                <AgentLink agent={a.agent} filters={filters} />{' '}
                <span className={classes.rise}>+{a.change.toFixed(1)} pts</span>{' '}
                <span className={classes.dimmed}>
                  ({formatScore(a.previous_average_score)} → {formatScore(a.average_score)})
                </span>
              </li>
            ))}
          </HighlightList>
        </div>
      )}
    </DashboardPanel>
  )
}

function OutlierTable({
  label,
  agents,
  filters,
}: {
  label: string
  agents: OutlierAgentReport['agents']
  filters: DashboardFilters
}) {
  return (
    <FiguresTable label={label} head={[['Agent'], ['Calls', true], ['Score', true], ['z', true], ['']]} maxHeight={200}>
      {agents.map((a) => (
        <tr key={a.agent.id}>
          <td>
            <AgentLink agent={a.agent} filters={filters} />
          </td>
          <Num>{formatCount(a.scored_calls)}</Num>
          <Num>{formatScore(a.average_score)}</Num>
          <Num>{a.z_score === null ? '—' : a.z_score.toFixed(2)}</Num>
          <td>
            {a.outlier ? (
              <Badge size="xs" variant="light" color={a.outlier === 'above' ? 'teal' : 'red'}>
                {a.outlier}
              </Badge>
            ) : null}
          </td>
        </tr>
      ))}
    </FiguresTable>
  )
}

export function OutliersPanel({
  panel,
  filters,
}: {
  panel: PanelState<OutlierAgentReport>
  filters: DashboardFilters
}) {
  return (
    <DashboardPanel id="outliers" title="Outliers" panel={panel}>
      {(d) => (
        <div className={panelText.stack}>
          <div className={classes.badges}>
            <Badge size="sm" variant="light" color="gray">
              Method: z-score
            </Badge>
            <Badge size="sm" variant="light" color="gray">
              Threshold ±{d.threshold} SD
            </Badge>
            <p className={panelText.dimmed}>
              {d.outlier_count} outlier{d.outlier_count === 1 ? '' : 's'} of {d.agent_count} agent
              {d.agent_count === 1 ? '' : 's'}
            </p>
          </div>
          <p className={panelText.note}>{d.description}</p>
          {d.agents.length === 0 ? (
            <Empty />
          ) : (
            // in view, the agents beyond the threshold; every agent's z-score is folded under them
            <ChartWithFigures
              chart={
                d.agents.some((a) => a.outlier) ? (
                  <OutlierTable label="Outliers" agents={d.agents.filter((a) => a.outlier)} filters={filters} />
                ) : (
                  <p className={panelText.dimmed}>No agent is beyond ±{d.threshold} SD.</p>
                )
              }
              figures={<OutlierTable label="Every agent's z-score" agents={d.agents} filters={filters} />}
            />
          )}
        </div>
      )}
    </DashboardPanel>
  )
}

export function AgentSentimentPanel({
  panel,
  filters,
}: {
  panel: PanelState<AgentScoringVsSentiment>
  filters: DashboardFilters
}) {
  return (
    <DashboardPanel
      id="agent-sentiment"
      title="Agent scoring vs sentiment"
      description="Each agent's average score against their customers' mean sentiment (−1 to 1)."
      panel={panel}
    >
      {({ results }) => {
        const points = results.flatMap((r) =>
          r.average_score !== null && r.customer_sentiment !== null
            ? [{ x: r.customer_sentiment, y: r.average_score, label: r.agent.name }]
            : [],
        )
        return results.length === 0 ? (
          <Empty />
        ) : (
          <ChartWithFigures
            chart={
              <SentimentScatter
                height={200}
                points={points}
                summary={`Scatter chart of ${formatCount(points.length)} agents, average score against their customers' mean sentiment; the figures are in the table below.`}
              />
            }
            figures={
              <FiguresTable
                label="Agent scoring vs sentiment"
                head={[['Agent'], ['Calls', true], ['Score', true], ['Customer', true], ['Agent', true]]}
                maxHeight={200}
              >
                {results.map((r) => (
                  <tr key={r.agent.id}>
                    <td>
                      <AgentLink agent={r.agent} filters={filters} />
                    </td>
                    <Num>{formatCount(r.calls)}</Num>
                    <Num>{formatScore(r.average_score)}</Num>
                    <Num>{formatSentiment(r.customer_sentiment)}</Num>
                    <Num>{formatSentiment(r.agent_sentiment)}</Num>
                  </tr>
                ))}
              </FiguresTable>
            }
          />
        )
      }}
    </DashboardPanel>
  )
}
