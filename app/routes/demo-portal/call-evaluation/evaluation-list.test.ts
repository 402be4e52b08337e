import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Paged } from '#contract/envelope'
import type { EvaluationListQuery } from '#contract/evaluations'
import type { EvaluationRow } from '~/components/call-evaluation/evaluation-table'
import { paths } from '#contract/paths'
import { EVALUATION_COUNT, campaigns } from '#tests/fixtures/evaluations'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { resetEvaluationMocks } from '#tests/mocks/evaluations'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { unpackRows, type Packed } from '~/lib/packed-rows'
import { loader } from './evaluation-list'

type Body = {
  query: EvaluationListQuery
  values: Record<string, string>
  errors: Record<string, string[]>
  page: Paged<EvaluationRow> | null
  error: string | null
  options: Record<
    'campaigns' | 'services' | 'agents' | 'supervisors' | 'departments' | 'locations' | 'templates',
    unknown[]
  >
}

const BASE = '/demo-portal/solutions/call-evaluation/evaluation-list'

/** The loader's answer, its page's rows (sent as columns) read as the page reads them. */
async function load(search = '', key: DemoKey = 'auditor') {
  const request = await requestWithTokens(`${BASE}${search}`, tokensFor(key))
  const result = await run<Omit<Body, 'page'> & { page: Packed<NonNullable<Body['page']>> | null }>(() =>
    loader(args(request)),
  )
  if (result.thrown) return result as unknown as typeof result & { body: Body }
  return { ...result, body: { ...result.body, page: result.body.page && unpackRows(result.body.page) } }
}

/** Records the upstream list calls' query strings, then lets the normal handler answer. */
function recordListCalls() {
  const seen: URLSearchParams[] = []
  server.use(
    http.get(UPSTREAM + paths.evaluationList, ({ request }) => {
      seen.push(new URL(request.url).searchParams)
    }),
  )
  return seen
}

beforeEach(() => resetEvaluationMocks())

