import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Paged } from '#contract/envelope'
import { paths } from '#contract/paths'
import type { ManagedUser, UserUploadReport } from '#contract/users'
import { MANAGED_IDS } from '#tests/fixtures/managed-users'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { getToast } from '~/sessions.server'
import { action, loader } from './list'

const LIST = '/demo-portal/solutions/call-evaluation/manage-user'

type ListData = {
  me: { id: number }
  query: Record<string, unknown>
  page: Paged<ManagedUser> | null
  error: string | null
  options: { roles: { value: string }[]; departments: { label: string }[]; locations: { label: string }[] }
  confirm: { id: number; full_name: string } | null
}

async function load(search = '', who: DemoKey = 'admin') {
  const request = await requestWithTokens(`${LIST}${search}`, tokensFor(who))
  return run<ListData>(() => loader(args(request)))
}

async function post(fields: Record<string, string>, who: DemoKey = 'admin') {
  const request = await requestWithTokens(LIST, tokensFor(who), { method: 'POST', body: new URLSearchParams(fields) })
  return run(() => action(args(request)))
}

async function upload(file: File | null, who: DemoKey = 'admin', headers: Record<string, string> = {}) {
  const body = new FormData()
  body.set('intent', 'upload')
  if (file) body.set('file', file)
  // a real browser's multipart body (and its Content-Type with the boundary), as the action receives it
  const encoded = new Request('http://x/', { method: 'POST', body })
  const request = await requestWithTokens(LIST, tokensFor(who), {
    method: 'POST',
    body: await encoded.arrayBuffer(),
    headers: { 'Content-Type': encoded.headers.get('Content-Type')!, ...headers },
  })
  return run<{ upload: { report: UserUploadReport; fileName: string } | { error: string } }>(() =>
    action(args(request)),
  )
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))
  if (!cookie) return null
  const request = new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } })
  return (await getToast(request)).toast
}

const csv = (lines: string[], name = 'users.csv') => new File([lines.join('\r\n')], name, { type: 'text/csv' })

