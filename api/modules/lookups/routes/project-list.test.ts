import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectList } from '#contract/evaluations'
import { paths } from '#contract/paths'
import { staffProfiles, users } from '#api/db/schema'
import { createUser, setupTestApp, type TestApp, tokensFor } from '#api/test-utils'

let t: TestApp
let auth: { authorization: string }
const ids: Record<string, number> = {}

const list = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `${paths.projectList}?${query}`, headers: auth })
  expect(res.statusCode, res.body).toBe(200)
  return projectList.parse(res.json().data)
}

beforeAll(async () => {
  t = await setupTestApp()
  auth = (await tokensFor(t, await createUser(t, { role: 'visitor' }))).auth
  const people = [
    ['Zoe', 'Agent', 'agent', true],
    ['Adam', 'Agent', 'agent', true],
    ['Quinn', 'Lead', 'qa_supervisor', true],
    ['Gone', 'Agent', 'agent', false],
    ['Ada', 'Auditor', 'auditor', true],
  ] as const
  for (const [firstName, lastName, role, isActive] of people) {
    const user = await createUser(t, { role, isActive })
    await t.db.update(users).set({ firstName, lastName }).where(eq(users.id, user.id))
    ids[firstName] = user.id
  }
  await t.db.insert(staffProfiles).values({ userId: ids.Zoe, employeeCode: 'EMP-0042' })
})
afterAll(() => t.close())

describe('GET /api/users/project-list/', () => {
  it('lists active agents and QA supervisors by name, with their employee code', async () => {
    const data = await list('limit=200&q=')
    expect(data.count).toBe(3)
    expect(data.results).toEqual([
      { id: ids.Adam, name: 'Adam Agent', role: 'agent', employee_code: null },
      { id: ids.Quinn, name: 'Quinn Lead', role: 'qa_supervisor', employee_code: null },
      { id: ids.Zoe, name: 'Zoe Agent', role: 'agent', employee_code: 'EMP-0042' },
    ])
  })

  it('filters by role and by name or employee code', async () => {
    expect((await list('role=qa_supervisor')).results.map((u) => u.id)).toEqual([ids.Quinn])
    expect((await list('role=agent')).results.map((u) => u.id)).toEqual([ids.Adam, ids.Zoe])
    expect((await list('q=zoe a')).results.map((u) => u.id)).toEqual([ids.Zoe])
    expect((await list('q=emp-00')).results.map((u) => u.id)).toEqual([ids.Zoe])
    expect((await list('q=%25')).count).toBe(0)
    expect((await list('q=ada')).results.map((u) => u.id)).toEqual([ids.Adam])
  })

  it('limits the results but counts them all', async () => {
    const data = await list('limit=1')
    expect(data.count).toBe(3)
    expect(data.results).toHaveLength(1)
  })

  it('refuses a limit above 200 or a role outside the project, and needs a token', async () => {
    for (const query of ['limit=201', 'limit=0', 'role=admin']) {
      const res = await t.app.inject({ method: 'GET', url: `${paths.projectList}?${query}`, headers: auth })
      expect(res.statusCode, query).toBe(400)
    }
    expect((await t.app.inject({ method: 'GET', url: paths.projectList })).statusCode).toBe(401)
  })
})
