import { MantineProvider } from '@mantine/core'
import { renderToString } from 'react-dom/server'
// @ts-expect-error -- jsdom ships no types; only `new JSDOM(html).window.document` is used here
import { JSDOM } from 'jsdom'
import type { ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { theme } from '~/theme'
import { BarList, Donut, LineChart, ScatterChart } from './svg-charts'

// The charts as the server sends them: markup only, no script.
function serverMarkup(chart: ReactElement) {
  const html = renderToString(
    <MantineProvider theme={theme} env="test">
      {chart}
    </MantineProvider>,
  )
  return (new JSDOM(`<!doctype html><body>${html}</body>`).window as Window).document
}

const pct = (v: number) => `${v}%`
/** The (x, y) a dot is drawn at: its path is "M x y h0". */
const dotAt = (path: Element) =>
  path
    .getAttribute('d')!
    .match(/^M([\d.-]+) ([\d.-]+)h0$/)!
    .slice(1)
    .map(Number)

describe('charts drawn by the server', () => {
  it('a line chart bridges a missing value, keeps at most eight labels under it, and puts 100 at the top', () => {
    const data = Array.from({ length: 20 }, (_, i) => ({ label: `Day ${i + 1}`, score: i === 5 ? null : 50 + i }))
    const document = serverMarkup(
      <LineChart
        data={data}
        xKey="label"
        series={[{ name: 'score', label: 'Score', color: 'indigo.6' }]}
        height={200}
        yDomain={[0, 100]}
        yTicks={[0, 50, 100]}
        format={pct}
        summary="Line chart of the score."
      />,
    )
    const chart = document.querySelector('[role="img"]')!
    expect(chart.getAttribute('aria-label')).toBe('Line chart of the score.')
    // one unbroken line through the 19 values, one dot each, none for the missing day
    expect(chart.querySelectorAll('path[fill="none"][stroke]')).toHaveLength(1)
    const dots = [...chart.querySelectorAll('g[data-size] path')]
    expect(dots).toHaveLength(19)
    expect(dots.map((d) => d.querySelector('title')!.textContent)).not.toContain('Score, Day 6: null%')
    // y grows upwards: 50% is lower on the plot than 69%
    const [, low] = dotAt(dots[0])
    const [, high] = dotAt(dots.at(-1)!)
    expect(low).toBeGreaterThan(high)
    const labels = [...chart.querySelectorAll('span')].map((s) => s.textContent).filter((t) => t?.startsWith('Day'))
    expect(labels.length).toBeLessThanOrEqual(8)
    expect(labels[0]).toBe('Day 1')
    expect(labels.at(-1)).toBe('Day 20')
  })

  it('a scatter chart places points by value and draws the reference line at x = 0', () => {
    const document = serverMarkup(
      <ScatterChart
        points={[
          { x: -1, y: 0, label: 'Ann' },
          { x: 1, y: 100, label: 'Bob' },
        ]}
        height={200}
        color="indigo.6"
        xDomain={[-1, 1]}
        xTicks={[-1, 0, 1]}
        yDomain={[0, 100]}
        yTicks={[0, 100]}
        format={{ x: String, y: pct }}
        labels={{ x: 'Customer sentiment', y: 'Score' }}
        referenceX={0}
        summary="Scatter."
      />,
    )
    const dots = [...document.querySelectorAll('g[data-size] path')]
    expect(dots.map(dotAt)).toEqual([
      [0, 100],
      [1000, 0],
    ])
    expect(dots[0].querySelector('title')!.textContent).toBe('Ann: Customer sentiment -1, score 0%')
    expect(document.querySelector('path[d="M500.0 0V100"]')).not.toBeNull()
  })

  it('a scatter chart of unnamed points draws them as one path: a cloud of calls is one element', () => {
    const points = Array.from({ length: 50 }, (_, i) => ({ x: i / 50, y: i * 2 }))
    const document = serverMarkup(
      <ScatterChart
        points={points}
        height={200}
        color="indigo.6"
        xDomain={[-1, 1]}
        xTicks={[-1, 0, 1]}
        yDomain={[0, 100]}
        yTicks={[0, 100]}
        format={{ x: String, y: pct }}
        labels={{ x: 'Customer sentiment', y: 'Score' }}
        summary="Scatter."
      />,
    )
    const dots = document.querySelectorAll('g[data-size] path')
    expect(dots).toHaveLength(1)
    expect(dots[0].getAttribute('d')!.match(/h0/g)).toHaveLength(50)
  })

  it('a bar list makes each bar as long as its share of a round axis', () => {
    const document = serverMarkup(
      <BarList
        data={[
          { name: 'Greeting', failed: 3 },
          { name: 'Verification', failed: 7 },
        ]}
        series={[{ name: 'failed', label: 'Failed calls', color: 'red.7' }]}
        summary="Bars."
        unit="Failed calls"
        format={String}
      />,
    )
    const bars = [...document.querySelectorAll<HTMLElement>('[title]')]
    expect(bars.map((b) => b.getAttribute('title'))).toEqual([
      'Greeting, Failed calls: 3',
      'Verification, Failed calls: 7',
    ])
    // 7 rounds the axis up to 8: bars of 3/8 and 7/8
    expect(bars.map((b) => b.getAttribute('style'))).toEqual([
      expect.stringContaining('width:37.5%'),
      expect.stringContaining('width:87.5%'),
    ])
  })

  it('a donut draws a slice per non-zero share and is hidden when its figures are beside it', () => {
    const document = serverMarkup(
      <Donut
        data={[
          { name: 'Completed', value: 75, color: 'teal.6' },
          { name: 'Failed', value: 25, color: 'red.6' },
          { name: 'Pending', value: 0, color: 'gray.6' },
        ]}
        size={120}
        thickness={20}
        format={pct}
      />,
    )
    const figure = document.querySelector('figure')!
    expect(figure.getAttribute('aria-hidden')).toBe('true')
    expect([...figure.querySelectorAll('path title')].map((t) => t.textContent)).toEqual([
      'Completed: 75%',
      'Failed: 25%',
    ])
  })
})
