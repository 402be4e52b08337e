import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as c from '#contract/dashboards'
import { evaluationList } from '#contract/evaluations'
import { envelope } from '#contract/envelope'
import { paths } from '#contract/paths'
import { setupDashboardWorld, Q1, Q2, Q3, type DashboardWorld } from '#api/modules/dashboards/test-data'
import type { Who } from '#api/modules/evaluations/test-setup'
import type { z } from 'zod'

// The figures below are worked out by hand from the data set in api/modules/dashboards/test-data.ts.
let w: DashboardWorld

async function get<T extends z.ZodTypeAny>(schema: T, path: string, query = '', who: Who = 'supervisor') {
  const res = await w.t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: w.as[who].auth })
  expect(res.statusCode, res.body).toBe(200)
  return envelope(schema).parse(res.json()).data as z.infer<T>
}
const name = { A1: 'Agent Person', A2: 'Agent2 Person', A3: 'Agent3 Person' }
const agent = (key: 'A1' | 'A2' | 'A3') => ({ id: w.agents[key], name: name[key] })

beforeAll(async () => {
  w = await setupDashboardWorld()
})
afterAll(() => w.t.close())

const kpis = (query = '', who: Who = 'supervisor') =>
  get(c.callEvaluationDashboard, paths.callEvaluationDashboard, query, who).then((d) => d.kpis)

describe('call_evaluation_dashboard', () => {
  it('computes the KPIs and calls per status over every call', async () => {
    const data = await get(c.callEvaluationDashboard, paths.callEvaluationDashboard)
    expect(data.kpis).toEqual({
      calls: 7,
      scored_calls: 6,
      average_score: 62.5, // (100 + 100 + 0 + 75 + 100 + 0) / 6
      average_ai_score: 54.2, // (100 + 75 + 0 + 50 + 100 + 0) / 6
      average_auditor_score: 58.3, // (100 + 75 + 0) / 3
      auto_fail_count: 2,
      auto_fail_pct: 33.3,
      reviewed_count: 3,
      reviewed_pct: 42.9,
      disputed_count: 1,
    })
    expect(data.by_status).toEqual([
      { status: 'ai_evaluated', count: 3 },
      { status: 'under_review', count: 0 },
      { status: 'reviewed', count: 2 },
      { status: 'acknowledged', count: 1 },
      { status: 'disputed', count: 1 },
    ])
  })

  it('gives a weekly trend without dates (weeks start on Monday)', async () => {
    const { trend } = await get(c.callEvaluationDashboard, paths.callEvaluationDashboard)
    expect(trend).toEqual({
      interval: 'week',
      points: [
        {
          period_start: '2026-01-05',
          calls: 2,
          average_score: 100,
          average_ai_score: 87.5,
          average_auditor_score: 100,
          auto_fail_count: 0,
          scored_calls: 2,
          ai_scored_calls: 2,
          auditor_scored_calls: 1,
        },
        {
          period_start: '2026-01-12',
          calls: 2,
          average_score: 37.5,
          average_ai_score: 25,
          average_auditor_score: 75,
          auto_fail_count: 1,
          scored_calls: 2,
          ai_scored_calls: 2,
          auditor_scored_calls: 1,
        },
        {
          period_start: '2026-01-19',
          calls: 3,
          average_score: 50,
          average_ai_score: 50,
          average_auditor_score: 0,
          auto_fail_count: 1,
          // E7 was never scored: three calls, two averaged
          scored_calls: 2,
          ai_scored_calls: 2,
          auditor_scored_calls: 1,
        },
      ],
    })
  })

  it('gives a daily trend for a short range, every day listed', async () => {
    const { trend } = await get(
      c.callEvaluationDashboard,
      paths.callEvaluationDashboard,
      'date_from=2026-01-04&date_to=2026-01-10',
    )
    expect(trend.interval).toBe('day')
    expect(trend.points.map((p) => p.period_start)).toEqual([
      '2026-01-04',
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
      '2026-01-10',
    ])
    expect(trend.points[0]).toEqual({
      period_start: '2026-01-04',
      calls: 0,
      average_score: null,
      average_ai_score: null,
      average_auditor_score: null,
      auto_fail_count: 0,
      scored_calls: 0,
      ai_scored_calls: 0,
      auditor_scored_calls: 0,
    })
    expect(trend.points[2]).toMatchObject({
      calls: 1,
      average_score: 100,
      average_ai_score: 75,
      scored_calls: 1,
      ai_scored_calls: 1,
      auditor_scored_calls: 1,
    })
    const month = await get(c.callEvaluationDashboard, paths.callEvaluationDashboard, 'interval=month')
    expect(month.trend.points).toEqual([
      {
        period_start: '2026-01-01',
        calls: 7,
        average_score: 62.5,
        average_ai_score: 54.2,
        average_auditor_score: 58.3,
        auto_fail_count: 2,
        scored_calls: 6,
        ai_scored_calls: 6,
        auditor_scored_calls: 3,
      },
    ])
  })

  it('changes with every filter', async () => {
    const { A1: _a1, A2, A3: _a3 } = w.agents
    const expectations: [string, { calls: number; scored_calls: number; average_score: number | null }][] = [
      ['date_from=2026-01-12', { calls: 5, scored_calls: 4, average_score: 43.8 }], // (0 + 75 + 100 + 0) / 4
      ['date_to=2026-01-12', { calls: 3, scored_calls: 3, average_score: 66.7 }], // the whole last day
      [`campaign_id=${w.campaigns.B}`, { calls: 1, scored_calls: 1, average_score: 0 }],
      [`service_id=${w.services.A}`, { calls: 6, scored_calls: 5, average_score: 75 }],
      [`department_id=${w.departments.D2}`, { calls: 2, scored_calls: 1, average_score: 0 }],
      [`department_id=${w.departments.D1}`, { calls: 5, scored_calls: 5, average_score: 75 }],
      [`location_id=${w.locations.L2}`, { calls: 4, scored_calls: 3, average_score: 58.3 }],
      [`agent_id=${A2}`, { calls: 2, scored_calls: 2, average_score: 87.5 }],
      [`supervisor_id=${w.as.supervisor.id}`, { calls: 5, scored_calls: 4, average_score: 68.8 }],
      [`template_internal_id=${w.templates.collections}`, { calls: 2, scored_calls: 2, average_score: 50 }],
      // both versions of the template
      [`template_internal_id=${w.templates.qa}`, { calls: 5, scored_calls: 4, average_score: 68.8 }],
      [`campaign_id=${w.campaigns.B}&agent_id=${A2}`, { calls: 0, scored_calls: 0, average_score: null }],
      ['date_from=&date_to=&agent_id=&template_internal_id=', { calls: 7, scored_calls: 6, average_score: 62.5 }],
    ]
    for (const [query, expected] of expectations) {
      expect(await kpis(query), query).toMatchObject(expected)
    }
  })
})

