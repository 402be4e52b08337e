import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { userExportColumns } from '#contract/users'
import { users } from '#api/db/schema'
import { type UserFixture, userFixture } from '#api/modules/users/fixtures'
import { setupTestApp, type TestApp } from '#api/test-utils'

let t: TestApp
let f: UserFixture

const EVIL = '=HYPERLINK("http://evil.test","click")'

beforeAll(async () => {
  t = await setupTestApp()
  f = await userFixture(t)
  // written straight to the database: the API itself refuses such names
  await t.db.insert(users).values({
    email: 'csv.evil@test.local',
    firstName: EVIL,
    lastName: 'Smith, "Jr"\nthe second',
    phone: '+44 7700 900555',
    role: 'visitor',
    isActive: false,
    passwordHash: 'x',
  })
})
afterAll(() => t.close())

async function exportCsv(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `${paths.exportUserList}?${query}`, headers: f.adminAuth })
  expect(res.statusCode, res.body).toBe(200)
  const records = parse(res.body, { bom: true, columns: true }) as Record<string, string>[]
  return { res, records }
}

describe('GET export-user-list/', () => {
  it('is a CSV download with one header row and every user', async () => {
    const { res, records } = await exportCsv()
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(res.body.startsWith('\uFEFF' + userExportColumns.join(',') + '\r\n')).toBe(true)
    expect(records).toHaveLength(5)
    expect(records.find((r) => r.email === 'zoe.agent@test.local')).toMatchObject({
      id: String(f.agent.id),
      first_name: 'Zoe',
      role: 'agent',
      is_active: 'true',
      employee_code: 'AG-1001',
      department: 'Retail Banking Inbound',
      location: 'Manchester Hub',
      supervisor_email: 'quinn.lead@test.local',
      campaign: 'ACME-RETAIL',
      entity: '',
    })
  })

  it('neutralises formulas and escapes quotes, commas and line breaks', async () => {
    const { res, records } = await exportCsv()
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`)
    expect(res.body).toContain('"Smith, ""Jr""\nthe second"')
    const evil = records.find((r) => r.email === 'csv.evil@test.local')!
    expect(evil.first_name).toBe(`'${EVIL}`)
    expect(evil.last_name).toBe('Smith, "Jr"\nthe second')
    expect(evil.phone).toBe("'+44 7700 900555")
  })

  it('takes the list filters', async () => {
    const emails = async (query: string) => (await exportCsv(query)).records.map((r) => r.email)
    expect(await emails('role=agent')).toEqual(['zoe.agent@test.local'])
    expect(await emails('is_active=false')).toEqual(['csv.evil@test.local'])
    expect(await emails(`department_id=${f.retail.id}&ordering=-name`)).toEqual([
      'zoe.agent@test.local',
      'quinn.lead@test.local',
    ])
    expect(await emails('search=root')).toEqual(['root.admin@test.local'])
    const bad = await t.app.inject({ method: 'GET', url: `${paths.exportUserList}?role=x`, headers: f.adminAuth })
    expect(bad.statusCode).toBe(400)
  })
})
