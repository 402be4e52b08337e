import { expect, expectText, login, type Page, password, test } from './fixtures'

const LIST = '/demo-portal/solutions/call-evaluation/manage-user'
// The stack's database lives for the whole run: every user made here has an email of its own.
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const emailFor = (who: string) => `e2e.${who}.${run}@example.com`

/** The shell swaps its no-JavaScript menu for a burger once React has hydrated. */
async function hydrated(page: Page) {
  await page.locator('button[aria-label="Toggle navigation"]').waitFor({ state: 'attached' })
}

async function fillAgent(page: Page, { first, last, email }: { first: string; last: string; email: string }) {
  await page.getByLabel('First name').fill(first)
  await page.getByLabel('Last name').fill(last)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Role').selectOption('agent')
  await page.getByLabel('Employee code').fill(`E2E-${run}-${first}`.slice(0, 30))
  await page.getByLabel('Department').selectOption({ label: 'Energy Collections' })
  await page.getByLabel('Location').selectOption({ label: 'Cape Town Centre' })
}

async function searchFor(page: Page, text: string) {
  await page.getByLabel('Search users').fill(text)
  await page.getByRole('button', { name: 'Search' }).click()
  await page.waitForURL((url) => url.searchParams.get('search') === text)
}

const row = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email })

/** Signs in as someone else in a context of its own; the result is where the login form left them. */
async function trySignIn(openPage: () => Promise<Page>, email: string, secret: string) {
  const page = await openPage()
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(secret)
  await page.getByRole('button', { name: /sign in/i }).click()
  return page
}

