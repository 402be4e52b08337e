import { and, count, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { createUserResult, managedUser, staffPickList, userList } from '#contract/users'
import { refreshTokens, users } from '#api/db/schema'
import { type UserFixture, userFixture } from '#api/modules/users/fixtures'
import { createUser, login, setupTestApp, type TestApp, tokensFor } from '#api/test-utils'

let t: TestApp
let f: UserFixture

beforeAll(async () => {
  t = await setupTestApp()
  f = await userFixture(t)
})
afterAll(() => t.close())

const FORBIDDEN = 'You do not have permission to perform this action.'

const get = (url: string, headers = f.adminAuth) => t.app.inject({ method: 'GET', url, headers })
const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, headers = f.adminAuth) =>
  t.app.inject({ method, url, headers, ...(payload && { payload }) })

async function listOf(query: string) {
  const res = await get(`${paths.users}?${query}`)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json().message).toBe('Employee list retrieved successfully!')
  return userList.parse(res.json().data)
}

const agentBody = (over: Record<string, unknown> = {}) => ({
  email: 'New.Agent@Test.local',
  first_name: 'Nia',
  last_name: "O'Neil",
  role: 'agent',
  employee_code: 'ag-2001',
  phone: '+44 7700 900123',
  department_id: f.retail.id,
  location_id: f.manchester.id,
  supervisor_id: f.supervisor.id,
  campaign_id: f.campaign.id,
  entity_id: f.entityUk.id,
  job_code_id: f.jobCsa.id,
  hired_on: '2024-03-18',
  ...over,
})

describe('admin only', () => {
  it('answers 403 to other roles and 401 without a token on every user-management endpoint', async () => {
    const calls = [
      ['GET', paths.users],
      ['GET', paths.userById(f.agent.id)],
      ['POST', paths.createUser],
      ['PUT', paths.editUser],
      ['PATCH', paths.deactivateUser(f.agent.id)],
      ['POST', paths.userUpload],
      ['GET', paths.exportUserList],
    ] as const
    for (const [method, url] of calls) {
      for (const headers of [f.supervisorAuth, f.visitorAuth]) {
        const res = await t.app.inject({ method, url, headers })
        expect(res.statusCode, `${method} ${url}`).toBe(403)
        expect(res.json().message).toBe(FORBIDDEN)
      }
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401)
    }
    // and nothing changed: the agent is still active
    const [agent] = await t.db.select().from(users).where(eq(users.id, f.agent.id))
    expect(agent.isActive).toBe(true)
  })
})

describe('OpenAPI', () => {
  it('documents every user-management route', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        paths.users,
        '/api/accounts/user_by_id/{id}/',
        paths.createUser,
        paths.editUser,
        '/api/accounts/deactivate_user/{id}/',
        paths.userUpload,
        paths.exportUserList,
        paths.userListAgent,
        paths.userListQaSupervisor,
      ]),
    )
    expect(doc.paths[paths.createUser].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'first_name', 'last_name', 'role']),
    )
  })
})

