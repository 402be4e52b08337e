// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { theme } from '~/theme'
import { EmotionPanel, emotionBar } from './emotion-panel'

const none = { anger: 0, frustration: 0, anxiety: 0, sadness: 0, joy: 0, gratitude: 0, trust: 0, surprise: 0 }

function renderPanel() {
  render(
    <MantineProvider theme={theme} env="test">
      <EmotionPanel
        emotion={{
          call_evaluation_id: 7,
          agent: { ...none, joy: 0.04, gratitude: 0.02 },
          customer: { ...none, frustration: 0.5 },
        }}
      />
    </MantineProvider>,
  )
}

/** How much of its track each of a speaker's bars fills, by emotion. */
function bars(speaker: string) {
  const list = screen.getByText(speaker).parentElement!.querySelector('dl')!
  return Object.fromEntries(
    [...list.children].map((row) => [
      within(row as HTMLElement).getByRole('term').textContent,
      within(row as HTMLElement)
        .getByRole('progressbar', { hidden: true })
        .getAttribute('aria-valuenow'),
    ]),
  )
}

describe('emotions by speaker', () => {
  it('fills a bar to the emotion’s share of the words: Joy at 4% is 4% of the bar, not all of it', () => {
    renderPanel()
    expect(bars('Agent')).toEqual({ Joy: '4', Gratitude: '2' })
    expect(bars('Customer')).toEqual({ Frustration: '50' })
    expect(screen.getByText('4%')).toBeInTheDocument()
    expect(screen.getByText(/a full bar would be every word/)).toBeInTheDocument()
  })

  it('scales counts, should the figures be counts, to their share of the total', () => {
    expect(emotionBar(0.04, [0.04, 0.02, 0])).toBe(4)
    expect(emotionBar(3, [3, 1])).toBe(75)
    expect(emotionBar(0, [0, 0])).toBe(0)
  })
})
