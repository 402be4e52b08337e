import { describe, expect, it } from 'vitest'
import {
  agentPerformanceHref,
  bucketRange,
  failedCategoryHref,
  failedQuestionHref,
  formatSentiment,
  listHref,
} from './dashboard-links'

const filters = {
  date_from: '2025-06-03',
  date_to: '2025-06-20',
  campaign_id: 1,
  department_id: 2,
  location_id: 3,
  template_internal_id: '6f1c2a9e-4b7d-4c1e-9a53-2d8e7f0b1c44',
}

describe('dashboard links', () => {
  it('opens the list with every filter of the dashboard and the extra ones', () => {
    expect(listHref(filters, { agent_id: 21 })).toBe(
      '/demo-portal/solutions/call-evaluation/evaluation-list?date_from=2025-06-03&date_to=2025-06-20&campaign_id=1' +
        '&department_id=2&location_id=3&agent_id=21&template_internal_id=6f1c2a9e-4b7d-4c1e-9a53-2d8e7f0b1c44',
    )
  })

  it('opens the calls behind a failed category or a violated question', () => {
    const list = '/demo-portal/solutions/call-evaluation/evaluation-list'
    expect(failedCategoryHref({ campaign_id: 1 }, 'Opening & greeting')).toBe(
      `${list}?campaign_id=1&failed_category=Opening+%26+greeting`,
    )
    // the question's own template replaces the dashboard's
    const violation = { question_text: 'Did the agent greet?', category: 'Opening', template: { internal_id: 'abc' } }
    expect(failedQuestionHref(filters, violation)).toBe(
      `${list}?date_from=2025-06-03&date_to=2025-06-20&campaign_id=1&department_id=2&location_id=3` +
        '&template_internal_id=abc&failed_category=Opening&failed_question=Did+the+agent+greet%3F',
    )
  })

  it("opens an agent's performance with the other filters and the page's own period", () => {
    expect(agentPerformanceHref(filters, 22)).toBe(
      '/demo-portal/solutions/call-evaluation/agent-performance-dashboard?campaign_id=1&department_id=2&location_id=3' +
        '&template_internal_id=6f1c2a9e-4b7d-4c1e-9a53-2d8e7f0b1c44&agent_id=22',
    )
  })

  it("gives a trend bucket's days, kept inside the filter's dates", () => {
    expect(bucketRange('2025-06-09', 'week', filters)).toEqual({ date_from: '2025-06-09', date_to: '2025-06-15' })
    expect(bucketRange('2025-06-02', 'week', filters)).toEqual({ date_from: '2025-06-03', date_to: '2025-06-08' })
    expect(bucketRange('2025-06-16', 'week', filters)).toEqual({ date_from: '2025-06-16', date_to: '2025-06-20' })
    expect(bucketRange('2024-02-01', 'month', {})).toEqual({ date_from: '2024-02-01', date_to: '2024-02-29' })
    expect(bucketRange('2025-06-05', 'day', {})).toEqual({ date_from: '2025-06-05', date_to: '2025-06-05' })
  })

  it('writes sentiments with their sign', () => {
    expect([formatSentiment(0.214), formatSentiment(-0.5), formatSentiment(0), formatSentiment(null)]).toEqual([
      '+0.21',
      '−0.50',
      '0.00',
      '—',
    ])
  })
})