describe('evaluation list loader', () => {
  it('sends the rows as columns: the page carries each field once, not once a row', async () => {
    const request = await requestWithTokens(BASE, tokensFor('auditor'))
    const raw = await run<{ page: { results: unknown } }>(() => loader(args(request)))
    expect(raw.body.page.results).toMatchObject({ $rows: 10, $columns: { id: expect.any(Array) } })
    // and only what the table shows: no purpose, no supervisor, no ids of the people
    const columns = Object.keys((raw.body.page.results as { $columns: object }).$columns)
    expect(columns).not.toContain('purpose')
    expect(columns).not.toContain('supervisor')
  })

  it('loads the first page with the lookups for the filters', async () => {
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.error).toBeNull()
    expect(result.body.page?.count).toBe(EVALUATION_COUNT)
    expect(result.body.page?.results).toHaveLength(10)
    expect(result.body.query.ordering).toBe('-call_time')
    expect(result.body.options.campaigns).toHaveLength(3)
    expect(result.body.options.services).toHaveLength(5)
    expect(result.body.options.agents).toHaveLength(3)
    expect(result.body.options.supervisors).toHaveLength(2)
    expect(result.body.options.departments.length).toBeGreaterThan(0)
    expect(result.body.options.locations.length).toBeGreaterThan(0)
    expect(result.body.options.templates.length).toBeGreaterThan(0)
    const times = result.body.page!.results.map((e) => e.call_time)
    expect(times).toEqual([...times].sort().reverse())
  })

  it('forwards every filter, the ordering and the page to the upstream', async () => {
    const seen = recordListCalls()
    const search =
      '?date_from=2025-06-01&date_to=2025-06-30&campaign_id=1&service_id=&agent_id=21&supervisor_id=2' +
      '&status=ai_evaluated&score_min=10&score_max=90&auto_fail=on&q=%20maria%20&ordering=-ai_score&page=1'
    const result = await load(search)
    expect(seen).toHaveLength(1)
    expect(Object.fromEntries(seen[0])).toEqual({
      page: '1',
      page_size: '10',
      date_from: '2025-06-01',
      date_to: '2025-06-30',
      campaign_id: '1',
      agent_id: '21',
      supervisor_id: '2',
      status: 'ai_evaluated',
      score_min: '10',
      score_max: '90',
      auto_fail: 'true',
      q: 'maria',
      ordering: '-ai_score',
    })
    expect(result.body.errors).toEqual({})
    expect(result.body.values.campaign_id).toBe('1')
    for (const e of result.body.page!.results) {
      expect(e.campaign.name).toBe(campaigns[0].name)
      expect(e.agent.name).toBe('Priya Nair')
    }
  })

  it('forwards a dashboard drill-down: department, location, template, failed category and question', async () => {
    const seen = recordListCalls()
    const template = '6f1c2a9e-4b7d-4c1e-9a53-2d8e7f0b1c44'
    const search = new URLSearchParams({
      department_id: '2',
      location_id: '3',
      template_internal_id: template,
      failed_category: 'Opening & greeting',
      failed_question: 'Did the agent greet the caller?',
    })
    const result = await load(`?${search}`)
    expect(result.body.errors).toEqual({})
    expect(Object.fromEntries(seen[0])).toEqual({
      page: '1',
      page_size: '10',
      ordering: '-call_time',
      department_id: '2',
      location_id: '3',
      template_internal_id: template,
      failed_category: 'Opening & greeting',
      failed_question: 'Did the agent greet the caller?',
    })
  })

  it('leaves out an unchecked auto-fail box and empty fields', async () => {
    const seen = recordListCalls()
    await load('?campaign_id=&status=&q=&auto_fail=')
    expect(Object.fromEntries(seen[0])).toEqual({ page: '1', page_size: '10', ordering: '-call_time' })
  })

  it('shows field errors for a bad query and still lists with the valid filters', async () => {
    const seen = recordListCalls()
    const result = await load('?date_from=yesterday&score_min=150&status=lost&campaign_id=2&ordering=sideways')
    expect(result.status).toBe(200)
    expect(result.body.errors.date_from).toEqual(['Use a date like 2026-01-31'])
    expect(result.body.errors.score_min).toEqual(['Scores run from 0 to 100'])
    expect(result.body.errors.status?.[0]).toMatch(/Invalid enum value/)
    expect(result.body.errors.ordering).toBeDefined()
    // The form shows what was typed; the upstream gets only the valid filter.
    expect(result.body.values.date_from).toBe('yesterday')
    expect(Object.fromEntries(seen[0])).toEqual({
      page: '1',
      page_size: '10',
      campaign_id: '2',
      ordering: '-call_time',
    })
    // the rows say the campaign by name (what the table shows)
    expect(result.body.page?.results.every((e) => e.campaign.name === campaigns[1].name)).toBe(true)
  })

  it('reports a start date after the end date on the end date', async () => {
    const result = await load('?date_from=2025-07-01&date_to=2025-06-01')
    expect(result.body.errors.date_to).toEqual(['The start date is after the end date'])
    expect(result.body.page).not.toBeNull()
  })

  it('keeps the form and says the list failed when the upstream list fails', async () => {
    server.use(http.get(UPSTREAM + paths.evaluationList, () => errorReply(500, 'Database unavailable')))
    const result = await load('?campaign_id=1')
    expect(result.status).toBe(200)
    expect(result.body.page).toBeNull()
    expect(result.body.error).toBe('Database unavailable')
    expect(result.body.options.campaigns).toHaveLength(3)
    expect(result.body.values.campaign_id).toBe('1')
  })

  it('still shows the list when a lookup fails', async () => {
    server.use(http.get(UPSTREAM + paths.projectList, () => errorReply(403, 'Not allowed')))
    const result = await load('', 'agent')
    expect(result.body.options.agents).toEqual([])
    expect(result.body.page?.results.length).toBeGreaterThan(0)
    expect(result.body.page?.results.every((e) => e.agent.name === 'Grace Agent')).toBe(true)
  })

  it('asks for the list, the lookups and both people lists at once', async () => {
    let inFlight = 0
    let most = 0
    const slow = (path: string) =>
      http.get(UPSTREAM + path, async () => {
        inFlight += 1
        most = Math.max(most, inFlight)
        await new Promise((r) => setTimeout(r, 60))
        inFlight -= 1
      })
    const lookups = [paths.campaigns, paths.services, paths.projectList, paths.departmentList, paths.locationList]
    server.use(...[paths.evaluationList, paths.template, ...lookups].map(slow))
    await load()
    // the list, campaigns, services, agents, supervisors, departments, locations and templates
    expect(most).toBe(8)
  })

  it('sends a visitor whose session is gone to the login page', async () => {
    const request = await requestWithTokens(`${BASE}?status=reviewed`, {
      access: 'access.nobody',
      refresh: 'refresh.nobody',
    })
    const result = await run(() => loader(args(request)))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(`${BASE}?status=reviewed`)}`)
  })
})
