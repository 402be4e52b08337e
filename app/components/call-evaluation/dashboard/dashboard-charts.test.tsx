import { within } from '@testing-library/dom'
import { describe, expect, it } from 'vitest'
import { userFixture } from '#tests/fixtures/users'
import type { DashboardFilters, PurposeCallDistribution } from '#contract/dashboards'
import { failedCategoriesFor, overviewFor } from '#tests/fixtures/dashboards'
import { serverHtml } from '#tests/fixtures/server-html'
import { PurposePanel, TrendPanel } from './overview-panels'
import { FailedCategoriesPanel } from './violation-panels'

// The dashboard's panels as the server sends them: each chart is drawn in the HTML (SVG and HTML,
// no script) as an image named by a summary of its figures, and nothing inside it takes focus.

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

function renderPanels(search = '') {
  return serverHtml({
    url: `/demo-portal/dashboard${search}`,
    path: 'dashboard',
    user: userFixture('supervisor'),
    data: null,
    Component: () => (
      <>
        <TrendPanel panel={{ data: overviewFor(filters), error: null }} filters={filters} />
        <PurposePanel panel={{ data: purposes, error: null }} filters={filters} />
        <FailedCategoriesPanel panel={{ data: failedCategoriesFor(filters), error: null }} filters={filters} />
      </>
    ),
  })
}

const focusable = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'

describe('the dashboard’s charts', () => {
  it('are drawn by the server: images named by a summary of their figures, with nothing focusable inside', () => {
    const { screen } = renderPanels()
    const trend = screen.getByRole('img', { name: /^Line chart of the average score per day, 1 Jun to 30 Jun:/ })
    expect(trend.getAttribute('aria-label')).toMatch(/Auditor \d+(\.\d)?% to \d+(\.\d)?%.*at least 3 calls/)
    const donut = screen.getByRole('img', { name: /^Donut chart of 200 calls by purpose:/ })
    expect(donut.getAttribute('aria-label')).toContain('Purpose 1 7.5%')
    expect(donut.getAttribute('aria-label')).toContain('Other purposes 40%')
    const bars = screen.getByRole('img', { name: /^Bar chart of the calls where each category lost points:/ })
    for (const chart of [trend, donut, bars]) {
      expect(chart).not.toHaveAttribute('aria-hidden')
      expect(chart.querySelector('svg, [title]')).not.toBeNull()
      expect([...chart.querySelectorAll(focusable)].map((e) => e.outerHTML.slice(0, 200))).toEqual([])
    }
  })

  it('draws a line per series with a dot per point that says its value, the axis labelled', () => {
    const { screen } = renderPanels()
    const trend = screen.getByRole('img', { name: /^Line chart of the average score per day/ })
    const lines = trend.querySelectorAll('svg path[fill="none"][stroke^="var(--mantine-color-"]')
    expect(lines.length).toBe(3)
    const dots = [...trend.querySelectorAll('svg path > title')].map((t) => t.textContent)
    expect(dots.length).toBeGreaterThan(10)
    expect(dots[0]).toMatch(/^Score, \d+ Jun: \d+(\.\d)?% · \d+ calls?/)
    expect(within(trend).getByText('100%')).toBeInTheDocument()
    expect(within(trend).getByText('Auditor')).toBeInTheDocument()
  })

  it('folds a chart’s figures behind a link that opens them without script, the filters kept', () => {
    const { screen } = renderPanels('?date_from=2025-06-01&date_to=2025-06-30')
    // not drawn until asked for: the folded tables were most of a dashboard's markup
    expect(screen.queryByRole('table', { name: 'Score trend', hidden: true })).toBeNull()
    const trend = screen.getByRole('region', { name: 'Score trend' })
    expect(within(trend).getByText('The figures').tagName).toBe('SUMMARY')
    const link = within(trend).getByRole('link', { name: 'Show them as a table', hidden: true })
    expect(link).toHaveAttribute(
      'href',
      '/demo-portal/dashboard?date_from=2025-06-01&date_to=2025-06-30&figures=trend#trend-heading',
    )
    // the legend of the donut stays in view
    expect(screen.getByRole('table', { name: 'Purpose of calls' })).toBeInTheDocument()
  })

  it('says how many calls the trend’s points hold, and counts the reviewed calls beside the auditor’s average', () => {
    const { screen } = renderPanels('?figures=trend')
    // asked for by the link: the figures are drawn and their disclosure is open
    const trend = screen.getByRole('region', { name: 'Score trend' })
    expect(within(trend).getByText('The figures').closest('details')).toHaveAttribute('open')
    // one reviewed call every other day in the fixture: the auditor's points are pooled
    expect(screen.getByText(/Each point holds at least 3 calls: a quieter day joins the next/)).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Score trend', hidden: true })
    const head = within(table)
      .getAllByRole('columnheader', { hidden: true })
      .map((th) => th.textContent)
    expect(head).toEqual(['Period', 'Calls', 'Score', 'AI', 'Auditor', 'Reviewed', 'Auto-fails'])
    const firstDay = within(table).getAllByRole('row', { hidden: true })[1]
    expect(within(firstDay).getAllByRole('cell', { hidden: true })[5]).toHaveTextContent('1')
  })

  it('puts the failed categories’ unit under their axis, each bar as long as its count', () => {
    const { screen } = renderPanels()
    const bars = screen.getByRole('img', { name: /^Bar chart of the calls where each category lost points:/ })
    expect(within(bars).getByText('Failed calls')).toBeInTheDocument()
    const drawn = [...bars.querySelectorAll<HTMLElement>('[title]')].map((bar) => ({
      title: bar.getAttribute('title')!,
      width: parseFloat(bar.style.width),
    }))
    expect(drawn.length).toBeGreaterThan(1)
    const count = (title: string) => Number(title.split(': ').at(-1))
    const perCall = drawn[0].width / count(drawn[0].title)
    for (const bar of drawn) expect(bar.width).toBeCloseTo(count(bar.title) * perCall, 1)
    expect(bars.getAttribute('aria-label')).toMatch(/: [^,]+ \d+ of \d+,/)
  })

  it('keys the purposes to the donut’s slices, the grey one named', () => {
    const { screen } = renderPanels()
    expect(screen.getByText('Grey: every other purpose, 40% of calls')).toBeInTheDocument()
    const slices = screen.getByRole('img', { name: /^Donut chart/ }).querySelectorAll('svg path')
    expect(slices.length).toBe(9)
    // the table is the donut's legend: in view, not folded under "The figures"
    const table = screen.getByRole('table', { name: 'Purpose of calls' })
    expect(table.closest('details')).toBeNull()
    const swatches = [...table.querySelectorAll('tbody tr')].map(
      (row) => /var\(--[a-z0-9-]+\)/.exec(row.querySelector('span[aria-hidden]')?.getAttribute('style') ?? '')?.[0],
    )
    // eight purposes in colours of their own, the two past them and the rest in the grey slice
    expect(new Set(swatches.slice(0, 8)).size).toBe(8)
    // and so is the donut: its slices in the same colours
    expect([...slices].map((p) => p.getAttribute('fill'))).toEqual(swatches.slice(0, 9))
    expect(swatches.slice(8)).toEqual(Array(3).fill('var(--mantine-color-gray-6)'))
    expect(within(table).getByText('Other purposes')).toBeInTheDocument()
  })
})