describe('user list loader', () => {
  it('loads the first page with the filter pickers for an admin', async () => {
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.error).toBeNull()
    expect(result.body.me).toEqual({ id: MANAGED_IDS.admin })
    expect(result.body.page?.count).toBe(14)
    expect(result.body.page?.total_pages).toBe(2)
    expect(result.body.page?.results).toHaveLength(10)
    expect(result.body.options.roles.map((r) => r.value)).toEqual([
      'admin',
      'qa_supervisor',
      'auditor',
      'agent',
      'visitor',
      'clinician',
    ])
    expect(result.body.options.departments.map((d) => d.label)).toContain('Energy Collections')
    expect(result.body.options.locations.map((l) => l.label)).toContain('Manila Bay Site')
  })

  it('forwards search, role, department, location, status and page to the API', async () => {
    let sent: URLSearchParams | null = null
    server.use(
      http.get(UPSTREAM + paths.users, ({ request }) => {
        sent = new URL(request.url).searchParams
      }),
    )
    const result = await load('?search=%20Nkosi%20&role=agent&department_id=2&location_id=2&is_active=true&page=1')
    expect(Object.fromEntries(sent!)).toEqual({
      page: '1',
      page_size: '10',
      search: 'Nkosi',
      role: 'agent',
      department_id: '2',
      location_id: '2',
      is_active: 'true',
    })
    expect(result.body.page?.results.map((u) => u.email)).toEqual(['thabo.nkosi@demo.local'])
    const inactive = await load('?is_active=false')
    expect(inactive.body.page?.results.map((u) => u.id)).toEqual([MANAGED_IDS.inactive])
    const second = await load('?page=2')
    expect(second.body.page?.results).toHaveLength(4)
  })

  it('reads nonsense in the URL as no filter instead of failing', async () => {
    let sent: URLSearchParams | null = null
    server.use(
      http.get(UPSTREAM + paths.users, ({ request }) => {
        sent = new URL(request.url).searchParams
      }),
    )
    const result = await load('?page=-2&role=boss&department_id=x&location_id=0&is_active=maybe&confirm-deactivate=y')
    expect(result.status).toBe(200)
    expect(Object.fromEntries(sent!)).toEqual({ page: '1', page_size: '10' })
    expect(result.body.confirm).toBeNull()
  })

  it("after an explicit search, says 'Employee list retrieved successfully!' once and keeps only the filters", async () => {
    const result = await load('?searched=1&search=park&role=')
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${LIST}?search=park&role=`)
    expect(await toastOf(result.headers)).toMatchObject({
      message: 'Employee list retrieved successfully!',
      type: 'success',
    })
    // a plain load (paging, coming back) says nothing
    const plain = await load('?search=park')
    expect(plain.status).toBe(200)
    expect(await toastOf(plain.headers)).toBeNull()
  })

  it("says 'Failed to load employee list' with the server's message, and no success toast, when the API fails", async () => {
    server.use(http.get(UPSTREAM + paths.users, () => errorReply(500, 'Database unavailable')))
    const result = await load('?searched=1')
    expect(result.status).toBe(200)
    expect(result.body.page).toBeNull()
    expect(result.body.error).toBe('Database unavailable')
    expect(await toastOf(result.headers)).toBeNull()
    server.use(http.get(UPSTREAM + paths.users, () => HttpResponse.error()))
    expect((await load()).body.error).toMatch(/can't be reached/)
  })

  it('still lists when a filter lookup fails (that picker is just empty)', async () => {
    server.use(http.get(UPSTREAM + paths.departmentList, () => errorReply(500, 'down')))
    const result = await load()
    expect(result.body.options.departments).toEqual([])
    expect(result.body.page?.count).toBe(14)
  })

  it('fetches the user to confirm a deactivation of, but never the admin themself or an inactive user', async () => {
    const result = await load(`?confirm-deactivate=${MANAGED_IDS.thabo}`)
    expect(result.body.confirm).toEqual({
      id: MANAGED_IDS.thabo,
      full_name: 'Thabo Nkosi',
      email: 'thabo.nkosi@demo.local',
    })
    expect((await load(`?confirm-deactivate=${MANAGED_IDS.admin}`)).body.confirm).toBeNull()
    expect((await load(`?confirm-deactivate=${MANAGED_IDS.inactive}`)).body.confirm).toBeNull()
    const gone = await load(`?confirm-deactivate=${MANAGED_IDS.unknown}`)
    expect(gone.body.confirm).toBeNull()
    expect(gone.body.error).toBeNull()
  })

  it.each(['supervisor', 'agent', 'visitor'] as const)('answers 403 to a %s', async (who) => {
    const result = await load('', who)
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(403)
    expect(result.body).toBe('Only admins can manage users.')
  })

  it('sends a visitor whose session has ended to /login', async () => {
    const request = await requestWithTokens(`${LIST}?search=x`, { access: 'access.nobody', refresh: 'refresh.nobody' })
    const result = await run(() => loader(args(request)))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
  })
})

describe('user list action: deactivate', () => {
  it("deactivates with PATCH, then goes back to the list as it was with 'Deleted record successfully!'", async () => {
    let patched: string | null = null
    server.use(
      http.patch(UPSTREAM + paths.deactivateUser(':id'), ({ params }) => {
        patched = String(params.id)
      }),
    )
    const result = await post({
      intent: 'deactivate',
      id: String(MANAGED_IDS.thabo),
      redirectTo: `${LIST}?search=nkosi&confirm-deactivate=${MANAGED_IDS.thabo}&searched=1`,
    })
    expect(patched).toBe(String(MANAGED_IDS.thabo))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${LIST}?search=nkosi`)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Deleted record successfully!', type: 'success' })
  })

  it('never redirects off the list page', async () => {
    const result = await post({ intent: 'deactivate', id: String(MANAGED_IDS.thabo), redirectTo: '//evil.com' })
    expect(result.headers.get('Location')).toBe(LIST)
  })

  it("shows the API's refusal: an admin cannot deactivate themself; an unknown user; a non-admin", async () => {
    const self = await post({ intent: 'deactivate', id: String(MANAGED_IDS.admin) })
    expect(await toastOf(self.headers)).toMatchObject({
      message: 'You cannot deactivate your own account.',
      type: 'error',
    })
    const unknown = await post({ intent: 'deactivate', id: String(MANAGED_IDS.unknown) })
    expect(await toastOf(unknown.headers)).toMatchObject({ message: 'User not found', type: 'error' })
    const agent = await post({ intent: 'deactivate', id: String(MANAGED_IDS.thabo) }, 'supervisor')
    expect(await toastOf(agent.headers)).toMatchObject({ message: 'Only admins can manage users.', type: 'error' })
  })

  it('refuses a post without a valid intent or id, without calling the API', async () => {
    server.use(http.patch(UPSTREAM + paths.deactivateUser(':id'), () => HttpResponse.error()))
    const invalid: Record<string, string>[] = [
      { intent: 'deactivate', id: 'x' },
      { id: '7' },
      { intent: 'delete', id: '7' },
    ]
    for (const fields of invalid) {
      const result = await post(fields)
      expect(result.headers.get('Location')).toBe(LIST)
      expect(await toastOf(result.headers)).toMatchObject({ message: 'Choose a user to deactivate', type: 'error' })
    }
  })
})