describe('agent_highlight_dashboard', () => {
  it('names the best, the worst and the most improved against the period before', async () => {
    const data = await get(
      c.agentHighlightDashboard,
      paths.agentHighlightDashboard,
      'date_from=2026-01-19&date_to=2026-01-25',
    )
    expect(data.period).toEqual({ date_from: '2026-01-19', date_to: '2026-01-25' })
    expect(data.previous_period).toEqual({ date_from: '2026-01-12', date_to: '2026-01-18' })
    expect(data.best).toEqual([
      { agent: agent('A2'), calls: 1, scored_calls: 1, average_score: 100, auto_fail_count: 0 },
      { agent: agent('A3'), calls: 2, scored_calls: 1, average_score: 0, auto_fail_count: 1 },
    ])
    expect(data.worst.map((s) => s.agent.id)).toEqual([w.agents.A3, w.agents.A2])
    // A2 went from 75 (E4) to 100 (E5); A1 had calls only in the previous period
    expect(data.most_improved).toEqual([
      {
        agent: agent('A2'),
        calls: 1,
        average_score: 100,
        previous_calls: 1,
        previous_average_score: 75,
        change: 25,
      },
    ])
  })

  it('limits the lists and leaves out agents under min_calls', async () => {
    const range = 'date_from=2026-01-19&date_to=2026-01-25'
    const one = await get(c.agentHighlightDashboard, paths.agentHighlightDashboard, `${range}&limit=1`)
    expect(one.best.map((s) => s.agent.id)).toEqual([w.agents.A2])
    expect(one.worst.map((s) => s.agent.id)).toEqual([w.agents.A3])
    const busy = await get(c.agentHighlightDashboard, paths.agentHighlightDashboard, `${range}&min_calls=2`)
    expect(busy).toMatchObject({ min_calls: 2, best: [], worst: [], most_improved: [] })
    // a wider period: ties at 0 go by scored calls, then name
    const wide = await get(
      c.agentHighlightDashboard,
      paths.agentHighlightDashboard,
      'date_from=2026-01-12&date_to=2026-01-22',
    )
    expect(wide.best.map((s) => [s.agent.id, s.average_score])).toEqual([
      [w.agents.A2, 87.5],
      [w.agents.A1, 0],
      [w.agents.A3, 0],
    ])
    // A1's previous period (2026-01-01 to 2026-01-11) was 100: a fall, not an improvement
    expect(wide.most_improved).toEqual([])
  })
})

