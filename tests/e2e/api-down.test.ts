import { expect, expectText, password, setupTimeout, test } from './fixtures'
import { startPortalWithDeadUpstream, type Stack } from './stack'

test.describe('when the upstream API is down', () => {
  let portal: Stack
  test.beforeAll(async () => {
    test.setTimeout(setupTimeout)
    portal = await startPortalWithDeadUpstream()
  })
  test.afterAll(async () => {
    await portal?.stop()
  })

  test('sign-in says Login Error', async ({ openPage }) => {
    const page = await openPage({ baseURL: portal.baseURL })
    await page.goto('/login')
    await page.getByLabel('Email').fill('admin@demo.local')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: /sign in/i }).click()
    await expectText(page, 'Login Error')
  })

  test('a protected page shows the error screen with a working Refresh link', async ({ openPage }) => {
    const page = await openPage({ baseURL: portal.baseURL })
    const { hostname } = new URL(portal.baseURL)
    // Cookie values as Remix writes them: URI-encoded base64 of the JSON value.
    const remixValue = (v: string) => encodeURIComponent(Buffer.from(JSON.stringify(v)).toString('base64'))
    await page.context().addCookies([
      { name: 'access_token_demo', value: remixValue('expired-access'), domain: hostname, path: '/' },
      { name: 'refresh_token_demo', value: remixValue('some-refresh'), domain: hostname, path: '/' },
    ])
    await page.goto('/demo-portal')
    await expectText(page, 'Oops! something went wrong')
    const refresh = page.getByRole('link', { name: 'Refresh' })
    await expect(refresh.getAttribute('href')).resolves.toMatch(/\/demo-portal/)
  })
})