test.describe('user management', () => {
  test('an admin creates, edits and deactivates a user, who then cannot sign in', async ({ openPage }) => {
    const page = await openPage({ viewport: { width: 1366, height: 768 } })
    await login(page, 'admin@demo.local', { to: `/login?redirectTo=${encodeURIComponent(LIST)}` })
    await hydrated(page)
    const email = emailFor('agent')

    // create without a password: the API's temporary password is shown once
    await page.getByRole('link', { name: 'New user' }).click()
    await page.waitForURL(`**${LIST}/add`)
    await fillAgent(page, { first: 'Nia', last: 'Mokoena', email })
    await page.getByLabel('QA supervisor').selectOption({ index: 1 })
    await page.getByRole('button', { name: 'Create user' }).click()
    await expectText(page, 'User created successfully!')
    const temporary = (await page.getByLabel('Temporary password').innerText()).trim()
    expect(temporary.length).toBeGreaterThanOrEqual(12)

    // the new user can sign in with it
    const first = await trySignIn(openPage, email, temporary)
    await first.waitForURL((url) => url.pathname.startsWith('/demo-portal'))

    await page.getByRole('link', { name: 'Back to users' }).click()
    await page.waitForURL((url) => url.pathname === LIST)
    await searchFor(page, email)
    await expectText(page, /Employee list retrieved successfully!/)
    await expect
      .poll(() => row(page, email).innerText())
      .toMatch(/Nia Mokoena[\s\S]*Agent[\s\S]*Energy Collections\s+Cape Town Centre[\s\S]*\bActive\s+[\s\S]*UTC/i)

    // edit
    await row(page, email).getByRole('link', { name: 'Edit Nia Mokoena' }).click()
    await expect.poll(() => page.getByLabel('Last name').inputValue()).toBe('Mokoena')
    await page.getByLabel('Last name').fill('Mokoena-Dube')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.waitForURL((url) => url.pathname === LIST)
    await expectText(page, /User updated successfully/)
    await searchFor(page, email)
    await expect.poll(() => row(page, email).innerText()).toMatch(/Nia Mokoena-Dube/)

    // the export follows the filters
    const csv = await page.request.get(`/resources/user-export?search=${encodeURIComponent(email)}`)
    expect(csv.status()).toBe(200)
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/)
    const lines = (await csv.text()).trim().split(/\r?\n/)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`${email},Nia,Mokoena-Dube,agent,true`)

    // deactivate, with a confirmation
    await row(page, email).getByRole('link', { name: 'Deactivate Nia Mokoena-Dube' }).click()
    const dialog = page.getByRole('dialog', { name: 'Deactivate user' })
    await expect.poll(() => dialog.innerText()).toContain(email)
    await dialog.getByRole('button', { name: 'Deactivate user' }).click()
    await expectText(page, /Deleted record successfully!/)
    await expect.poll(() => row(page, email).innerText()).toMatch(/Inactive/i)
    await expect(
      row(page, email)
        .getByRole('link', { name: /^Deactivate/ })
        .count(),
    ).resolves.toBe(0)

    // they can no longer sign in, and their open session is over
    const again = await trySignIn(openPage, email, temporary)
    await expectText(again, 'Invalid Login')
    expect(new URL(again.url()).pathname).toBe('/login')
    await first.goto('/demo-portal')
    await first.waitForURL((url) => url.pathname === '/login')
  })

  test('the create works without JavaScript, errors included', async ({ noJsPage: page, openPage }) => {
    await login(page, 'admin@demo.local')
    const email = emailFor('nojs')
    await page.goto(`${LIST}/add`)
    // an empty save comes back from the server with the contract's messages, all of them at once:
    // the names and e-mail, and the staff record that the default role (agent) requires
    await page.getByRole('button', { name: 'Create user' }).click()
    await expectText(page, 'First name is required')
    for (const message of ['Email is required', 'Employee code is required for agents and QA supervisors']) {
      await expectText(page, message)
    }
    await expectText(page, 'Location is required for agents and QA supervisors')
    await fillAgent(page, { first: 'Ivy', last: 'Tan', email })
    await page.getByLabel('Password', { exact: true }).fill('Welcome@2025')
    await page.getByRole('button', { name: 'Create user' }).click()
    await page.waitForURL((url) => url.pathname === LIST)
    // a regex: Playwright's plain-text match skips the <noscript> toast a JS-less page shows
    await expectText(page, /User created successfully!/)

    // the same email again: the server's own reason, not a generic one
    await page.goto(`${LIST}/add`)
    await fillAgent(page, { first: 'Ivy', last: 'Again', email })
    await page.getByRole('button', { name: 'Create user' }).click()
    await expectText(page, 'The user was not created')
    await expect(page.getByRole('alert').first().innerText()).resolves.toMatch(
      /A user with this email already exists\./,
    )

    // and the user signs in with the password the admin set
    const signedIn = await trySignIn(openPage, email, 'Welcome@2025')
    await signedIn.waitForURL((url) => url.pathname.startsWith('/demo-portal'))
  })

  test('the deactivation asks on a page of its own without JavaScript', async ({ page, noJsPage: noJs }) => {
    await login(page, 'admin@demo.local', { to: `/login?redirectTo=${encodeURIComponent(`${LIST}/add`)}` })
    await hydrated(page)
    const email = emailFor('confirm')
    await fillAgent(page, { first: 'Leo', last: 'Park', email })
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Create user' }).click()
    await page.waitForURL((url) => url.pathname === LIST)

    await login(noJs, 'admin@demo.local')
    await noJs.goto(`${LIST}?search=${encodeURIComponent(email)}`)
    await row(noJs, email).getByRole('link', { name: 'Deactivate Leo Park' }).click()
    await noJs.waitForURL(/confirm-deactivate=/)
    await noJs.getByRole('region', { name: 'Deactivate user' }).getByRole('button', { name: 'Deactivate user' }).click()
    await noJs.waitForURL((url) => url.pathname === LIST && !url.searchParams.has('confirm-deactivate'))
    await expectText(noJs, /Deleted record successfully!/)
    await expect.poll(() => row(noJs, email).innerText()).toMatch(/Inactive/i)
  })

  test('a bulk upload shows the report of every row', async ({ page }) => {
    await login(page, 'admin@demo.local', { to: `/login?redirectTo=${encodeURIComponent(LIST)}` })
    await hydrated(page)
    const good = emailFor('bulk')
    const csv = [
      'email,first_name,last_name,role,employee_code,department,location',
      `${good},Bo,Lind,agent,BULK-${run},Energy Collections,Cape Town Centre`,
      `${emailFor('bad')},=cmd,Evil,agent,BULK2-${run},Energy Collections,Cape Town Centre`,
      'admin@demo.local,Ada,Again,admin,,,',
    ].join('\n')
    await page.getByText('Bulk upload from CSV').click()
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'team.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByRole('button', { name: 'Upload' }).click()
    const report = page.getByRole('region', { name: 'Upload report' })
    await expect.poll(() => report.innerText(), { timeout: 15_000 }).toMatch(/team\.csv: 3 rows/)
    await expect(report.innerText()).resolves.toMatch(/1 user created, 2 rows rejected/)
    const rejected = report.getByRole('table', { name: 'Rejected rows' })
    await expect(rejected.getByRole('row').count()).resolves.toBe(3)
    await expect(report.getByRole('table', { name: 'Created users' }).innerText()).resolves.toContain(good)
  })

  test('only admins manage users', async ({ page }) => {
    await login(page, 'supervisor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(LIST)}` })
    await expectText(page, 'Only admins can manage users.')
    await page.goto('/demo-portal/solutions/call-evaluation/manage-template')
    await expectText(page, 'Templates')
    await expect(
      page.getByRole('navigation', { name: 'Call evaluation' }).getByRole('link', { name: 'Users' }).count(),
    ).resolves.toBe(0)
    const csv = await page.request.get('/resources/user-export')
    expect(csv.status()).toBe(403)
  })
})
