import { cookieNames, expect, expectText, password, test, userMenu } from './fixtures'

test.describe('without JavaScript', () => {
  test('sign-in, the bell panel and logout work as plain forms and links', async ({ noJsPage: page }) => {
    await page.goto('/demo-portal/')
    await page.waitForURL(/\/login/)
    await page.getByLabel('Email').fill('auditor@demo.local')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: /sign in/i }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/demo-portal'))
    expect(await cookieNames(page)).toContain('access_token_demo')
    await expectText(page, /welcome back/i)

    await page
      .getByRole('link', { name: /notifications/i })
      .first()
      .click()
    await page.waitForURL(/notifications=open/)
    await expect(page.getByRole('button', { name: /mark .* read/i }).count()).resolves.toBeGreaterThan(0)

    await userMenu(page, 'Auditor').click()
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL(/\/login/)
    expect(await cookieNames(page)).not.toContain('access_token_demo')
  })

  test('a wrong password shows Invalid Login', async ({ noJsPage: page }) => {
    await page.goto('/login')
    await page.getByLabel('Email').fill('visitor@demo.local')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: /sign in/i }).click()
    await expectText(page, 'Invalid Login')
  })

  test('field errors come back from the server', async ({ noJsPage: page }) => {
    await page.goto('/login')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Password').fill('x')
    // The browser's own validation would stop a JS-less form with type=email; submit the form directly.
    await page
      .locator('form[method="post"]')
      .first()
      .evaluate((f) => (f as HTMLFormElement).setAttribute('novalidate', ''))
    await page.getByRole('button', { name: /sign in/i }).click()
    await expectText(page, /valid email/i)
  })
})
