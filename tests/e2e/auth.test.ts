import { cookieNames, demoAccounts, expect, expectText, login, password, test, userMenu } from './fixtures'

test.describe('sign-in and the route guard', () => {
  test('a protected page sends a signed-out visitor to the login screen and back after sign-in', async ({ page }) => {
    await page.goto('/demo-portal')
    await page.waitForURL(/\/login\?redirectTo=%2Fdemo-portal/)
    await expect(page.title()).resolves.toMatch(/sign in/i)
    await page.getByLabel('Email').fill('auditor@demo.local')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: /sign in/i }).click()
    await page.waitForURL((url) => url.pathname === '/demo-portal')
  })

  test('the sign-in screen is plain HTML: no script to download, the browser checks the fields', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto('/login')
    await page.waitForLoadState('networkidle')
    expect(scripts).toEqual([])
    // an empty field is caught before anything is sent
    await page.getByRole('button', { name: /sign in/i }).click()
    expect(await page.getByLabel('Email').evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(
      true,
    )
    expect(new URL(page.url()).pathname).toBe('/login')
    // and once signed in, the portal's pages run their scripts
    await page.getByLabel('Email').fill('visitor@demo.local')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: /sign in/i }).click()
    await page.waitForURL((url) => url.pathname === '/demo-portal')
    await page.waitForLoadState('networkidle')
    expect(scripts.length).toBeGreaterThan(0)
  })

  test('the empty path shows the same login screen', async ({ page }) => {
    const res = await page.goto('/')
    expect(res?.status()).toBe(200)
    await expect(page.getByLabel('Email').isVisible()).resolves.toBe(true)
  })

  for (const account of demoAccounts) {
    test(`${account.email} signs in and sees the portal with their role`, async ({ page }) => {
      await login(page, account.email)
      expect(new URL(page.url()).pathname).toBe('/demo-portal')
      const menu = userMenu(page, account.role)
      await expect(menu.innerText()).resolves.toContain(account.role)
      const cookies = await page.context().cookies()
      for (const name of ['access_token_demo', 'refresh_token_demo']) {
        const cookie = cookies.find((c) => c.name === name)
        expect(cookie, name).toBeDefined()
        expect(cookie!.httpOnly).toBe(true)
        expect(cookie!.sameSite).toBe('Lax')
      }
    })
  }

  test('a welcome toast greets the user after sign-in', async ({ page }) => {
    await login(page, 'supervisor@demo.local')
    await expectText(page, /welcome back/i)
  })

  test('a wrong password shows Invalid Login and keeps the visitor on the login screen', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Email').fill('visitor@demo.local')
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: /sign in/i }).click()
    await expectText(page, 'Invalid Login')
    expect(new URL(page.url()).pathname).toBe('/login')
    expect(await cookieNames(page)).not.toContain('access_token_demo')
  })

  test('a signed-in user at /login goes on to the portal', async ({ page }) => {
    await login(page, 'agent@demo.local')
    await page.goto('/login')
    await page.waitForURL((url) => url.pathname === '/demo-portal')
  })

  test('logout clears both cookies and the portal is closed again', async ({ page }) => {
    await login(page, 'admin@demo.local')
    await userMenu(page, 'Admin').click()
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL(/\/login/)
    const names = await cookieNames(page)
    expect(names).not.toContain('access_token_demo')
    expect(names).not.toContain('refresh_token_demo')
    await page.goto('/demo-portal')
    await page.waitForURL(/\/login/)
  })

  test('an unknown path shows the not-found page with status 404', async ({ page }) => {
    const res = await page.goto('/no/such/page')
    expect(res?.status()).toBe(404)
    await expectText(page, /page not found/i)
  })
})
