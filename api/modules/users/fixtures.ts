import { eq } from 'drizzle-orm'
import { campaigns, departments, entities, jobCodes, locations, staffProfiles, users } from '../../db/schema'
import { seedAccessMgmt } from '../../seed/access-mgmt'
import { createUser, type TestApp, tokensFor } from '../../test-utils'

/**
 * A small contact centre for the user-management tests: two teams, two sites, one campaign, the
 * HR lookups, an admin, a QA supervisor with one agent, and a visitor.
 */
export async function userFixture(t: TestApp) {
  const [retail, collections] = await t.db
    .insert(departments)
    .values([{ name: 'Retail Banking Inbound' }, { name: 'Energy Collections' }])
    .returning()
  const [manchester, capeTown] = await t.db
    .insert(locations)
    .values([
      { name: 'Manchester Hub', city: 'Manchester', country: 'United Kingdom' },
      { name: 'Cape Town Centre', city: 'Cape Town', country: 'South Africa' },
    ])
    .returning()
  const [campaign] = await t.db
    .insert(campaigns)
    .values({ code: 'ACME-RETAIL', name: 'Acme Bank Retail', client: 'Acme Bank' })
    .returning()
  await seedAccessMgmt(t.db)
  const code = async (table: typeof entities | typeof jobCodes, value: string) =>
    (await t.db.select().from(table).where(eq(table.code, value)))[0]

  const admin = await createUser(t, { role: 'admin', email: 'root.admin@test.local' })
  await t.db.update(users).set({ firstName: 'Rita', lastName: 'Root' }).where(eq(users.id, admin.id))
  const supervisor = await createUser(t, { role: 'qa_supervisor', email: 'quinn.lead@test.local' })
  await t.db.update(users).set({ firstName: 'Quinn', lastName: 'Lead' }).where(eq(users.id, supervisor.id))
  const agent = await createUser(t, { role: 'agent', email: 'zoe.agent@test.local' })
  await t.db.update(users).set({ firstName: 'Zoe', lastName: 'Agent' }).where(eq(users.id, agent.id))
  const visitor = await createUser(t, { role: 'visitor', email: 'vic.visitor@test.local' })
  await t.db.update(users).set({ firstName: 'Vic', lastName: 'Visitor' }).where(eq(users.id, visitor.id))
  await t.db.insert(staffProfiles).values([
    { userId: supervisor.id, employeeCode: 'QA-101', departmentId: retail.id, locationId: manchester.id },
    {
      userId: agent.id,
      employeeCode: 'AG-1001',
      departmentId: retail.id,
      locationId: manchester.id,
      supervisorId: supervisor.id,
      campaignId: campaign.id,
    },
  ])
  return {
    retail,
    collections,
    manchester,
    capeTown,
    campaign,
    entityUk: await code(entities, 'MCX-UK'),
    entityClosed: await code(entities, 'MCX-IE'),
    jobCsa: await code(jobCodes, 'CSA-1'),
    admin,
    supervisor,
    agent,
    visitor,
    adminAuth: (await tokensFor(t, admin)).auth,
    supervisorAuth: (await tokensFor(t, supervisor)).auth,
    visitorAuth: (await tokensFor(t, visitor)).auth,
  }
}

export type UserFixture = Awaited<ReturnType<typeof userFixture>>