describe('GET users/', () => {
  it('pages the users by name with their staff record', async () => {
    const page = await listOf('page=1&page_size=2')
    expect(page.count).toBe(4)
    expect(page.total_pages).toBe(2)
    expect(page.next).toBe(2)
    expect(page.results.map((u) => u.full_name)).toEqual(['Quinn Lead', 'Rita Root'])
    const last = await listOf('page=2&page_size=2')
    expect(last.results.map((u) => u.full_name)).toEqual(['Vic Visitor', 'Zoe Agent'])
    const zoe = last.results[1]
    expect(zoe).toMatchObject({
      email: 'zoe.agent@test.local',
      role: 'agent',
      employee_code: 'AG-1001',
      department: { id: f.retail.id, name: 'Retail Banking Inbound' },
      location: { id: f.manchester.id, name: 'Manchester Hub' },
      supervisor: { id: f.supervisor.id, name: 'Quinn Lead' },
      campaign: { id: f.campaign.id, name: 'Acme Bank Retail' },
      entity: null,
    })
    expect((await listOf('ordering=-name')).results[0].full_name).toBe('Zoe Agent')
  })

  it('searches by name or email and filters by role, department, location and state', async () => {
    const ids = async (query: string) => (await listOf(query)).results.map((u) => u.id)
    expect(await ids('search=quinn')).toEqual([f.supervisor.id])
    expect(await ids('search=zoe agent')).toEqual([f.agent.id])
    expect(await ids('search=VISITOR@test')).toEqual([f.visitor.id])
    expect(await ids('search=%25')).toEqual([])
    expect(await ids('role=admin')).toEqual([f.admin.id])
    expect(await ids(`department_id=${f.retail.id}`)).toEqual([f.supervisor.id, f.agent.id])
    expect(await ids(`department_id=${f.collections.id}`)).toEqual([])
    expect(await ids(`location_id=${f.manchester.id}&role=agent`)).toEqual([f.agent.id])
    expect(await ids(`location_id=${f.capeTown.id}`)).toEqual([])
    expect(await ids('is_active=false')).toEqual([])
    expect((await ids('is_active=true')).length).toBe(4)
  })

  it('refuses bad filters', async () => {
    for (const query of ['role=boss', 'page_size=101', 'is_active=yes', 'department_id=x', 'ordering=password']) {
      expect((await get(`${paths.users}?${query}`)).statusCode, query).toBe(400)
    }
  })
})

describe('GET user_by_id/{id}/', () => {
  it('returns one user, or 404', async () => {
    const res = await get(paths.userById(f.agent.id))
    expect(res.statusCode).toBe(200)
    expect(managedUser.parse(res.json().data)).toMatchObject({ id: f.agent.id, employee_code: 'AG-1001' })
    const missing = await get(paths.userById(999_999))
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('User not found')
    expect((await get(paths.userById('abc'))).statusCode).toBe(400)
  })
})

