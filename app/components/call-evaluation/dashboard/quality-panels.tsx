import type { AuditProductivity } from '#contract/dashboards'
import { roleLabel } from '#contract/roles'
import { formatScore } from '../evaluation-format'
import { formatCount, formatMinutes, formatPct } from './dashboard-links'
import { NamedBars, SentimentScatter } from './charts'
import type { AgreementData, SentimentScatterData } from './panel-data'
import { ChartWithFigures, DashboardPanel, Empty, FiguresTable, Num, panelText, type PanelState } from './panel'

const BANDS = [
  { label: 'Negative (−1 to −0.25)', from: -1, to: -0.25 },
  { label: 'Neutral (−0.25 to 0.25)', from: -0.25, to: 0.25 },
  { label: 'Positive (0.25 to 1)', from: 0.25, to: 1.0001 },
]

/** The sampled calls summarised by customer sentiment band: how many, and their average score. */
function bands(points: SentimentScatterData['points']) {
  return BANDS.map((band) => {
    const inBand = points.filter(([sentiment]) => sentiment >= band.from && sentiment < band.to)
    const average = inBand.length ? inBand.reduce((n, [, score]) => n + score, 0) / inBand.length : null
    return { ...band, calls: inBand.length, average }
  })
}

function strength(r: number | null) {
  if (r === null) return 'no measurable relation'
  const size = Math.abs(r)
  const word = size < 0.1 ? 'no' : size < 0.3 ? 'a weak' : size < 0.5 ? 'a moderate' : 'a strong'
  return size < 0.1 ? 'no relation' : `${word} ${r > 0 ? 'positive' : 'negative'} relation`
}

export function CallSentimentPanel({ panel }: { panel: PanelState<SentimentScatterData> }) {
  return (
    <DashboardPanel
      id="call-sentiment"
      title="Call sentiment vs score"
      description="Each call's score against its customer's mean sentiment."
      panel={panel}
    >
      {(d) =>
        d.total_points === 0 ? (
          <Empty>No call has both a score and a customer sentiment.</Empty>
        ) : (
          <div className={panelText.stack}>
            <p className={panelText.note}>
              Pearson's r = <strong>{d.correlation === null ? '—' : d.correlation.toFixed(3)}</strong> over{' '}
              {formatCount(d.total_points)} calls: {strength(d.correlation)}.
              {d.points.length < d.total_points ? ` The chart shows an even sample of ${d.points.length}.` : ''}
            </p>
            <ChartWithFigures
              chart={
                <SentimentScatter
                  height={200}
                  points={d.points.map(([x, y]) => ({ x, y }))}
                  summary={`Scatter chart of ${formatCount(d.points.length)} calls, score against customer sentiment: ${strength(d.correlation)}. ${bands(
                    d.points,
                  )
                    .map((b) => `${b.label}: ${formatCount(b.calls)} calls averaging ${formatScore(b.average)}`)
                    .join('; ')}.`}
                />
              }
              figures={
                <FiguresTable
                  label="Call sentiment vs score"
                  head={[['Customer sentiment'], ['Calls', true], ['Average score', true]]}
                >
                  {bands(d.points).map((b) => (
                    <tr key={b.label}>
                      <td>{b.label}</td>
                      <Num>{formatCount(b.calls)}</Num>
                      <Num>{formatScore(b.average)}</Num>
                    </tr>
                  ))}
                </FiguresTable>
              }
            />
          </div>
        )
      }
    </DashboardPanel>
  )
}

export function AgreementPanel({ panel }: { panel: PanelState<AgreementData> }) {
  return (
    <DashboardPanel
      id="agreement"
      title="AI vs auditor agreement"
      description="Of the question answers on reviewed calls, how often the auditor kept the AI's answer."
      panel={panel}
    >
      {(d) =>
        d.answers === 0 ? (
          <Empty>No reviewed calls in these filters.</Empty>
        ) : (
          <div className={panelText.stack}>
            <div className={panelText.row}>
              <p className={panelText.note}>
                Overall <strong>{formatPct(d.agreement_pct)}</strong> ({formatCount(d.agreed)} of{' '}
                {formatCount(d.answers)} answers)
              </p>
              <p className={panelText.dimmed}>{formatCount(d.reviewed_calls)} reviewed calls</p>
            </div>
            <ChartWithFigures
              chart={
                <NamedBars
                  data={d.by_category.slice(0, 10).map((c) => ({ name: c.category, agreement_pct: c.agreement_pct }))}
                  series={[{ name: 'agreement_pct', label: 'Agreement', color: 'teal.8' }]}
                  percent
                  unit="Answers the auditor kept (%)"
                  summary={`Bar chart of the AI's answers the auditor kept, per category: ${d.by_category
                    .slice(0, 10)
                    .map((c) => `${c.category} ${formatPct(c.agreement_pct)}`)
                    .join(', ')}.`}
                />
              }
              figures={
                <FiguresTable
                  label="AI vs auditor agreement by category"
                  head={[['Category'], ['Agreed', true], ['Answers', true], ['Agreement', true], ['Calls', true]]}
                >
                  {d.by_category.map((c) => (
                    <tr key={c.category}>
                      <td>{c.category}</td>
                      <Num>{formatCount(c.agreed)}</Num>
                      <Num>{formatCount(c.answers)}</Num>
                      <Num>{formatPct(c.agreement_pct)}</Num>
                      <Num>{formatCount(c.reviewed_calls)}</Num>
                    </tr>
                  ))}
                </FiguresTable>
              }
            />
            {d.least_agreed ? (
              <p className={panelText.dimmed}>
                Least agreed: “{d.least_agreed.question_text}” ({formatPct(d.least_agreed.agreement_pct)} of{' '}
                {formatCount(d.least_agreed.answers)})
              </p>
            ) : null}
          </div>
        )
      }
    </DashboardPanel>
  )
}

export function ProductivityPanel({ panel }: { panel: PanelState<AuditProductivity> }) {
  return (
    <DashboardPanel
      id="productivity"
      title="Audit productivity"
      description="Saved reviews per reviewer, and the time spent on each call from their review sessions."
      panel={panel}
    >
      {({ results }) =>
        results.length === 0 ? (
          <Empty>No reviews in these filters.</Empty>
        ) : (
          <FiguresTable
            label="Audit productivity"
            head={[
              ['Reviewer'],
              ['Role'],
              ['Reviews', true],
              ['Timed', true],
              ['Median', true],
              ['Average', true],
              ['Total', true],
            ]}
          >
            {results.map((r) => (
              <tr key={r.reviewer.id}>
                <td>{r.reviewer.name}</td>
                <td>{roleLabel[r.reviewer.role]}</td>
                <Num>{formatCount(r.reviews)}</Num>
                <Num>{formatCount(r.reviewed_calls_timed)}</Num>
                <Num>{formatMinutes(r.median_review_minutes)}</Num>
                <Num>{formatMinutes(r.average_review_minutes)}</Num>
                <Num>{formatMinutes(r.total_review_minutes)}</Num>
              </tr>
            ))}
          </FiguresTable>
        )
      }
    </DashboardPanel>
  )
}
