import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { setupDashboardWorld, type DashboardWorld } from '#api/modules/dashboards/test-data'
import type { Who } from '#api/modules/evaluations/test-setup'
import { exportColumns } from './export'

let w: DashboardWorld

/** An RFC 4180 reader, to check the file reads back to the cells that were written. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  if (cell || row.length) throw new Error('The file does not end with CRLF')
  return rows
}

const exportCsv = (query = '', who: Who = 'supervisor') =>
  w.t.app.inject({ method: 'GET', url: `${paths.evaluationExport}?${query}`, headers: w.as[who].auth })

async function table(query = '', who: Who = 'supervisor') {
  const res = await exportCsv(query, who)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.body.startsWith('\uFEFF')).toBe(true)
  const [header, ...rows] = parseCsv(res.body.slice(1))
  expect(header).toEqual([...exportColumns])
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])))
}

beforeAll(async () => {
  w = await setupDashboardWorld()
})
afterAll(() => w.t.close())

describe('GET export/', () => {
  it('sends the whole filtered list as a CSV attachment, in the list order', async () => {
    const res = await exportCsv('page_size=2')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="call-evaluations-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(res.headers['x-total-count']).toBe('7')
    expect(res.headers['x-export-truncated']).toBe('false')
    const rows = await table('page_size=2')
    // no paging: all seven, newest first
    const { e } = w
    expect(rows.map((r) => Number(r.id))).toEqual([e.E7, e.E6, e.E5, e.E4, e.E3, e.E2, e.E1])
    expect(rows.find((r) => Number(r.id) === e.E2)).toEqual({
      id: String(e.E2),
      call_time: '2026-01-06T10:00:00.000Z',
      agent: 'Agent Person',
      supervisor: 'Supervisor Person',
      campaign: 'Test campaign',
      service: 'Card services',
      evaluation_type: '',
      template: 'Dash QA',
      template_version: '1',
      customer_name: "'+44 7700 900123",
      purpose: 'Card declined',
      duration_s: '60',
      status: 'Reviewed',
      ai_score: '75',
      auditor_score: '100',
      score: '100',
      auto_fail: 'no',
    })
    expect(rows.find((r) => Number(r.id) === e.E7)).toMatchObject({ ai_score: '', auditor_score: '', score: '' })
  })

  it('escapes per RFC 4180 and defuses formulas', async () => {
    const res = await exportCsv('ordering=call_time')
    const names = (await table('ordering=call_time')).map((r) => r.customer_name)
    expect(names).toEqual([
      'Ada "The Countess" Lovelace, Esq.',
      "'+44 7700 900123",
      "'=SUM(A1:A2)",
      "'@cmd",
      'Line one\nline two',
      "'-2+3",
      'Plain Name',
    ])
    // the raw bytes: quoted where needed, quotes doubled
    expect(res.body).toContain(',"Ada ""The Countess"" Lovelace, Esq.",')
    expect(res.body).toContain(",'=SUM(A1:A2),")
    expect(res.body).toContain(',"Line one\nline two",')
    expect(res.body).not.toMatch(/,[=+\-@]/)
  })

  it("respects the list's filters and ordering", async () => {
    const ids = async (query: string) => (await table(query)).map((r) => Number(r.id))
    const { e } = w
    expect(await ids(`agent_id=${w.agents.A2}`)).toEqual([e.E5, e.E4])
    expect(await ids('date_from=2026-01-12&date_to=2026-01-13&ordering=call_time')).toEqual([e.E3, e.E4])
    expect(await ids(`campaign_id=${w.campaigns.B}`)).toEqual([e.E3])
    expect(await ids('status=reviewed')).toEqual([e.E6, e.E2])
    expect(await ids('auto_fail=true')).toEqual([e.E6, e.E3])
    expect(await ids('score_min=75&ordering=-auditor_score')).toEqual([e.E2, e.E4, e.E5, e.E1])
    expect(await ids('q=Refund&ordering=duration')).toEqual([e.E3, e.E4, e.E5])
    expect(await ids('ordering=agent')).toEqual([e.E1, e.E2, e.E3, e.E4, e.E5, e.E6, e.E7])
    expect(await ids('campaign_id=999999')).toEqual([])
  })

  it('gives an agent only their own calls and everyone else all of them', async () => {
    const { e } = w
    const own = (await table(`agent_id=${w.agents.A2}`, 'agent')).map((r) => Number(r.id))
    expect(own).toEqual([e.E3, e.E2, e.E1])
    expect(await table('', 'visitor')).toHaveLength(7)
  })

  it('answers 401 without a token and 400 for bad filters', async () => {
    expect((await w.t.app.inject({ method: 'GET', url: paths.evaluationExport })).statusCode).toBe(401)
    const bad = await exportCsv('date_from=2026-02-30')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toHaveProperty('date_from')
    expect((await exportCsv('ordering=secret')).statusCode).toBe(400)
  })
})