describe('POST create_user/', () => {
  it('creates an agent with the full staff record; the temporary password signs them in', async () => {
    const res = await send('POST', paths.createUser, agentBody())
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('User created successfully!')
    const { user, temporary_password } = createUserResult.parse(res.json().data)
    expect(user).toMatchObject({
      email: 'new.agent@test.local',
      full_name: "Nia O'Neil",
      role: 'agent',
      is_active: true,
      employee_code: 'AG-2001',
      phone: '+44 7700 900123',
      department: { id: f.retail.id },
      location: { id: f.manchester.id },
      supervisor: { id: f.supervisor.id, name: 'Quinn Lead' },
      entity: { id: f.entityUk.id, code: 'MCX-UK' },
      job_code: { code: 'CSA-1' },
      company_group: null,
      pay_group: null,
      hired_on: '2024-03-18',
    })
    expect(temporary_password).toMatch(/^.{14}$/)
    expect(temporary_password).toMatch(/[A-Z]/)
    expect(temporary_password).toMatch(/[0-9]/)
    const signIn = await login(t, 'new.agent@test.local', temporary_password!)
    expect(signIn.statusCode).toBe(200)
    // the stored record is what the response said
    const stored = managedUser.parse((await get(paths.userById(user.id))).json().data)
    expect({ ...stored, last_login: null }).toEqual(user)
  })

  it('takes a chosen password and returns no temporary one', async () => {
    const res = await send('POST', paths.createUser, {
      email: 'viewer@test.local',
      first_name: 'Vera',
      last_name: 'Viewer',
      role: 'visitor',
      password: 'Chosen#Pass1',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.temporary_password).toBeNull()
    expect(res.json().data.user.employee_code).toBeNull()
    expect((await login(t, 'viewer@test.local', 'Chosen#Pass1')).statusCode).toBe(200)
  })

  it('answers field errors for missing and malformed fields', async () => {
    const res = await send('POST', paths.createUser, { email: 'not-an-email', first_name: '', role: 'agent' })
    expect(res.statusCode).toBe(400)
    const { errors } = res.json()
    expect(errors.email).toEqual(['Enter a valid email address'])
    expect(errors.first_name).toEqual(['First name is required'])
    expect(errors.last_name).toBeDefined()

    const formula = await send('POST', paths.createUser, agentBody({ email: 'f@test.local', first_name: '=cmd|calc' }))
    expect(formula.statusCode).toBe(400)
    expect(formula.json().errors.first_name[0]).toMatch(/starting with a letter/)

    const rules = await send('POST', paths.createUser, {
      email: 'rules@test.local',
      first_name: 'Rae',
      last_name: 'Rules',
      role: 'agent',
    })
    expect(rules.statusCode).toBe(400)
    expect(Object.keys(rules.json().errors).sort()).toEqual(['department_id', 'employee_code', 'location_id'])

    const notAgent = await send('POST', paths.createUser, agentBody({ email: 'x@test.local', role: 'auditor' }))
    expect(notAgent.json().errors).toEqual({ supervisor_id: ['Only agents report to a QA supervisor'] })
  })

  it("answers every error of a form in one round: the fields' own and the ones the role requires", async () => {
    // what the portal's form sends when nothing is filled in and the role is left at Agent
    const empty = { email: '', first_name: '', last_name: '', role: 'agent', employee_code: null, department_id: null }
    const res = await send('POST', paths.createUser, { ...empty, location_id: null })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({
      email: ['Email is required', 'Enter a valid email address'],
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      employee_code: ['Employee code is required for agents and QA supervisors'],
      department_id: ['Department is required for agents and QA supervisors'],
      location_id: ['Location is required for agents and QA supervisors'],
    })
    // a malformed email or employee code (each normalised: lower and upper case) does not hide the role's rules
    const bad = await send('POST', paths.createUser, {
      ...agentBody({ email: 'Not An Email', employee_code: 'ag 1', department_id: null }),
    })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['department_id', 'email', 'employee_code'])
    // and the edit answers the same way
    const edit = await send('PUT', paths.editUser, {
      ...empty,
      id: f.agent.id,
      email: 'Bad',
      location_id: f.manchester.id,
    })
    expect(edit.statusCode).toBe(400)
    expect(Object.keys(edit.json().errors).sort()).toEqual([
      'department_id',
      'email',
      'employee_code',
      'first_name',
      'last_name',
    ])
  })

  it('checks the ids against the lookups and the supervisor', async () => {
    const res = await send(
      'POST',
      paths.createUser,
      agentBody({
        email: 'refs@test.local',
        employee_code: 'AG-3001',
        department_id: 999_999,
        entity_id: f.entityClosed.id,
        supervisor_id: f.agent.id,
      }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Failed to create user')
    expect(res.json().errors).toEqual({
      department_id: ['Unknown department'],
      entity_id: ['This entity is no longer in use'],
      supervisor_id: ['Choose an active QA supervisor'],
    })
    expect(await t.db.select().from(users).where(eq(users.email, 'refs@test.local'))).toEqual([])
  })

  it('refuses a duplicate email (any case) with non_field_errors, and a duplicate employee code', async () => {
    const res = await send(
      'POST',
      paths.createUser,
      agentBody({ email: 'ZOE.Agent@test.local', employee_code: 'AG-4001' }),
    )
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      data: null,
      message: 'A user with this email already exists.',
      non_field_errors: ['A user with this email already exists.'],
      errors: { email: ['A user with this email already exists.'] },
    })
    const code = await send(
      'POST',
      paths.createUser,
      agentBody({ email: 'other@test.local', employee_code: 'ag-1001' }),
    )
    expect(code.statusCode).toBe(409)
    expect(code.json().errors).toEqual({ employee_code: ['A user with this employee code already exists.'] })
    expect(code.json().non_field_errors).toBeUndefined()
    expect(code.json().message).toBe('Failed to create user')
  })
})

