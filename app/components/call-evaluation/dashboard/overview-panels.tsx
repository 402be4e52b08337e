import type {
  CallEvaluationDashboard,
  DashboardFilters,
  PurposeCallDistribution,
  TrendInterval,
} from '#contract/dashboards'
import { formatScore } from '../evaluation-format'
import { OTHER_COLOR, SLICE_COLORS, cssColor } from './chart-colors'
import { bucketRange, formatCount, formatPct, listHref, periodLabel, shortPeriodLabel } from './dashboard-links'
import { ScoreLines, Shares } from './charts'
import type { OverviewData } from './panel-data'
import { ChartWithFigures, DashboardPanel, Empty, FigureLink, FiguresTable, Num, Swatch, panelText, type PanelState } from './panel'
import { MIN_POINT_CALLS, TREND_LINES, trendRows, type TrendRow } from './trend-points'

const intervalWord: Record<TrendInterval, string> = { day: 'day', week: 'week', month: 'month' }

/** Each line's lowest and highest point, in words. */
function lineSpread(rows: TrendRow[], name: string, label: string) {
  const values = rows.map((r) => r[name]).filter((v): v is number => typeof v === 'number')
  if (!values.length) return `${label}: none`
  return `${label} ${formatScore(Math.min(...values))} to ${formatScore(Math.max(...values))}`
}

/** The trend's lines, quiet buckets pooled so that every point holds a few calls. */
function TrendChart({ trend }: { trend: CallEvaluationDashboard['trend'] }) {
  const { rows, pooled } = trendRows(trend.points, trend.interval)
  const first = trend.points[0].period_start
  const last = trend.points.at(-1)!.period_start
  const summary =
    `Line chart of the average score per ${intervalWord[trend.interval]}, ` +
    `${shortPeriodLabel(first, trend.interval)} to ${shortPeriodLabel(last, trend.interval)}: ` +
    `${TREND_LINES.map((l) => lineSpread(rows, l.name, l.label)).join('; ')}. ` +
    `Each point holds at least ${MIN_POINT_CALLS} calls.`
  return (
    <>
      <p className={panelText.dimmed} style={{ marginBottom: 4 }}>
        {pooled
          ? `Each point holds at least ${MIN_POINT_CALLS} calls: a quieter ${intervalWord[trend.interval]} joins the next. Point at one to see its calls.`
          : 'Point at a line to see the calls behind it.'}
      </p>
      <ScoreLines
        height={230}
        data={rows}
        series={TREND_LINES.map(({ name, label, color }) => ({ name, label, color }))}
        summary={summary}
      />
    </>
  )
}

export function TrendPanel({ panel, filters }: { panel: PanelState<OverviewData>; filters: DashboardFilters }) {
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
            chart={<TrendChart trend={trend} />}
            figures={
              <FiguresTable
                label="Score trend"
                head={[
                  ['Period'],
                  ['Calls', true],
                  ['Score', true],
                  ['AI', true],
                  ['Auditor', true],
                  ['Reviewed', true],
                  ['Auto-fails', true],
                ]}
              >
                {trend.points.map((p) => (
                  <tr key={p.period_start}>
                    <td>
                      {p.calls > 0 ? (
                        <FigureLink to={listHref(filters, bucketRange(p.period_start, trend.interval, filters))}>
                          {periodLabel(p.period_start, trend.interval)}
                        </FigureLink>
                      ) : (
                        periodLabel(p.period_start, trend.interval)
                      )}
                    </td>
                    <Num>{formatCount(p.calls)}</Num>
                    <Num>{formatScore(p.average_score)}</Num>
                    <Num>{formatScore(p.average_ai_score)}</Num>
                    <Num>{formatScore(p.average_auditor_score)}</Num>
                    <Num>{formatCount(p.auditor_scored_calls)}</Num>
                    <Num>{formatCount(p.auto_fail_count)}</Num>
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

/** The donut's slices: the first purposes on their own, the rest (and the purposes past `limit`) in one grey slice. */
function purposeSlices(d: PurposeCallDistribution) {
  const shown = d.results.slice(0, SLICE_COLORS.length)
  const other = d.other_calls + d.results.slice(SLICE_COLORS.length).reduce((n, r) => n + r.calls, 0)
  return [
    ...shown.map((r, i) => ({ name: r.purpose, value: r.calls, color: SLICE_COLORS[i] })),
    ...(other > 0 ? [{ name: 'Other purposes', value: other, color: OTHER_COLOR }] : []),
  ]
}

export function PurposePanel({
  panel,
  filters,
}: {
  panel: PanelState<PurposeCallDistribution>
  filters: DashboardFilters
}) {
  // the table is the donut's legend: a swatch keys each purpose to its slice
  const swatch = (i: number) => <Swatch color={cssColor(SLICE_COLORS[i] ?? OTHER_COLOR)} />
  return (
    <DashboardPanel
      id="purposes"
      title="Purpose of calls"
      description="Calls per stated purpose; a purpose opens its calls."
      panel={panel}
    >
      {(d) => {
        if (d.total_calls === 0) return <Empty />
        const slices = purposeSlices(d)
        const other = slices.find((slice) => slice.color === OTHER_COLOR)
        const share = (calls: number) => formatPct(Math.round((calls / d.total_calls) * 1000) / 10)
        return (
          <ChartWithFigures
            legend
            chart={
              <>
                <Shares
                  size={170}
                  data={slices}
                  centre={`${formatCount(d.total_calls)} calls`}
                  summary={`Donut chart of ${formatCount(d.total_calls)} calls by purpose: ${slices.map((s) => `${s.name} ${share(s.value)}`).join(', ')}.`}
                />
                {other ? (
                  <p className={panelText.note} style={{ textAlign: 'center', marginBottom: 4 }}>
                    <Swatch color={cssColor(OTHER_COLOR)} />
                    Grey: every other purpose, {share(other.value)} of calls
                  </p>
                ) : null}
              </>
            }
            figures={
              <FiguresTable
                label="Purpose of calls"
                head={[['Purpose'], ['Calls', true], ['Share', true], ['Score', true]]}
                maxHeight={220}
              >
                {d.results.map((r, i) => (
                  <tr key={r.purpose}>
                    <td>
                      {swatch(i)}
                      <FigureLink to={listHref(filters, { q: r.purpose.slice(0, 100) })}>{r.purpose}</FigureLink>
                    </td>
                    <Num>{formatCount(r.calls)}</Num>
                    <Num>{formatPct(r.calls_pct)}</Num>
                    <Num>{formatScore(r.average_score)}</Num>
                  </tr>
                ))}
                {d.other_calls > 0 ? (
                  <tr>
                    <td>
                      {swatch(SLICE_COLORS.length)}
                      Other purposes
                    </td>
                    <Num>{formatCount(d.other_calls)}</Num>
                    <Num>{formatPct(d.total_calls ? (d.other_calls / d.total_calls) * 100 : null)}</Num>
                    <Num>—</Num>
                  </tr>
                ) : null}
              </FiguresTable>
            }
          />
        )
      }}
    </DashboardPanel>
  )
}
