import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import type { ManagedUser } from '#contract/users'
import { MANAGED_IDS } from '#tests/fixtures/managed-users'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { TEMPORARY_PASSWORD } from '#tests/mocks/users'
import { getToast } from '~/sessions.server'
import { action, loader } from './edit'

const LIST = '/demo-portal/solutions/call-evaluation/manage-user'

type Option = { value: string; label: string }
type EditData = {
  user: ManagedUser | null
  isSelf: boolean
  options: Record<string, Option[]>
  unavailable: string[]
}
type Result = {
  result?: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
  created: { user: { id: number; email: string }; temporary_password: string } | null
}

async function load(id: number | string | null, who: DemoKey = 'admin') {
  const request = await requestWithTokens(`${LIST}/${id ?? 'add'}`, tokensFor(who))
  return run<EditData>(() => loader(args(request, id === null ? {} : { id: String(id) })))
}

async function post(id: number | null, fields: Record<string, string>, who: DemoKey = 'admin') {
  const request = await requestWithTokens(`${LIST}/${id ?? 'add'}`, tokensFor(who), {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return run<Result>(() => action(args(request, id === null ? {} : { id: String(id) })))
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))
  if (!cookie) return null
  const request = new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } })
  return (await getToast(request)).toast
}

/** Captures the JSON bodies the API receives at `path`, passing them on to the mock. */
function capture(method: 'post' | 'put', path: string) {
  const bodies: Record<string, unknown>[] = []
  server.use(
    http[method](UPSTREAM + path, async ({ request }) => {
      bodies.push((await request.clone().json()) as Record<string, unknown>)
      return undefined
    }),
  )
  return bodies
}

const newAgent = {
  first_name: 'Nia',
  last_name: 'Mokoena',
  email: ' Nia.Mokoena@Example.com ',
  role: 'agent',
  password: 'Welcome@2025',
  employee_code: 'ag-9001',
  phone: '',
  hired_on: '2025-03-01',
  department_id: '2',
  location_id: '2',
  supervisor_id: String(MANAGED_IDS.helen),
  campaign_id: '',
  entity_id: '2',
  company_group_id: '1',
  pay_group_id: '2',
  job_code_id: '1',
}

describe('user form loader', () => {
  it('fetches every picker for a new user', async () => {
    const result = await load(null)
    expect(result.status).toBe(200)
    expect(result.body.user).toBeNull()
    expect(result.body.unavailable).toEqual([])
    const { options } = result.body
    expect(options.roles.map((o) => o.label)).toEqual([
      'Admin',
      'QA Supervisor',
      'Auditor',
      'Agent',
      'Visitor',
      'Clinician',
    ])
    expect(options.departments).toContainEqual({ value: '2', label: 'Energy Collections' })
    expect(options.locations).toHaveLength(4)
    expect(options.supervisors.map((o) => o.label)).toEqual(['Sam Supervisor (QAS-0001)', 'Helen Park (QAS-0002)'])
    expect(options.campaigns.map((o) => o.label)).toEqual(['Acme Bank Retail', 'NovaTel Customer Care'])
    expect(options.entities[0]).toEqual({ value: '1', label: 'MCX-UK — Meridian CX UK Ltd' })
    expect(options.payGroups).toHaveLength(2)
    expect(options.jobCodes).toHaveLength(2)
    expect(options.companyGroups).toHaveLength(2)
  })

  it('asks for the locations with the limit of 250', async () => {
    let limit: string | null = null
    server.use(
      http.get(UPSTREAM + paths.locationList, ({ request }) => {
        limit = new URL(request.url).searchParams.get('limit')
      }),
    )
    await load(null)
    expect(limit).toBe('250')
  })

  it('loads the user to edit; a failed picker keeps the current value and is named', async () => {
    server.use(
      http.get(UPSTREAM + paths.departmentList, () => errorReply(500, 'down')),
      http.get(UPSTREAM + paths.userListQaSupervisor, () => HttpResponse.error()),
    )
    const result = await load(MANAGED_IDS.thabo)
    expect(result.body.user).toMatchObject({ id: MANAGED_IDS.thabo, email: 'thabo.nkosi@demo.local' })
    expect(result.body.isSelf).toBe(false)
    expect(result.body.unavailable).toEqual(['Departments', 'QA supervisors'])
    expect(result.body.options.departments).toEqual([{ value: '2', label: 'Energy Collections' }])
    expect(result.body.options.supervisors).toEqual([{ value: String(MANAGED_IDS.helen), label: 'Helen Park' }])
  })

  it('knows when the admin edits themself', async () => {
    expect((await load(MANAGED_IDS.admin)).body.isSelf).toBe(true)
  })

  it('answers 404 for a user that does not exist or an id that is not one', async () => {
    for (const id of [MANAGED_IDS.unknown, 'abc', '0']) {
      const result = await load(id)
      expect(result.status).toBe(404)
      expect(result.body).toBe('User not found')
    }
  })

  it.each(['supervisor', 'agent'] as const)('answers 403 to a %s, for add and edit', async (who) => {
    for (const id of [null, MANAGED_IDS.thabo]) {
      const result = await load(id, who)
      expect(result.status).toBe(403)
      expect(result.body).toBe('Only admins can manage users.')
    }
  })
})