describe('agent-leader-board', () => {
  const a1 = {
    calls: 3,
    scored_calls: 3,
    average_score: 66.7,
    average_ai_score: 58.3,
    average_auditor_score: 100,
    auto_fail_count: 1,
    auto_fail_pct: 33.3,
    reviewed_count: 1,
  }
  it('ranks agents by average score with their calls, auto-fails and reviews', async () => {
    const board = await get(c.agentLeaderBoard, paths.agentLeaderBoard)
    expect(board).toMatchObject({ count: 3, total_pages: 1, current_page: 1, next: null, previous: null })
    expect(board.results).toEqual([
      {
        rank: 1,
        agent: agent('A2'),
        calls: 2,
        scored_calls: 2,
        average_score: 87.5,
        average_ai_score: 75,
        average_auditor_score: 75,
        auto_fail_count: 0,
        auto_fail_pct: 0,
        reviewed_count: 1,
      },
      { rank: 2, agent: agent('A1'), ...a1 },
      {
        rank: 3,
        agent: agent('A3'),
        calls: 2,
        scored_calls: 1,
        average_score: 0,
        average_ai_score: 0,
        average_auditor_score: 0,
        auto_fail_count: 1,
        auto_fail_pct: 100,
        reviewed_count: 1,
      },
    ])
  })

  it('pages, and follows the filters', async () => {
    const second = await get(c.agentLeaderBoard, paths.agentLeaderBoard, 'page_size=2&page=2')
    expect(second).toMatchObject({ count: 3, total_pages: 2, current_page: 2, next: null, previous: 1 })
    expect(second.results.map((r) => [r.rank, r.agent.id])).toEqual([[3, w.agents.A3]])
    const campaignB = await get(c.agentLeaderBoard, paths.agentLeaderBoard, `campaign_id=${w.campaigns.B}`)
    expect(campaignB.results).toEqual([
      expect.objectContaining({ rank: 1, agent: agent('A1'), calls: 1, average_score: 0, auto_fail_count: 1 }),
    ])
    // only the unscored E7: the agent is listed without an average
    const unscored = await get(c.agentLeaderBoard, paths.agentLeaderBoard, 'date_from=2026-01-22')
    expect(unscored.results).toEqual([
      expect.objectContaining({ rank: 1, agent: agent('A3'), calls: 1, scored_calls: 0, average_score: null }),
    ])
  })
})