describe('PUT edit_user/', () => {
  it('replaces the record: changed fields are saved and left-out optional ones cleared', async () => {
    const created = createUserResult.parse(
      (
        await send('POST', paths.createUser, agentBody({ email: 'edit.me@test.local', employee_code: 'AG-5001' }))
      ).json().data,
    ).user
    const res = await send('PUT', paths.editUser, {
      id: created.id,
      email: 'Edited@Test.local',
      first_name: 'Edna',
      last_name: 'Edited',
      role: 'agent',
      employee_code: 'AG-5002',
      department_id: f.collections.id,
      location_id: f.capeTown.id,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('User updated successfully')
    expect(managedUser.parse(res.json().data)).toMatchObject({
      id: created.id,
      email: 'edited@test.local',
      full_name: 'Edna Edited',
      employee_code: 'AG-5002',
      department: { id: f.collections.id },
      location: { id: f.capeTown.id },
      supervisor: null,
      entity: null,
      job_code: null,
      phone: null,
      hired_on: null,
      is_active: true,
    })
  })

  it('refuses a duplicate email, an unknown user, and an admin removing their own admin role', async () => {
    const dup = await send('PUT', paths.editUser, {
      id: f.visitor.id,
      email: 'quinn.lead@test.local',
      first_name: 'Vic',
      last_name: 'Visitor',
      role: 'visitor',
    })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().non_field_errors).toEqual(['A user with this email already exists.'])

    const missing = await send('PUT', paths.editUser, {
      id: 999_999,
      email: 'nobody@test.local',
      first_name: 'No',
      last_name: 'Body',
      role: 'visitor',
    })
    expect(missing.statusCode).toBe(404)

    const self = await send('PUT', paths.editUser, {
      id: f.admin.id,
      email: f.admin.email,
      first_name: 'Rita',
      last_name: 'Root',
      role: 'visitor',
    })
    expect(self.statusCode).toBe(409)
    expect(self.json().message).toBe('You cannot remove the admin role from your own account.')
    const [me] = await t.db.select().from(users).where(eq(users.id, f.admin.id))
    expect(me.role).toBe('admin')
  })

  it('keeps a QA supervisor with agents from losing the role', async () => {
    const res = await send('PUT', paths.editUser, {
      id: f.supervisor.id,
      email: 'quinn.lead@test.local',
      first_name: 'Quinn',
      last_name: 'Lead',
      role: 'auditor',
      employee_code: 'QA-101',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.role[0]).toMatch(/^\d+ active agents? reports? to this QA supervisor: assign them/)
  })

  it('a new password ends the sessions and the old password', async () => {
    const person = await createUser(t, { role: 'visitor' })
    const before = await tokensFor(t, person)
    const res = await send('PUT', paths.editUser, {
      id: person.id,
      email: person.email,
      first_name: 'Pat',
      last_name: 'Reset',
      role: 'visitor',
      password: 'Brand#New#1',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await get(paths.userDetail, before.auth)).statusCode).toBe(401)
    expect((await login(t, person.email, person.password)).statusCode).toBe(401)
    expect((await login(t, person.email, 'Brand#New#1')).statusCode).toBe(200)
  })
})

describe('PATCH deactivate_user/{id}/', () => {
  it('ends the sessions at once and the user can no longer sign in; edit_user reactivates', async () => {
    const person = await createUser(t, { role: 'auditor' })
    const session = await tokensFor(t, person)
    expect((await get(paths.userDetail, session.auth)).statusCode).toBe(200)
    const liveSessions = () =>
      t.db
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, person.id), isNull(refreshTokens.revokedAt)))
    expect(await liveSessions()).toHaveLength(1)

    const res = await send('PATCH', paths.deactivateUser(person.id))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('Deleted record successfully!')
    expect(res.json().data.is_active).toBe(false)
    // revoked by the deactivation itself, before anyone presents them
    expect(await liveSessions()).toEqual([])

    // the access token it holds stops working, the refresh token is rejected, and so is the password
    expect((await get(paths.userDetail, session.auth)).statusCode).toBe(401)
    const refresh = await t.app.inject({
      method: 'POST',
      url: paths.tokenRefresh,
      payload: { refresh: session.refresh },
    })
    expect(refresh.statusCode).toBe(401)
    const signIn = await login(t, person.email, person.password)
    expect(signIn.statusCode).toBe(401)
    expect(signIn.json().message).toBe('Invalid Login')
    expect((await listOf('is_active=false')).results.map((u) => u.id)).toContain(person.id)

    // again is harmless
    expect((await send('PATCH', paths.deactivateUser(person.id))).statusCode).toBe(200)

    const back = await send('PUT', paths.editUser, {
      id: person.id,
      email: person.email,
      first_name: 'Ari',
      last_name: 'Back',
      role: 'auditor',
      is_active: true,
    })
    expect(back.statusCode, back.body).toBe(200)
    expect((await login(t, person.email, person.password)).statusCode).toBe(200)
    // the sessions from before stay ended
    expect((await get(paths.userDetail, session.auth)).statusCode).toBe(401)
  })

  it('an admin cannot deactivate themself, by either route', async () => {
    const res = await send('PATCH', paths.deactivateUser(f.admin.id))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      message: 'You cannot deactivate your own account.',
      non_field_errors: ['You cannot deactivate your own account.'],
    })
    const viaEdit = await send('PUT', paths.editUser, {
      id: f.admin.id,
      email: f.admin.email,
      first_name: 'Rita',
      last_name: 'Root',
      role: 'admin',
      is_active: false,
    })
    expect(viaEdit.statusCode).toBe(409)
    expect((await get(paths.userDetail)).statusCode).toBe(200)
  })

  it('answers 404 for an unknown user', async () => {
    const res = await send('PATCH', paths.deactivateUser(999_999))
    expect(res.statusCode).toBe(404)
  })
})

