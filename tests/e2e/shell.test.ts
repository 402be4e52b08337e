import { expect, expectText, login, type Page, test, userMenu } from './fixtures'

const bell = (page: Page) => page.getByRole('link', { name: /^Notifications, / })

async function unreadFromBell(page: Page) {
  const label = (await bell(page).getAttribute('aria-label')) ?? ''
  if (/none unread/.test(label)) return 0
  const match = label.match(/(\d+) unread/)
  if (!match) throw new Error(`unexpected bell label: ${label}`)
  return Number(match[1])
}

test.describe('the portal shell', () => {
  test("each page links the Mantine styles it draws, and they keep Mantine's look under the portal's own", async ({
    page,
  }) => {
    // what a page links: Mantine's rules come in the route's own stylesheets, layered, never all of them
    const stylesheets = () =>
      page.evaluate(() =>
        [...document.styleSheets].map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n')),
      )
    await page.goto('/login')
    const signIn = page.getByRole('button', { name: 'Sign in' })
    // Button's rules win over UnstyledButton's (their layers' order), the theme's primary colour fills it
    const look = await signIn.evaluate((button) => {
      const style = getComputedStyle(button)
      return { background: style.backgroundColor, height: style.height }
    })
    expect(look.background).not.toBe('rgba(0, 0, 0, 0)')
    expect(look).toMatchObject({ height: '42px' }) // Mantine's md button
    expect(await page.getByLabel('Email').evaluate((input) => getComputedStyle(input).borderTopWidth)).toBe('1px')
    // (the first sheet declares every layer's place; the others hold the rules, in `@layer mantine.X {…}`)
    const layers = async () =>
      (await stylesheets())
        .join('\n')
        .match(/@layer mantine\.[\w-]+ \{/g)
        ?.join(' ') ?? ''
    const onLogin = await layers()
    expect(onLogin).toContain('@layer mantine.Button {')
    expect(onLogin).not.toContain('@layer mantine.Badge {')
    expect(onLogin).not.toContain('@layer mantine.Timeline {')
    // no Mantine rule outside its layer: the portal's CSS modules always have the last word
    expect((await stylesheets()).some((sheet) => /(^|\n)\.m_[0-9a-f]+/.test(sheet))).toBe(false)

    await login(page, 'supervisor@demo.local')
    const onHome = await layers()
    expect(onHome).toContain('@layer mantine.Badge {')
    expect(onHome).not.toContain('@layer mantine.Timeline {')
  })

  test('the header shows the signed-in user, their role and the navigation to every area', async ({ page }) => {
    await login(page, 'supervisor@demo.local')
    const menu = userMenu(page, 'QA Supervisor')
    await expect(menu.innerText()).resolves.toMatch(/QA Supervisor/)
    for (const name of [
      'Facial recognition',
      'Document OCR',
      'AI agent scoring',
      'Call evaluation',
      'Speech recognition',
      'Summarization',
      'Chatbot',
    ]) {
      await expect(page.getByRole('navigation').getByRole('link', { name }).first().isVisible()).resolves.toBe(true)
    }
    await expect(page.title()).resolves.toMatch(/Dashboard/)
  })

  test('the bell counts unread notifications; marking one read removes it and lowers the count', async ({ page }) => {
    await login(page, 'auditor@demo.local')
    const before = await unreadFromBell(page)
    expect(before).toBeGreaterThan(0)
    await bell(page).click()
    const dialog = page.getByRole('dialog', { name: 'Notifications' })
    const marks = dialog.getByRole('button', { name: /^Mark as read: / })
    await expect.poll(() => marks.count()).toBeGreaterThan(0)
    const firstLabel = await marks.first().getAttribute('aria-label')
    await marks.first().click()
    await expect.poll(() => unreadFromBell(page)).toBe(before - 1)
    await expect.poll(() => dialog.getByRole('button', { name: firstLabel! }).count()).toBe(0)
  })

  test('load more appends the next page without duplicates', async ({ page }) => {
    // The seed leaves the supervisor more unread notifications than one page of the panel holds.
    await login(page, 'supervisor@demo.local')
    await bell(page).click()
    const dialog = page.getByRole('dialog', { name: 'Notifications' })
    const items = dialog.locator('li')
    await expect.poll(() => items.count()).toBeGreaterThan(0)
    const first = await items.count()
    await dialog.getByRole('button', { name: 'Load more' }).click()
    await expect.poll(() => items.count()).toBeGreaterThan(first)
    const labels = await dialog
      .getByRole('button', { name: /^Mark as read: / })
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
    expect(new Set(labels).size).toBe(labels.length)
  })

  test('the navigation collapses behind a burger on a small screen', async ({ openPage }) => {
    const page = await openPage({ viewport: { width: 390, height: 800 } })
    await login(page, 'visitor@demo.local')
    const link = page.getByRole('navigation').getByRole('link', { name: 'Document OCR' }).first()
    await expect(link.isVisible()).resolves.toBe(false)
    await page
      .getByRole('button', { name: /navigation/i })
      .first()
      .click()
    await expect.poll(() => link.isVisible()).toBe(true)
  })

  test('the dashboard has a card for every solution and capability', async ({ page }) => {
    await login(page, 'visitor@demo.local')
    const main = page.getByRole('main')
    for (const name of ['Facial recognition', 'Document OCR', 'Speech recognition', 'Chatbot']) {
      await expect.poll(() => main.getByRole('link', { name: `Open ${name}` }).isVisible()).toBe(true)
    }
  })

  test('a page is painted before its code is fetched, then comes to life; without JavaScript no code is fetched', async ({
    page,
    noJsPage,
  }) => {
    await login(page, 'supervisor@demo.local')
    const list = '/demo-portal/solutions/call-evaluation/evaluation-list'
    await page.goto(list)
    await page.waitForFunction(
      () => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
    )
    // the code is asked for once the document is parsed (and painted: the browser reports a paint
    // when the frame is shown, so its time is not compared), not while it is read, as modulepreload did
    const { parsed, paint, scripts } = await page.evaluate(() => ({
      parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
      paint: performance.getEntriesByName('first-contentful-paint').length,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime),
    }))
    expect(paint).toBe(1)
    expect(scripts.length).toBeGreaterThan(5)
    expect(Math.min(...scripts)).toBeGreaterThan(parsed)
    // hydrated: a link is followed in the page, the window stays the same
    await page.evaluate(() => Object.assign(window, { sameWindow: true }))
    await page.locator('main a[href*="/evaluation-detail/"]').first().click()
    await page.waitForURL(/evaluation-detail/)
    expect(await page.evaluate(() => (window as { sameWindow?: boolean }).sameWindow)).toBe(true)

    // a browser without JavaScript is not sent code it cannot run
    await noJsPage.context().addCookies(await page.context().cookies())
    const fetched: string[] = []
    noJsPage.on('request', (request) => fetched.push(new URL(request.url()).pathname))
    await noJsPage.goto(list)
    await expectText(noJsPage, /Every scored call/)
    expect(fetched.some((path) => path.endsWith('.css'))).toBe(true)
    expect(fetched.filter((path) => path.endsWith('.js'))).toEqual([])
  })

  test('documents carry the security headers', async ({ page }) => {
    const res = await page.goto('/login')
    const headers = res!.headers()
    expect(headers['content-security-policy']).toMatch(/nonce-/)
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBeTruthy()
    await expectText(page, /sign in/i)
  })
})