describe('outlier_agent_report', () => {
  it('states the method, the team mean, the deviation and the threshold (default 2)', async () => {
    const report = await get(c.outlierAgentReport, paths.outlierAgentReport)
    // agent averages 66.67, 87.5 and 0: mean 51.39, population σ 37.32
    expect(report).toMatchObject({
      method: 'z_score',
      threshold: 2,
      min_calls: 1,
      agent_count: 3,
      team_mean: 51.4,
      stddev: 37.3,
      lower_bound: -23.3,
      upper_bound: 126,
      outlier_count: 0,
    })
    expect(report.description).toContain('more than 2 standard deviations')
    expect(report.description).toContain('Mean 51.4, population standard deviation 37.3')
    expect(report.agents).toEqual([
      { agent: agent('A2'), scored_calls: 2, average_score: 87.5, z_score: 0.97, outlier: null },
      { agent: agent('A1'), scored_calls: 3, average_score: 66.7, z_score: 0.41, outlier: null },
      { agent: agent('A3'), scored_calls: 1, average_score: 0, z_score: -1.38, outlier: null },
    ])
  })

  it('flags agents beyond the threshold, above and below', async () => {
    const one = await get(c.outlierAgentReport, paths.outlierAgentReport, 'threshold=1')
    expect(one).toMatchObject({ threshold: 1, lower_bound: 14.1, upper_bound: 88.7, outlier_count: 1 })
    expect(one.agents.map((a) => a.outlier)).toEqual([null, null, 'below'])
    const half = await get(c.outlierAgentReport, paths.outlierAgentReport, 'threshold=0.5')
    expect(half.agents.map((a) => a.outlier)).toEqual(['above', null, 'below'])
  })

  it('takes the team over agents with min_calls scored calls, and follows the filters', async () => {
    // A1 (66.67) and A2 (87.5): mean 77.08, σ 10.42, each exactly one σ away
    const busy = await get(c.outlierAgentReport, paths.outlierAgentReport, 'min_calls=2&threshold=0.5')
    expect(busy).toMatchObject({ agent_count: 2, team_mean: 77.1, stddev: 10.4, outlier_count: 2 })
    expect(busy.agents.map((a) => [a.agent.id, a.z_score, a.outlier])).toEqual([
      [w.agents.A2, 1, 'above'],
      [w.agents.A1, -1, 'below'],
    ])
    const alone = await get(c.outlierAgentReport, paths.outlierAgentReport, `agent_id=${w.agents.A2}`)
    expect(alone).toMatchObject({ agent_count: 1, team_mean: 87.5, stddev: 0, outlier_count: 0 })
    expect(alone.agents[0].z_score).toBeNull()
    expect(alone.description).toContain('no spread')
    const nobody = await get(c.outlierAgentReport, paths.outlierAgentReport, 'date_from=2030-01-01')
    expect(nobody).toMatchObject({ agent_count: 0, team_mean: null, stddev: null, agents: [] })
  })
})

describe('failed_category_count', () => {
  it('counts, per category name, the calls where it failed of those where it was scored', async () => {
    const { results } = await get(c.failedCategoryCount, paths.failedCategoryCount)
    // Opening below 100 in E4 (auditor 50) and E6 (0), not E2 (AI 50, auditor 100); Verification n/a in E5
    expect(results).toEqual([
      { category: 'Opening', failed: 2, scored: 6, failed_pct: 33.3 },
      { category: 'Verification', failed: 2, scored: 5, failed_pct: 40 },
    ])
    const collections = await get(
      c.failedCategoryCount,
      paths.failedCategoryCount,
      `template_internal_id=${w.templates.collections}`,
    )
    expect(collections.results).toEqual([
      { category: 'Verification', failed: 1, scored: 1, failed_pct: 100 },
      { category: 'Opening', failed: 0, scored: 2, failed_pct: 0 },
    ])
    const a2 = await get(c.failedCategoryCount, paths.failedCategoryCount, `agent_id=${w.agents.A2}`)
    expect(a2.results).toEqual([
      { category: 'Opening', failed: 1, scored: 2, failed_pct: 50 },
      { category: 'Verification', failed: 0, scored: 1, failed_pct: 0 },
    ])
  })
})

describe('agent_scoring_vs_sentiment', () => {
  it("gives each agent's average score beside their customers' mean sentiment", async () => {
    const { results } = await get(c.agentScoringVsSentiment, paths.agentScoringVsSentiment)
    expect(results).toEqual([
      { agent: agent('A1'), calls: 3, average_score: 66.7, customer_sentiment: 0.083, agent_sentiment: 0.25 },
      { agent: agent('A2'), calls: 2, average_score: 87.5, customer_sentiment: -0.125, agent_sentiment: 0.125 },
      // E7 has no transcript yet: no sentiment, no score
      { agent: agent('A3'), calls: 2, average_score: 0, customer_sentiment: -0.75, agent_sentiment: -0.25 },
    ])
    const early = await get(c.agentScoringVsSentiment, paths.agentScoringVsSentiment, 'date_to=2026-01-06')
    expect(early.results).toEqual([
      { agent: agent('A1'), calls: 2, average_score: 100, customer_sentiment: 0.375, agent_sentiment: 0.375 },
    ])
  })
})