describe('user list action: bulk upload', () => {
  it('forwards the CSV as multipart and answers with the per-row report', async () => {
    let received: { type: string | null; name: string | undefined } | null = null
    server.use(
      http.post(UPSTREAM + paths.userUpload, async ({ request }) => {
        const type = request.headers.get('Content-Type')
        const file = (await request.clone().formData()).get('file')
        received = { type, name: file instanceof File ? file.name : undefined }
        return undefined
      }),
    )
    const result = await upload(
      csv(
        [
          'email,first_name,last_name,role,employee_code,department,location',
          'nia.mokoena@example.com,Nia,Mokoena,agent,AG-9001,Energy Collections,Cape Town Centre',
          'agent@demo.local,Grace,Again,agent,AG-9002,Energy Collections,Cape Town Centre',
          'ben.ode@example.com,Ben,Ode,agent,,Nowhere,Cape Town Centre',
          'ivy.tan@example.com,Ivy,Tan,auditor,,,',
        ],
        'team.csv',
      ),
    )
    expect(received!.type).toMatch(/^multipart\/form-data; boundary=/)
    expect(received!.name).toBe('team.csv')
    expect(result.status).toBe(200)
    const outcome = result.body.upload
    if (!('report' in outcome)) throw new Error(`expected a report, got ${JSON.stringify(outcome)}`)
    expect(outcome.fileName).toBe('team.csv')
    expect(outcome.report).toMatchObject({ total_rows: 4, created_count: 2, rejected_count: 2 })
    expect(outcome.report.created.map((r) => [r.row, r.email])).toEqual([
      [2, 'nia.mokoena@example.com'],
      [5, 'ivy.tan@example.com'],
    ])
    expect(outcome.report.rejected.map((r) => [r.row, r.email])).toEqual([
      [3, 'agent@demo.local'],
      [4, 'ben.ode@example.com'],
    ])
    expect(outcome.report.rejected[0].reason).toContain('A user with this email already exists.')
    expect(outcome.report.rejected[1].reason).toContain('Unknown department "Nowhere"')
  })

  it('refuses a file over 5 MB in the portal, without calling the API', async () => {
    server.use(http.post(UPSTREAM + paths.userUpload, () => HttpResponse.error()))
    const big = csv(['email,first_name,last_name,role', 'x'.repeat(5 * 1024 * 1024)])
    const result = await upload(big)
    expect(result.status).toBe(413)
    expect(result.body.upload).toEqual({ error: 'The file is larger than 5 MB.' })
  })

  it('refuses a request that says it is too big before reading it', async () => {
    server.use(http.post(UPSTREAM + paths.userUpload, () => HttpResponse.error()))
    const result = await upload(csv(['email']), 'admin', { 'Content-Length': String(6 * 1024 * 1024) })
    expect(result.status).toBe(413)
  })

  it('asks for a file when none was chosen', async () => {
    const result = await upload(null)
    expect(result.status).toBe(400)
    expect(result.body.upload).toEqual({ error: 'Choose a CSV file to upload.' })
    const empty = await upload(new File([], 'empty.csv', { type: 'text/csv' }))
    expect(empty.status).toBe(400)
  })

  it("shows the API's reason when it refuses the file, and who may upload to a non-admin", async () => {
    const noHeader = await upload(csv(['name,surname', 'A,B']))
    expect(noHeader.status).toBe(400)
    expect(noHeader.body.upload).toEqual({
      error: 'The file is missing the columns: email, first_name, last_name, role',
    })
    server.use(http.post(UPSTREAM + paths.userUpload, () => errorReply(415, 'The file is not a CSV')))
    expect((await upload(csv(['x']))).body.upload).toEqual({ error: 'The file is not a CSV' })
    server.resetHandlers()
    const agent = await upload(csv(['email,first_name,last_name,role']), 'agent')
    expect(agent.status).toBe(403)
    expect(agent.body.upload).toEqual({ error: 'Only admins can manage users.' })
  })
})
