// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DashboardFilters, PurposeCallDistribution } from '#contract/dashboards'
import { failedCategoriesFor, overviewFor } from '#tests/fixtures/dashboards'
import { renderRoutes } from '#tests/fixtures/render'
import { PurposePanel, TrendPanel } from './overview-panels'
import { FailedCategoriesPanel } from './violation-panels'

// The dashboard's panels once hydrated: each chart draws (recharts, lazily loaded) as an image named
// by a summary of its figures, and nothing inside it takes focus. jsdom lays nothing out: every box
// is given a chart's size so that recharts draws its axes.

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 600, height: 240 }),
  )
})
afterEach(() => vi.restoreAllMocks())

const filters: DashboardFilters = { date_from: '2025-06-01', date_to: '2025-06-30' }

const purposes: PurposeCallDistribution = {
  total_calls: 200,
  other_calls: 50,
  results: Array.from({ length: 10 }, (_, i) => ({
    purpose: `Purpose ${i + 1}`,
    calls: 15,
    calls_pct: 7.5,
    average_score: 80,
    auto_fail_count: 0,
  })),
}

function renderPanels() {
  renderRoutes(
    [
      {
        path: '/dashboard',
        Component: () => (
          <>
            <TrendPanel panel={{ data: overviewFor(filters), error: null }} filters={filters} />
            <PurposePanel panel={{ data: purposes, error: null }} filters={filters} />
            <FailedCategoriesPanel panel={{ data: failedCategoriesFor(filters), error: null }} filters={filters} />
          </>
        ),
      },
    ],
    '/dashboard',
  )
}

const focusable = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'
/** The charts' chunk loads after hydration: a few seconds for its first import under test. */
const drawn = { timeout: 15_000 }

describe('the dashboard’s charts', () => {
  it('are images named by a summary of their figures, with nothing focusable inside', async () => {
    renderPanels()
    const trend = await screen.findByRole(
      'img',
      { name: /^Line chart of the average score per day, 1 Jun to 30 Jun:/ },
      drawn,
    )
    expect(trend.getAttribute('aria-label')).toMatch(/Auditor \d+(\.\d)?% to \d+(\.\d)?%.*at least 3 calls/)
    const donut = screen.getByRole('img', { name: /^Donut chart of 200 calls by purpose:/ })
    expect(donut.getAttribute('aria-label')).toContain('Purpose 1 7.5%')
    expect(donut.getAttribute('aria-label')).toContain('Other purposes 40%')
    const bars = screen.getByRole('img', { name: /^Bar chart of the calls where each category lost points:/ })
    for (const chart of [trend, donut, bars]) {
      expect(chart).not.toHaveAttribute('aria-hidden')
      await waitFor(() => expect(chart.querySelector('svg.recharts-surface')).not.toBeNull())
      expect([...chart.querySelectorAll(focusable)].map((e) => e.outerHTML.slice(0, 200))).toEqual([])
    }
  })

  it('says how many calls the trend’s points hold, and counts the reviewed calls beside the auditor’s average', async () => {
    renderPanels()
    // one reviewed call every other day in the fixture: the auditor's points are pooled
    expect(
      await screen.findByText(/Each point holds at least 3 calls: a quieter day joins the next/, {}, drawn),
    ).toBeVisible()
    const table = screen.getByRole('table', { name: 'Score trend', hidden: true })
    const head = within(table)
      .getAllByRole('columnheader', { hidden: true })
      .map((th) => th.textContent)
    expect(head).toEqual(['Period', 'Calls', 'Score', 'AI', 'Auditor', 'Reviewed', 'Auto-fails'])
    const firstDay = within(table).getAllByRole('row', { hidden: true })[1]
    expect(within(firstDay).getAllByRole('cell', { hidden: true })[5]).toHaveTextContent('1')
  })

  it('puts the failed categories’ unit under their axis', async () => {
    renderPanels()
    const bars = await screen.findByRole(
      'img',
      { name: /^Bar chart of the calls where each category lost points:/ },
      drawn,
    )
    expect(within(bars).getByText('Failed calls', { selector: 'text, tspan' })).toBeInTheDocument()
    expect(bars.getAttribute('aria-label')).toMatch(/: [^,]+ \d+ of \d+,/)
  })

  it('keys the purposes to the donut’s slices, the grey one named', async () => {
    renderPanels()
    expect(await screen.findByText('Grey: every other purpose, 40% of calls', {}, drawn)).toBeVisible()
    // the table is the donut's legend: in view, not folded under "The figures"
    const table = screen.getByRole('table', { name: 'Purpose of calls' })
    expect(table.closest('details')).toBeNull()
    const swatches = [...table.querySelectorAll('tbody tr')].map(
      (row) => (row.querySelector('span[aria-hidden]') as HTMLElement | null)?.style.background,
    )
    // eight purposes in colours of their own, the two past them and the rest in the grey slice
    expect(new Set(swatches.slice(0, 8)).size).toBe(8)
    expect(swatches.slice(8)).toEqual(Array(3).fill('var(--mantine-color-gray-6)'))
    expect(within(table).getByText('Other purposes')).toBeInTheDocument()
  })
})