describe('top_violations_by_categories', () => {
  it('ranks categories by failed questions (the answers that stand, n/a never failing)', async () => {
    const { results } = await get(c.topViolationsByCategories, paths.topViolationsByCategories)
    expect(results).toEqual([
      // E4 Q1, E6 Q1, E6 Q2 (an interruption: expected no) of 12 answers, in 2 calls
      { category: 'Opening', failed_questions: 3, answered_questions: 12, failed_pct: 25, calls_with_failure: 2 },
      // E3 and E6 of 5 (n/a in E5)
      { category: 'Verification', failed_questions: 2, answered_questions: 5, failed_pct: 40, calls_with_failure: 2 },
    ])
    const one = await get(c.topViolationsByCategories, paths.topViolationsByCategories, 'limit=1')
    expect(one.results.map((r) => r.category)).toEqual(['Opening'])
    // E2's AI answered Q2 wrongly but the auditor corrected it: nothing failed in January's first week
    const early = await get(c.topViolationsByCategories, paths.topViolationsByCategories, 'date_to=2026-01-11')
    expect(early.results).toEqual([])
  })
})

describe('top_ten_violations', () => {
  it('ranks questions by failures over every version of their template', async () => {
    const { results } = await get(c.topTenViolations, paths.topTenViolations)
    const qa = { internal_id: w.templates.qa, name: 'Dash QA 2026' }
    const collections = { internal_id: w.templates.collections, name: 'Dash collections' }
    expect(results).toEqual([
      // E4 (v1) and E6 (v2)
      { rank: 1, question_text: Q1, category: 'Opening', template: qa, failed: 2, answered: 4, failed_pct: 50 },
      {
        rank: 2,
        question_text: Q3,
        category: 'Verification',
        template: collections,
        failed: 1,
        answered: 1,
        failed_pct: 100,
      },
      { rank: 3, question_text: Q2, category: 'Opening', template: qa, failed: 1, answered: 4, failed_pct: 25 },
      { rank: 4, question_text: Q3, category: 'Verification', template: qa, failed: 1, answered: 4, failed_pct: 25 },
    ])
    const a3 = await get(c.topTenViolations, paths.topTenViolations, `agent_id=${w.agents.A3}`)
    expect(a3.results.map((r) => [r.question_text, r.failed, r.answered])).toEqual([
      [Q1, 1, 1],
      [Q2, 1, 1],
      [Q3, 1, 1],
    ])
  })
})

