import { count, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { departmentList, locationList, orgCodeList, roleList } from '#contract/access-mgmt'
import { paths } from '#contract/paths'
import { companyGroups, entities, jobCodes, locations, payGroups, staffProfiles, users } from '#api/db/schema'
import { demoCompanyGroups, demoEntities, demoJobCodes, demoPayGroups, seedAccessMgmt } from '#api/seed/access-mgmt'
import { DEMO_PASSWORD, demoAgents, demoSupervisors } from '#api/seed/demo-data'
import { seedStaff } from '#api/seed/staff'
import { createUser, setupTestApp, type TestApp, tokensFor } from '#api/test-utils'
import { hashPassword } from '#api/auth/password'

let t: TestApp
let auth: { authorization: string }

beforeAll(async () => {
  t = await setupTestApp()
  await seedStaff(t.db, await hashPassword(DEMO_PASSWORD), new Date())
  await seedAccessMgmt(t.db)
  auth = (await tokensFor(t, await createUser(t, { role: 'agent' }))).auth
})
afterAll(() => t.close())

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: auth })
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json().data
}

describe('/api/access_mgmt/ lookups', () => {
  it('department_list: the teams by name', async () => {
    const data = departmentList.parse(await get(paths.departmentList))
    expect(data.results.map((d) => d.name)).toEqual([
      'Energy Collections',
      'Patient Access',
      'Quality Assurance',
      'Retail Banking Inbound',
    ])
    expect(data.count).toBe(4)
  })

  it('location_list: the sites, at most `limit` of them, counting all', async () => {
    const all = locationList.parse(await get(`${paths.locationList}?limit=250`))
    expect(all.count).toBe(4)
    expect(all.results[0]).toMatchObject({ name: 'Cape Town Centre', city: 'Cape Town', country: 'South Africa' })
    const one = locationList.parse(await get(`${paths.locationList}?limit=1`))
    expect(one).toMatchObject({ count: 4, results: [{ name: 'Cape Town Centre' }] })
    for (const limit of ['0', '251', 'x']) {
      const res = await t.app.inject({ method: 'GET', url: `${paths.locationList}?limit=${limit}`, headers: auth })
      expect(res.statusCode, limit).toBe(400)
    }
  })

  it('role_list: every role with its label', async () => {
    const data = roleList.parse(await get(paths.roleList))
    expect(data.results).toEqual([
      { code: 'admin', name: 'Admin' },
      { code: 'qa_supervisor', name: 'QA Supervisor' },
      { code: 'auditor', name: 'Auditor' },
      { code: 'agent', name: 'Agent' },
      { code: 'visitor', name: 'Visitor' },
      { code: 'clinician', name: 'Clinician' },
    ])
  })

  it('entity, company group, pay group and job code lists: the seeded codes in use', async () => {
    const lists = [
      [paths.entityList, demoEntities],
      [paths.companyGroupList, demoCompanyGroups],
      [paths.companyPayGroupList, demoPayGroups],
      [paths.jobCodeList, demoJobCodes],
    ] as const
    for (const [url, seeded] of lists) {
      const data = orgCodeList.parse(await get(url))
      const active = seeded.filter((s) => s.isActive !== false)
      expect(data.count, url).toBe(active.length)
      expect(data.results.map((r) => r.code).sort(), url).toEqual(active.map((s) => s.code).sort())
      expect(data.results.every((r) => r.is_active)).toBe(true)
      const names = data.results.map((r) => r.name)
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)))
    }
    // the closed entity is seeded but not offered
    const [closed] = await t.db.select().from(entities).where(eq(entities.code, 'MCX-IE'))
    expect(closed.isActive).toBe(false)
  })

  it('need a signed-in user', async () => {
    for (const url of [
      paths.departmentList,
      paths.entityList,
      paths.locationList,
      paths.roleList,
      paths.companyGroupList,
      paths.companyPayGroupList,
      paths.jobCodeList,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401)
    }
  })
})

describe('seedAccessMgmt', () => {
  it('gives every demo agent and QA supervisor an entity, company group, pay group, job code and phone', async () => {
    const staff = await t.db
      .select({ profile: staffProfiles, role: users.role, phone: users.phone, country: locations.country })
      .from(staffProfiles)
      .innerJoin(users, eq(users.id, staffProfiles.userId))
      .innerJoin(locations, eq(locations.id, staffProfiles.locationId))
    expect(staff).toHaveLength(demoAgents.length + demoSupervisors.length)
    const codeOf = async (table: typeof entities | typeof jobCodes | typeof payGroups | typeof companyGroups) =>
      new Map((await t.db.select().from(table)).map((r) => [r.id, r.code]))
    const [entity, job, pay, group] = await Promise.all([
      codeOf(entities),
      codeOf(jobCodes),
      codeOf(payGroups),
      codeOf(companyGroups),
    ])
    for (const s of staff) {
      const p = s.profile
      expect(p.entityId && p.companyGroupId && p.payGroupId && p.jobCodeId, String(p.userId)).toBeTruthy()
      expect(s.phone).toMatch(/^\+\d/)
      const expectedEntity = { 'United Kingdom': 'MCX-UK', 'South Africa': 'MCX-ZA', Philippines: 'MCX-PH' }[s.country]
      expect(entity.get(p.entityId!)).toBe(expectedEntity)
      expect(group.get(p.companyGroupId!)).toBe(s.role === 'agent' ? 'OPS' : 'QUAL')
      if (s.role === 'qa_supervisor') expect(job.get(p.jobCodeId!)).toBe('QAS-1')
      if (s.country === 'Philippines') expect(pay.get(p.payGroupId!)).toBe('PH-SEMI')
    }
    expect(new Set(staff.map((s) => s.phone)).size).toBe(staff.length)
  })

  it('is idempotent and keeps what an admin changed', async () => {
    const [someone] = await t.db.select().from(staffProfiles).limit(1)
    await t.db
      .update(staffProfiles)
      .set({ jobCodeId: null, entityId: null })
      .where(eq(staffProfiles.userId, someone.userId))
    await t.db.update(users).set({ phone: '+1 555 0100' }).where(eq(users.id, someone.userId))
    const before = await t.db.select({ n: count() }).from(entities)
    await seedAccessMgmt(t.db)
    expect(await t.db.select({ n: count() }).from(entities)).toEqual(before)
    const [after] = await t.db.select().from(staffProfiles).where(eq(staffProfiles.userId, someone.userId))
    expect(after.jobCodeId).toBeNull()
    expect(after.entityId).toBeNull()
    const [user] = await t.db.select().from(users).where(eq(users.id, someone.userId))
    expect(user.phone).toBe('+1 555 0100')
    const [{ unset }] = await t.db
      .select({ unset: count() })
      .from(staffProfiles)
      .where(isNull(staffProfiles.payGroupId))
    expect(unset).toBe(0)
  })
})