describe('GET user_list/agent/ and user_list/qa_supervisor/', () => {
  it('lists the active people of the role for any signed-in user, with count', async () => {
    const gone = await createUser(t, { role: 'agent', isActive: false })
    const agents = await get(paths.userListAgent, f.visitorAuth)
    expect(agents.statusCode).toBe(200)
    const data = staffPickList.parse(agents.json().data)
    expect(data.count).toBe(data.results.length)
    expect(data.results.every((a) => a.id !== gone.id)).toBe(true)
    expect(data.results.find((a) => a.id === f.agent.id)).toEqual({
      id: f.agent.id,
      name: 'Zoe Agent',
      email: null,
      employee_code: null,
      department_id: f.retail.id,
      location_id: f.manchester.id,
      supervisor_id: f.supervisor.id,
    })
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'agent'), eq(users.isActive, true)))
    expect(data.count).toBe(n)
    expect(n).toBeGreaterThanOrEqual(2)

    const sups = staffPickList.parse((await get(paths.userListQaSupervisor, f.visitorAuth)).json().data)
    expect(sups.results.map((s) => s.id)).toEqual([f.supervisor.id])
    const searched = staffPickList.parse((await get(`${paths.userListAgent}?q=zoe&limit=5`, f.visitorAuth)).json().data)
    expect(searched.results.map((s) => s.id)).toEqual([f.agent.id])
    expect((await get(paths.userListAgent, {} as never)).statusCode).toBe(401)
  })

  it('gives e-mails and employee codes to admins and QA supervisors only, and searches by them only for them', async () => {
    for (const auth of [f.adminAuth, f.supervisorAuth]) {
      const data = staffPickList.parse((await get(paths.userListAgent, auth)).json().data)
      expect(data.results.find((a) => a.id === f.agent.id)).toMatchObject({
        email: 'zoe.agent@test.local',
        employee_code: 'AG-1001',
      })
      const byCode = staffPickList.parse((await get(`${paths.userListAgent}?q=AG-1001`, auth)).json().data)
      expect(byCode.results.map((a) => a.id)).toEqual([f.agent.id])
    }
    const sups = staffPickList.parse((await get(paths.userListQaSupervisor, f.visitorAuth)).json().data)
    expect(sups.results.every((s) => s.email === null && s.employee_code === null)).toBe(true)
    // no oracle: a visitor cannot find who has an address or a code by searching for it
    for (const q of ['zoe.agent@test.local', 'AG-1001']) {
      const found = staffPickList.parse((await get(`${paths.userListAgent}?q=${q}`, f.visitorAuth)).json().data)
      expect(found.count).toBe(0)
    }
  })
})
