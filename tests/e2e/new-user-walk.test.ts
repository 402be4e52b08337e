import { expect, expectText, login, type Page, test } from './fixtures'

// What a new user trips on: dead ends, addresses that say too much, and the phone. Each check runs the
// way a person meets it, with JavaScript and, where a form is involved, without it.

const CE = '/demo-portal/solutions/call-evaluation'
const LIST = `${CE}/evaluation-list`
const phone = { width: 390, height: 844 }

const nav = (page: Page) => page.getByRole('navigation').getByRole('link', { name: 'Document OCR' })

test.describe('no dead ends', () => {
  test('an unknown address inside the portal is a 404 page in the frame, with the navigation and a way back', async ({
    page,
    openPage,
  }) => {
    await login(page, 'supervisor@demo.local')
    for (const [address, back] of [
      ['/demo-portal/no-such-page', 'Back to the home page'],
      [`${CE}/no-such-page`, 'Back to call evaluation'],
      ['/reshub/calendar/no/such/page', 'Back to calendar'],
      ['/reshub/no/such/page', 'Back to reservation hub'],
    ]) {
      const response = await page.goto(address)
      expect(response?.status(), address).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
      await expect(nav(page)).toBeVisible()
      await expect(page.getByRole('link', { name: back })).toBeVisible()
    }
    // without JavaScript the same page, and its link leads back
    const noJs = await openPage({ javaScriptEnabled: false })
    await login(noJs, 'agent@demo.local')
    expect((await noJs.goto(`${CE}/nope`))?.status()).toBe(404)
    await noJs.getByRole('link', { name: 'Back to call evaluation' }).click()
    await noJs.waitForURL((url) => url.pathname === `${CE}/evaluation-dashboard`)
  })

  test('a page the role may not open is a 403 page in the frame that says so, not a crash', async ({ page }) => {
    await login(page, 'agent@demo.local')
    const response = await page.goto(`${CE}/manage-user`)
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible()
    await expectText(page, 'Only admins can manage users.')
    await expectText(page, 'you are signed in as Agent')
    expect(await page.getByText('Oops! something went wrong').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Refresh' }).count()).toBe(0)
    await expect(nav(page)).toBeVisible()
    await page.getByRole('link', { name: 'Back to call evaluation' }).click()
    await page.waitForURL((url) => url.pathname === `${CE}/evaluation-dashboard`)
  })
})

test.describe('filters in the address', () => {
  test('only the filters in use reach the address, with JavaScript and without', async ({ page, openPage }) => {
    for (const current of [page, await openPage({ javaScriptEnabled: false })]) {
      await login(current, 'supervisor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(LIST)}` })
      const form = current.getByRole('form', { name: 'Filter evaluations' })
      await form.getByLabel('Status').selectOption({ label: 'Acknowledged' })
      await form.getByRole('button', { name: 'Apply filters' }).click()
      await current.waitForURL((url) => url.searchParams.get('status') === 'acknowledged')
      expect(new URL(current.url()).search).toBe('?status=acknowledged')
    }
  })
})

test.describe('on a phone (390 px)', () => {
  test('the evaluation list folds its filters and shows each row as a card, with nothing off screen', async ({
    openPage,
  }) => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await openPage({ viewport: phone, javaScriptEnabled })
      await login(page, 'supervisor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(LIST)}` })
      const form = page.getByRole('form', { name: 'Filter evaluations' })
      await expect(form.getByLabel('Campaign')).toBeHidden()
      const first = page.getByRole('table', { name: 'Call evaluations' }).locator('tbody tr').first()
      // the first row is on the first screen, score and template included
      const box = (await first.boundingBox())!
      expect(box.y + 120).toBeLessThan(phone.height)
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width)
      const headers = await page.getByRole('table', { name: 'Call evaluations' }).locator('thead th').allInnerTexts()
      for (const label of ['AI score', 'Template', 'Status']) {
        const cell = first.locator('td').nth(headers.findIndex((h) => h.trim() === label))
        await expect(cell).toBeInViewport()
        // the cell says what it is (a label drawn before its value, from the same markup as the table)
        expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe(`"${label}"`)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
      // the fold opens (a native <details>, so without JavaScript too) and says how many filters are on
      await page.getByText(/^Filters/).click()
      await form.getByLabel('Status').selectOption({ label: 'Acknowledged' })
      await form.getByRole('button', { name: 'Apply filters' }).click()
      await page.waitForURL((url) => url.searchParams.get('status') === 'acknowledged')
      await expect(page.getByText('Filters (1 active)')).toBeVisible()
    }
  })

  test('the menu opens the navigation, with JavaScript and without', async ({ openPage }) => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await openPage({ viewport: phone, javaScriptEnabled })
      await login(page, 'supervisor@demo.local')
      // closed, the navbar is off screen and its links out of reach
      await expect(nav(page)).toBeHidden()
      const menu = javaScriptEnabled
        ? page.getByRole('button', { name: 'Toggle navigation' })
        : page.getByLabel('Open navigation')
      await menu.click()
      await expect(nav(page)).toBeInViewport()
      await nav(page).click()
      await page.waitForURL(/\/ocr/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    }
  })

  test('the evaluation detail leads to the review at once, and its table fits the card', async ({ openPage }) => {
    const page = await openPage({ viewport: phone })
    await login(page, 'supervisor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(LIST)}` })
    await page.locator('a[href*="/evaluation-detail/"]').first().click()
    await page.waitForURL(/evaluation-detail/)
    const jump = page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Call review' })
    expect((await jump.boundingBox())!.y).toBeLessThan(phone.height)
    await jump.click()
    const heading = page.getByRole('heading', { name: 'Call review' })
    await expect(heading).toBeInViewport()
    // every column, Auto Fail included, inside the card: no cell's content runs past its edge
    const table = page.getByRole('table', { name: 'Call review by category' })
    const card = heading.locator('xpath=ancestor::section[1]')
    const [t, c] = [(await table.boundingBox())!, (await card.boundingBox())!]
    expect(t.x + t.width).toBeLessThanOrEqual(c.x + c.width + 1)
    const overflowing = await table
      .locator('td, th')
      .evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent),
      )
    expect(overflowing).toEqual([])
  })
})