describe('user form action: create', () => {
  it("creates with the contract's values, then goes to the list with 'User created successfully!'", async () => {
    const sent = capture('post', paths.createUser)
    const result = await post(null, newAgent)
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(LIST)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'User created successfully!', type: 'success' })
    expect(sent).toEqual([
      {
        email: 'nia.mokoena@example.com',
        first_name: 'Nia',
        last_name: 'Mokoena',
        role: 'agent',
        password: 'Welcome@2025',
        employee_code: 'AG-9001',
        phone: null,
        hired_on: '2025-03-01',
        department_id: 2,
        location_id: 2,
        supervisor_id: MANAGED_IDS.helen,
        campaign_id: null,
        entity_id: 2,
        company_group_id: 1,
        pay_group_id: 2,
        job_code_id: 1,
      },
    ])
  })

  it('shows the temporary password once, in the answer only (no cookie, no cache), when none was given', async () => {
    const result = await post(null, { ...newAgent, password: '' })
    expect(result.status).toBe(200)
    expect(result.body.created).toEqual({
      user: { id: 500, full_name: 'Nia Mokoena', email: 'nia.mokoena@example.com' },
      temporary_password: TEMPORARY_PASSWORD,
    })
    expect(result.headers.get('Cache-Control')).toBe('no-store')
    expect(await toastOf(result.headers)).toBeNull()
  })

  it('answers 400 with the field errors of the contract, without calling the API', async () => {
    server.use(http.post(UPSTREAM + paths.createUser, () => HttpResponse.error()))
    const result = await post(null, { ...newAgent, first_name: '', email: 'nope' })
    expect(result.status).toBe(400)
    expect(result.body.result?.error).toMatchObject({
      first_name: ['First name is required'],
      email: ['Enter a valid email address'],
    })
    const staff = await post(null, { ...newAgent, employee_code: '', location_id: '' })
    expect(staff.status).toBe(400)
    expect(staff.body.result?.error).toMatchObject({
      employee_code: ['Employee code is required for agents and QA supervisors'],
      location_id: ['Location is required for agents and QA supervisors'],
    })
    const supervised = await post(null, { ...newAgent, role: 'auditor' })
    expect(supervised.body.result?.error).toMatchObject({ supervisor_id: ['Only agents report to a QA supervisor'] })
  })

  it("answers an empty form (no JavaScript) with every error in one round, the role's rules too", async () => {
    server.use(http.post(UPSTREAM + paths.createUser, () => HttpResponse.error()))
    // what a browser posts for the untouched form: every field empty, the role at its default
    const empty = Object.fromEntries(Object.keys(newAgent).map((name) => [name, name === 'role' ? 'agent' : '']))
    const result = await post(null, empty)
    expect(result.status).toBe(400)
    expect(result.body.result?.error).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      email: ['Email is required', 'Enter a valid email address'],
      employee_code: ['Employee code is required for agents and QA supervisors'],
      department_id: ['Department is required for agents and QA supervisors'],
      location_id: ['Location is required for agents and QA supervisors'],
    })
    // a malformed email (lower-cased by the contract) or employee code (upper-cased) hides none of them
    const malformed = await post(null, { ...empty, email: 'Not An Email', employee_code: 'ag 1' })
    expect(Object.keys(malformed.body.result?.error ?? {}).sort()).toEqual([
      'department_id',
      'email',
      'employee_code',
      'first_name',
      'last_name',
      'location_id',
    ])
    // a role without a staff record asks for none of it
    const auditor = await post(null, { ...empty, role: 'auditor' })
    expect(Object.keys(auditor.body.result?.error ?? {}).sort()).toEqual(['email', 'first_name', 'last_name'])
  })

  it("never sends the password back in the form's answer", async () => {
    const result = await post(null, { ...newAgent, first_name: '' })
    expect(JSON.stringify(result.body)).not.toContain('Welcome@2025')
  })

  it("maps the API's field errors onto the form's fields (a.0.b → a[0].b)", async () => {
    server.use(
      http.post(UPSTREAM + paths.createUser, () =>
        errorReply(400, 'Failed to create user', {
          employee_code: ['A user with this employee code already exists.'],
          'skills.0.name': ['Unknown skill'],
        }),
      ),
    )
    const result = await post(null, newAgent)
    expect(result.status).toBe(400)
    expect(result.body.result?.error).toMatchObject({
      '': ['Failed to create user'],
      employee_code: ['A user with this employee code already exists.'],
      'skills[0].name': ['Unknown skill'],
    })
  })

  it("says the server's non_field_errors (a duplicate email) instead of 'Failed to create user'", async () => {
    const result = await post(null, { ...newAgent, email: 'agent@demo.local' })
    expect(result.status).toBe(409)
    expect(result.body.result?.error).toMatchObject({
      '': ['A user with this email already exists.'],
      email: ['A user with this email already exists.'],
    })
  })

  it('shows the reasons the API gives about the record as a whole, whatever its message', async () => {
    server.use(
      http.post(UPSTREAM + paths.createUser, () =>
        HttpResponse.json(
          {
            data: null,
            message: 'Invalid request',
            errors: { email: ['Use a company address'] },
            non_field_errors: ['This company allows only @demo.local addresses.'],
          },
          { status: 400 },
        ),
      ),
    )
    expect((await post(null, newAgent)).body.result?.error).toMatchObject({
      '': ['This company allows only @demo.local addresses.'],
      email: ['Use a company address'],
    })
  })

  it("says 'Failed to create user' when the API gives only a generic reason", async () => {
    server.use(http.post(UPSTREAM + paths.createUser, () => errorReply(400, 'Invalid request', { role: ['Invalid'] })))
    expect((await post(null, newAgent)).body.result?.error?.['']).toEqual(['Failed to create user'])
    server.use(http.post(UPSTREAM + paths.createUser, () => errorReply(500, 'boom')))
    const down = await post(null, newAgent)
    expect(down.status).toBe(502)
    expect(down.body.result?.error?.['']).toEqual(['Failed to create user'])
  })

  it('tells a non-admin who may manage users', async () => {
    const result = await post(null, newAgent, 'supervisor')
    expect(result.status).toBe(403)
    expect(result.body.result?.error?.['']).toEqual(['Only admins can manage users.'])
  })
})

