import type {
  DashboardFilters,
  FailedCategoryCount,
  TopTenViolations,
  TopViolationsByCategories,
} from '#contract/dashboards'
import { failedCategoryHref, failedQuestionHref, formatCount, formatPct } from './dashboard-links'
import { NamedBars } from './charts'
import { ChartWithFigures, DashboardPanel, Empty, FigureLink, FiguresTable, Num, type PanelState } from './panel'

/** Ten bars at most, and room under them for the axis and its unit. */

export function FailedCategoriesPanel({
  panel,
  filters,
}: {
  panel: PanelState<FailedCategoryCount>
  filters: DashboardFilters
}) {
  return (
    <DashboardPanel
      id="failed-categories"
      title="Failed categories"
      description="Calls where a category lost points, of the calls it was scored on. A category opens those calls."
      panel={panel}
    >
      {({ results }) =>
        results.length === 0 ? (
          <Empty />
        ) : (
          <ChartWithFigures
            chart={
              <NamedBars
                data={results.slice(0, 10).map((r) => ({ name: r.category, failed: r.failed }))}
                series={[{ name: 'failed', label: 'Failed calls', color: 'red.7' }]}
                unit="Failed calls"
                summary={`Bar chart of the calls where each category lost points: ${results
                  .slice(0, 10)
                  .map((r) => `${r.category} ${formatCount(r.failed)} of ${formatCount(r.scored)}`)
                  .join(', ')}.`}
              />
            }
            figures={
              <FiguresTable
                label="Failed categories"
                head={[['Category'], ['Failed calls', true], ['Scored', true], ['Failed', true]]}
              >
                {results.map((r) => (
                  <tr key={r.category}>
                    <td>
                      <FigureLink to={failedCategoryHref(filters, r.category)}>{r.category}</FigureLink>
                    </td>
                    <Num>{formatCount(r.failed)}</Num>
                    <Num>{formatCount(r.scored)}</Num>
                    <Num>{formatPct(r.failed_pct)}</Num>
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

export function CategoryViolationsPanel({
  panel,
  filters,
}: {
  panel: PanelState<TopViolationsByCategories>
  filters: DashboardFilters
}) {
  return (
    <DashboardPanel
      id="category-violations"
      title="Violations by category"
      description="Question answers against the expected answer (N/A never fails)."
      panel={panel}
    >
      {({ results }) =>
        results.length === 0 ? (
          <Empty />
        ) : (
          <ChartWithFigures
            chart={
              <NamedBars
                data={results.slice(0, 10).map((r) => ({ name: r.category, failed_pct: r.failed_pct }))}
                series={[{ name: 'failed_pct', label: 'Failed answers', color: 'orange.8' }]}
                percent
                unit="Failed answers (%)"
                summary={`Bar chart of the share of answers failed per category: ${results
                  .slice(0, 10)
                  .map((r) => `${r.category} ${formatPct(r.failed_pct)}`)
                  .join(', ')}.`}
              />
            }
            figures={
              <FiguresTable
                label="Violations by category"
                head={[['Category'], ['Failed', true], ['Answered', true], ['Rate', true], ['Calls', true]]}
              >
                {results.map((r) => (
                  <tr key={r.category}>
                    <td>
                      <FigureLink to={failedCategoryHref(filters, r.category)}>{r.category}</FigureLink>
                    </td>
                    <Num>{formatCount(r.failed_questions)}</Num>
                    <Num>{formatCount(r.answered_questions)}</Num>
                    <Num>{formatPct(r.failed_pct)}</Num>
                    <Num>{formatCount(r.calls_with_failure)}</Num>
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

export function TopViolationsPanel({
  panel,
  filters,
}: {
  panel: PanelState<TopTenViolations>
  filters: DashboardFilters
}) {
  return (
    <DashboardPanel
      id="top-violations"
      title="Top ten violations"
      description="The questions failed most often. A question opens the calls where it was failed."
      panel={panel}
    >
      {({ results }) =>
        results.length === 0 ? (
          <Empty>No question was failed in these calls.</Empty>
        ) : (
          <FiguresTable
            label="Top ten violations"
            head={[['#', true], ['Question'], ['Category'], ['Failed', true], ['Of', true], ['Rate', true]]}
            maxHeight={330}
          >
            {results.map((r) => (
              <tr key={`${r.template.internal_id}-${r.rank}`}>
                <Num>{r.rank}</Num>
                <td>
                  <FigureLink
                    to={failedQuestionHref(filters, r)}

                    title={`Template: ${r.template.name}`}
                  >
                    {r.question_text}
                  </FigureLink>
                </td>
                <td>{r.category}</td>
                <Num>{formatCount(r.failed)}</Num>
                <Num>{formatCount(r.answered)}</Num>
                <Num>{formatPct(r.failed_pct)}</Num>
              </tr>
            ))}
          </FiguresTable>
        )
      }
    </DashboardPanel>
  )
}