describe('drilling into the evaluation list', () => {
  /** The ids of the list's calls for a query, E1… by name. */
  async function listed(query: string) {
    const page = await get(evaluationList, paths.evaluationList, `page_size=100&${query}`)
    const names = Object.fromEntries(Object.entries(w.e).map(([key, id]) => [id, key]))
    return page.results.map((r) => names[r.id]).sort()
  }
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString()

  it("lists exactly the calls behind a failed category, a category's violations and a question", async () => {
    // failed_category_count: Opening failed 2, Verification 2
    expect(await listed(q({ failed_category: 'Opening' }))).toEqual(['E4', 'E6'])
    expect(await listed(q({ failed_category: 'Verification' }))).toEqual(['E3', 'E6'])
    // top_ten_violations: Q1 in Opening of Dash QA (E4 v1, E6 v2), Q2 only in E6 (E2's AI was corrected)
    expect(
      await listed(q({ failed_question: Q1, failed_category: 'Opening', template_internal_id: w.templates.qa })),
    ).toEqual(['E4', 'E6'])
    expect(await listed(q({ failed_question: Q2, failed_category: 'Opening' }))).toEqual(['E6'])
    // Q3 of the collections template is E3 alone; of Dash QA, E6 alone
    expect(
      await listed(
        q({ failed_question: Q3, failed_category: 'Verification', template_internal_id: w.templates.collections }),
      ),
    ).toEqual(['E3'])
    expect(await listed(q({ failed_question: Q3, template_internal_id: w.templates.qa }))).toEqual(['E6'])
    // a question under another category's name fails nowhere
    expect(await listed(q({ failed_question: Q1, failed_category: 'Verification' }))).toEqual([])
  })

  it("takes the dashboards' department, location and template filters", async () => {
    expect(await listed(q({ department_id: String(w.departments.D2) }))).toEqual(['E6', 'E7'])
    expect(await listed(q({ location_id: String(w.locations.L1) }))).toEqual(['E1', 'E2', 'E3'])
    expect(await listed(q({ template_internal_id: w.templates.collections }))).toEqual(['E3', 'E5'])
    expect(await listed(q({ failed_category: 'Opening', agent_id: String(w.agents.A2) }))).toEqual(['E4'])
  })

  it('answers 400 to a template id that is not one', async () => {
    const res = await w.t.app.inject({
      method: 'GET',
      url: `${paths.evaluationList}?template_internal_id=nope`,
      headers: w.as.supervisor.auth,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toHaveProperty('template_internal_id')
  })
})

describe('agent_performance', () => {
  it("follows one agent week by week and per category, beside the team's figures", async () => {
    const data = await get(c.agentPerformance, paths.agentPerformance, `agent_id=${w.agents.A2}`)
    expect(data).toEqual({
      agent: agent('A2'),
      calls: 2,
      scored_calls: 2,
      average_score: 87.5,
      auto_fail_count: 0,
      interval: 'week',
      series: [
        { period_start: '2026-01-05', calls: 0, average_score: null, team_average_score: 100 },
        { period_start: '2026-01-12', calls: 1, average_score: 75, team_average_score: 37.5 },
        { period_start: '2026-01-19', calls: 1, average_score: 100, team_average_score: 50 },
      ],
      categories: [
        // E4 (auditor 50) and E5 (100); the team: 100, 100, 100, 50, 100, 0
        { category: 'Opening', scored: 2, average_score: 75, failed: 1, team_average_score: 75 },
        // E4 only (n/a in E5); the team: 100, 100, 0, 100, 0
        { category: 'Verification', scored: 1, average_score: 100, failed: 0, team_average_score: 60 },
      ],
    })
  })

  it('covers everyone the filters match without agent_id', async () => {
    const data = await get(c.agentPerformance, paths.agentPerformance, `campaign_id=${w.campaigns.A}&interval=month`)
    expect(data).toMatchObject({ agent: null, calls: 6, scored_calls: 5, average_score: 75, auto_fail_count: 1 })
    expect(data.series).toEqual([{ period_start: '2026-01-01', calls: 6, average_score: 75, team_average_score: 75 }])
  })
})

describe('purpose_call_distribution', () => {
  it('counts calls per purpose with their share and average score', async () => {
    const data = await get(c.purposeCallDistribution, paths.purposeCallDistribution)
    expect(data).toEqual({
      total_calls: 7,
      other_calls: 0,
      results: [
        { purpose: 'Refund', calls: 3, calls_pct: 42.9, average_score: 58.3, auto_fail_count: 1 },
        { purpose: 'Address change', calls: 2, calls_pct: 28.6, average_score: 0, auto_fail_count: 1 },
        { purpose: 'Card declined', calls: 2, calls_pct: 28.6, average_score: 100, auto_fail_count: 0 },
      ],
    })
    const top = await get(c.purposeCallDistribution, paths.purposeCallDistribution, 'limit=1')
    expect(top).toMatchObject({ total_calls: 7, other_calls: 4 })
    expect(top.results.map((r) => r.purpose)).toEqual(['Refund'])
    const a2 = await get(c.purposeCallDistribution, paths.purposeCallDistribution, `agent_id=${w.agents.A2}`)
    expect(a2.results).toEqual([
      { purpose: 'Refund', calls: 2, calls_pct: 100, average_score: 87.5, auto_fail_count: 0 },
    ])
  })
})

describe('call_sentiment_vs_score', () => {
  it('plots every call with both figures and gives their correlation', async () => {
    const data = await get(c.callSentimentVsScore, paths.callSentimentVsScore)
    const { e } = w
    expect(data).toEqual({
      total_points: 6,
      correlation: 0.839,
      method: 'pearson',
      points: [
        { call_evaluation_id: e.E1, agent_id: w.agents.A1, customer_sentiment: 0.5, score: 100 },
        { call_evaluation_id: e.E2, agent_id: w.agents.A1, customer_sentiment: 0.25, score: 100 },
        { call_evaluation_id: e.E3, agent_id: w.agents.A1, customer_sentiment: -0.5, score: 0 },
        { call_evaluation_id: e.E4, agent_id: w.agents.A2, customer_sentiment: 0, score: 75 },
        { call_evaluation_id: e.E5, agent_id: w.agents.A2, customer_sentiment: -0.25, score: 100 },
        { call_evaluation_id: e.E6, agent_id: w.agents.A3, customer_sentiment: -0.75, score: 0 },
      ],
    })
  })

  it('samples every n-th call by id under the limit, the correlation still over all', async () => {
    const { e } = w
    const two = await get(c.callSentimentVsScore, paths.callSentimentVsScore, 'limit=2')
    expect(two.points.map((p) => p.call_evaluation_id)).toEqual([e.E1, e.E4])
    expect(two).toMatchObject({ total_points: 6, correlation: 0.839 })
    const four = await get(c.callSentimentVsScore, paths.callSentimentVsScore, 'limit=4')
    expect(four.points.map((p) => p.call_evaluation_id)).toEqual([e.E1, e.E3, e.E5])
    const single = await get(c.callSentimentVsScore, paths.callSentimentVsScore, `agent_id=${w.agents.A3}`)
    expect(single).toMatchObject({ total_points: 1, correlation: null })
  })
})

describe('ai_auditor_agreement', () => {
  it('measures how often the answer that stands is the AI one, over reviewed calls', async () => {
    const data = await get(c.aiAuditorAgreement, paths.aiAuditorAgreement)
    // E2: Q2 changed; E4: Q2 changed; E6: all kept (Q3 left alone)
    expect(data).toMatchObject({ answers: 9, agreed: 7, agreement_pct: 77.8, reviewed_calls: 3 })
    expect(data.by_category).toEqual([
      { category: 'Opening', answers: 6, agreed: 4, agreement_pct: 66.7, reviewed_calls: 3 },
      { category: 'Verification', answers: 3, agreed: 3, agreement_pct: 100, reviewed_calls: 3 },
    ])
    const qa = { internal_id: w.templates.qa, name: 'Dash QA 2026' }
    expect(data.by_question).toEqual([
      {
        question_text: Q2,
        category: 'Opening',
        template: qa,
        answers: 3,
        agreed: 1,
        agreement_pct: 33.3,
        reviewed_calls: 3,
      },
      {
        question_text: Q1,
        category: 'Opening',
        template: qa,
        answers: 3,
        agreed: 3,
        agreement_pct: 100,
        reviewed_calls: 3,
      },
      {
        question_text: Q3,
        category: 'Verification',
        template: qa,
        answers: 3,
        agreed: 3,
        agreement_pct: 100,
        reviewed_calls: 3,
      },
    ])
    const limited = await get(c.aiAuditorAgreement, paths.aiAuditorAgreement, 'limit=1')
    expect(limited.by_question.map((q) => q.question_text)).toEqual([Q2])
  })

  it('follows the filters', async () => {
    const a2 = await get(c.aiAuditorAgreement, paths.aiAuditorAgreement, `agent_id=${w.agents.A2}`)
    expect(a2).toMatchObject({ answers: 3, agreed: 2, agreement_pct: 66.7, reviewed_calls: 1 })
    const none = await get(c.aiAuditorAgreement, paths.aiAuditorAgreement, `campaign_id=${w.campaigns.B}`)
    expect(none).toEqual({
      answers: 0,
      agreed: 0,
      agreement_pct: null,
      reviewed_calls: 0,
      by_category: [],
      by_question: [],
    })
  })
})

describe('audit_productivity', () => {
  it('counts reviews per reviewer and the median minutes per call from their sessions', async () => {
    const { results } = await get(c.auditProductivity, paths.auditProductivity)
    const { as } = w
    expect(results).toEqual([
      {
        reviewer: { id: as.auditor.id, name: 'Auditor Person', role: 'auditor' },
        reviews: 2,
        reviewed_calls_timed: 2,
        median_review_minutes: 15, // 10 and 20 (a session never ended counts to its last sign of life)
        average_review_minutes: 15,
        total_review_minutes: 30,
      },
      {
        reviewer: { id: as.auditor2.id, name: 'Auditor2 Person', role: 'auditor' },
        reviews: 1,
        reviewed_calls_timed: 1,
        median_review_minutes: 6, // two sessions on E4: 4 + 2
        average_review_minutes: 6,
        total_review_minutes: 6,
      },
      {
        reviewer: { id: as.supervisor.id, name: 'Supervisor Person', role: 'qa_supervisor' },
        reviews: 0,
        reviewed_calls_timed: 1,
        median_review_minutes: 3,
        average_review_minutes: 3,
        total_review_minutes: 3,
      },
    ])
    const early = await get(c.auditProductivity, paths.auditProductivity, 'date_to=2026-01-12')
    expect(early.results.map((r) => [r.reviewer.id, r.reviews, r.median_review_minutes])).toEqual([
      [as.auditor.id, 1, 10],
      [as.supervisor.id, 0, 3],
    ])
  })
})

const everyDashboard = [
  paths.callEvaluationDashboard,
  paths.agentHighlightDashboard,
  paths.agentLeaderBoard,
  paths.outlierAgentReport,
  paths.failedCategoryCount,
  paths.agentScoringVsSentiment,
  paths.topViolationsByCategories,
  paths.topTenViolations,
  paths.agentPerformance,
  paths.purposeCallDistribution,
  paths.callSentimentVsScore,
  paths.aiAuditorAgreement,
  paths.auditProductivity,
]

describe('who may read the dashboards', () => {
  it('answers 401 without a token, on every dashboard', async () => {
    for (const path of everyDashboard) {
      const res = await w.t.app.inject({ method: 'GET', url: path })
      expect(res.statusCode, path).toBe(401)
    }
  })

  it('lets every signed-in role read every dashboard', async () => {
    for (const who of ['admin', 'supervisor', 'auditor', 'agent', 'visitor'] as const) {
      for (const path of everyDashboard) {
        const res = await w.t.app.inject({ method: 'GET', url: path, headers: w.as[who].auth })
        expect(res.statusCode, `${who} ${path}`).toBe(200)
      }
    }
    expect((await kpis('', 'visitor')).calls).toBe(7)
  })

  it('holds an agent to their own calls, whatever agent_id they ask for', async () => {
    // A1 = the signed-in agent: E1, E2, E3
    const own = { calls: 3, scored_calls: 3, average_score: 66.7 }
    expect(await kpis('', 'agent')).toMatchObject(own)
    expect(await kpis(`agent_id=${w.agents.A2}`, 'agent')).toMatchObject(own)
    const board = await get(c.agentLeaderBoard, paths.agentLeaderBoard, '', 'agent')
    expect(board.results.map((r) => r.agent.id)).toEqual([w.agents.A1])
    const outliers = await get(c.outlierAgentReport, paths.outlierAgentReport, '', 'agent')
    expect(outliers.agents.map((a) => a.agent.id)).toEqual([w.agents.A1])
    const points = await get(c.callSentimentVsScore, paths.callSentimentVsScore, '', 'agent')
    expect(points.points.map((p) => p.agent_id)).toEqual([w.agents.A1, w.agents.A1, w.agents.A1])
    const purposes = await get(c.purposeCallDistribution, paths.purposeCallDistribution, '', 'agent')
    expect(purposes.total_calls).toBe(3)
  })

  it('shows an agent their own performance without the team beside it', async () => {
    const data = await get(c.agentPerformance, paths.agentPerformance, `agent_id=${w.agents.A2}`, 'agent')
    expect(data).toMatchObject({ agent: agent('A1'), calls: 3, average_score: 66.7 })
    expect(data.series).toEqual([
      { period_start: '2026-01-05', calls: 2, average_score: 100, team_average_score: null },
      { period_start: '2026-01-12', calls: 1, average_score: 0, team_average_score: null },
    ])
    expect(data.categories.every((cat) => cat.team_average_score === null)).toBe(true)
  })
})

describe('bad filters', () => {
  const bad: [string, string][] = [
    [paths.callEvaluationDashboard, 'date_from=2026-02-30'],
    [paths.callEvaluationDashboard, 'date_from=31/01/2026'],
    [paths.callEvaluationDashboard, 'date_from=2026-02-01&date_to=2026-01-01'],
    [paths.callEvaluationDashboard, 'interval=year'],
    [paths.failedCategoryCount, 'agent_id=abc'],
    [paths.topTenViolations, 'campaign_id=-1'],
    [paths.auditProductivity, 'department_id=0'],
    [paths.purposeCallDistribution, 'template_internal_id=not-a-uuid'],
    [paths.outlierAgentReport, 'threshold=0'],
    [paths.outlierAgentReport, 'threshold=abc'],
    [paths.agentLeaderBoard, 'page_size=101'],
    [paths.callSentimentVsScore, 'limit=1001'],
    [paths.agentHighlightDashboard, 'min_calls=0'],
  ]
  it('answers 400 with the field that is wrong', async () => {
    for (const [path, query] of bad) {
      const res = await w.t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: w.as.supervisor.auth })
      expect(res.statusCode, `${path}?${query}`).toBe(400)
      const field = query.split('&').at(-1)!.split('=')[0]
      expect(Object.keys(res.json().errors ?? {}), `${path}?${query}`).toContain(field)
    }
  })
})