describe('user form action: edit', () => {
  const thabo = {
    id: '999', // the URL decides, not the form
    first_name: 'Thabo',
    last_name: 'Nkosi-Smith',
    email: 'thabo.nkosi@demo.local',
    role: 'agent',
    password: '',
    is_active: 'true',
    employee_code: 'AG-2001',
    phone: '',
    hired_on: '',
    department_id: '2',
    location_id: '2',
    supervisor_id: String(MANAGED_IDS.helen),
    campaign_id: '',
    entity_id: '',
    company_group_id: '',
    pay_group_id: '',
    job_code_id: '',
  }

  it("replaces the record of the user in the URL, then says 'User updated successfully'", async () => {
    const sent = capture('put', paths.editUser)
    const result = await post(MANAGED_IDS.thabo, thabo)
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(LIST)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'User updated successfully', type: 'success' })
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      id: MANAGED_IDS.thabo,
      last_name: 'Nkosi-Smith',
      is_active: true,
      password: null,
      entity_id: null,
      hired_on: null,
    })
  })

  it('reactivates with the status picker', async () => {
    const sent = capture('put', paths.editUser)
    await post(MANAGED_IDS.inactive, { ...thabo, email: 'oliver.hughes@demo.local', is_active: 'true' })
    expect(sent[0]).toMatchObject({ id: MANAGED_IDS.inactive, is_active: true })
  })

  it("shows the API's refusal of an admin deactivating themself", async () => {
    const result = await post(MANAGED_IDS.admin, {
      first_name: 'Ada',
      last_name: 'Admin',
      email: 'admin@demo.local',
      role: 'admin',
      is_active: 'false',
    })
    expect(result.status).toBe(409)
    expect(result.body.result?.error?.['']).toEqual(['You cannot deactivate your own account.'])
  })

  it("says 'Failed to update user' with the field errors when the API rejects the edit", async () => {
    server.use(
      http.put(UPSTREAM + paths.editUser, () =>
        errorReply(400, 'Failed to update user', { department_id: ['Unknown department'] }),
      ),
    )
    const result = await post(MANAGED_IDS.thabo, thabo)
    expect(result.body.result?.error).toMatchObject({
      '': ['Failed to update user'],
      department_id: ['Unknown department'],
    })
  })
})
