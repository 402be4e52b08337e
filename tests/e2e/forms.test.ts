import type { ActionStatus, EvaluationSummary } from '#contract/evaluations'
import { paths } from '#contract/paths'
import type { Locator } from '@playwright/test'
import { expect, expectText, hydrated, login, type Page, password, test } from './fixtures'

// A new user's walk through three forms (issue 19): creating a user reports every error in one round
// and marks what the role requires; an agent acknowledges or disputes with a reason; the template
// editor folds its categories and keeps its save bar in view. Each with JavaScript and without.

const CE = '/demo-portal/solutions/call-evaluation'
const USER_ADD = `${CE}/manage-user/add`
const TEMPLATES = `${CE}/manage-template`
const detailPath = (id: number) => `${CE}/evaluation-detail/${id}`

const desktop = { width: 1366, height: 768 }
const phone = { width: 390, height: 844 }

const everyError = [
  'First name is required',
  'Last name is required',
  'Email is required',
  'Employee code is required for agents and QA supervisors',
  'Department is required for agents and QA supervisors',
  'Location is required for agents and QA supervisors',
]
const staffFields = ['Employee code', 'Department', 'Location']

/** A category's own fold and its summary (a question has a fold of its own inside). */
const fold = (category: Locator) => category.locator(':scope > details')
const summaryOf = (category: Locator) => fold(category).locator(':scope > summary')

/** Whether the field is marked required for a screen reader (aria-required) and for the eye (the label's asterisk). */
async function marked(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: false }).first()
  const aria = await field.getAttribute('aria-required')
  const id = await field.getAttribute('id')
  const asterisk = await page.locator(`label[for="${id}"] [aria-hidden="true"]`).count()
  return { aria: aria === 'true', asterisk: asterisk > 0, native: (await field.getAttribute('required')) !== null }
}

test.describe('creating a user', () => {
  test('with JavaScript: every error in one round, and the fields the chosen role requires are marked', async ({
    openPage,
  }) => {
    const page = await openPage({ viewport: desktop })
    await login(page, 'admin@demo.local', { to: `/login?redirectTo=${encodeURIComponent(USER_ADD)}` })
    await hydrated(page)
    for (const label of staffFields)
      expect(await marked(page, label)).toEqual({ aria: true, asterisk: true, native: false })
    expect(await marked(page, 'First name')).toEqual({ aria: true, asterisk: true, native: false })
    // the accessible name is the label alone: the asterisk is for the eye
    await expect(page.getByRole('textbox', { name: 'Employee code', exact: true })).toBeVisible()

    await page.getByRole('button', { name: 'Create user' }).click()
    for (const message of everyError) await expect(page.getByText(message, { exact: true })).toBeVisible()
    await expect(page.getByLabel('First name')).toBeFocused()

    // the marks and the role's errors follow the role
    await page.getByLabel('Role').selectOption('auditor')
    for (const label of staffFields)
      expect(await marked(page, label)).toEqual({ aria: false, asterisk: false, native: false })
    await expect(page.getByText('Location is required for agents and QA supervisors')).toHaveCount(0)
    await expect(page.getByText('First name is required')).toBeVisible()
    await page.getByLabel('Role').selectOption('qa_supervisor')
    for (const label of staffFields) expect((await marked(page, label)).aria).toBe(true)
  })

  test('without JavaScript: the same round, the marks rendered for the role posted', async ({ openPage }) => {
    const page = await openPage({ javaScriptEnabled: false, viewport: phone })
    await login(page, 'admin@demo.local')
    await page.goto(USER_ADD)
    // agent, the default role: the server marks its fields
    for (const label of staffFields)
      expect(await marked(page, label)).toEqual({ aria: true, asterisk: true, native: false })
    await page.getByRole('button', { name: 'Create user' }).click()
    await page.waitForLoadState()
    for (const message of everyError) await expect(page.getByText(message, { exact: true })).toBeVisible()

    // posted as an auditor: no staff record asked for, nor marked
    await page.getByLabel('Role').selectOption('auditor')
    await page.getByRole('button', { name: 'Create user' }).click()
    await page.waitForLoadState()
    await expect(page.getByText('First name is required')).toBeVisible()
    await expect(page.getByText('Location is required for agents and QA supervisors')).toHaveCount(0)
    for (const label of staffFields) expect((await marked(page, label)).aria).toBe(false)
  })
})

test.describe("an agent's answer to an evaluation", () => {
  /** The agent's own evaluations that they may still acknowledge or dispute, one per test. */
  const open: number[] = []

  test.beforeAll(async ({ apiURL }) => {
    const call = async <T>(path: string, token?: string, init: RequestInit = {}) => {
      const response = await fetch(apiURL + path, {
        ...init,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      })
      return ((await response.json()) as { data: T }).data
    }
    const { access } = await call<{ access: string }>(paths.login, undefined, {
      method: 'POST',
      body: JSON.stringify({ email: 'agent@demo.local', password }),
    })
    for (const status of ['reviewed', 'ai_evaluated']) {
      const list = await call<{ results: EvaluationSummary[] }>(
        `${paths.evaluationList}?page_size=100&status=${status}`,
        access,
      )
      for (const evaluation of list.results) {
        const action = await call<ActionStatus>(`${paths.getActionStatus}?ca_audit_id=${evaluation.id}`, access)
        if (action.allowed.includes('disputed')) open.push(evaluation.id)
        if (open.length >= 3) return
      }
    }
  })

  test('with JavaScript: Acknowledge, or Dispute, which says why it needs a reason', async ({ openPage }) => {
    const id = open.shift()
    test.skip(id === undefined, 'the seed left the demo agent nothing to answer')
    const page = await openPage({ viewport: desktop })
    await login(page, 'agent@demo.local', { to: `/login?redirectTo=${encodeURIComponent(detailPath(id!))}` })
    await hydrated(page)
    const panel = page.getByRole('region', { name: 'Status' })
    await expect(panel.getByRole('button', { name: 'Acknowledge' })).toBeVisible()
    await expect(panel.getByRole('combobox', { name: 'Move to' })).toHaveCount(0)
    const reason = panel.getByRole('textbox', { name: 'Reason for the dispute' })
    await expect(reason).toHaveAttribute('aria-required', 'true')

    await panel.getByRole('button', { name: 'Dispute', exact: true }).click()
    await expect(
      panel.getByText('A dispute needs a reason: say what in the evaluation you disagree with.'),
    ).toBeVisible()
    await expect(reason).toBeFocused()
    await expect(reason).toHaveAttribute('aria-invalid', 'true')

    await reason.fill('The customer had already verified their date of birth.')
    await panel.getByRole('button', { name: 'Dispute', exact: true }).click()
    await expectText(page, 'Status changed to Disputed')
    await expect(panel.getByText('The customer had already verified their date of birth.')).toBeVisible()
    await expect(panel.getByText("You can't change this evaluation's status now.")).toBeVisible()
  })

  test('without JavaScript: the answer opens at the panel with the reason asked for; Acknowledge', async ({
    openPage,
  }) => {
    const [disputed, acknowledged] = [open.shift(), open.shift()]
    test.skip(disputed === undefined || acknowledged === undefined, 'the seed left the demo agent too little to answer')
    const page = await openPage({ javaScriptEnabled: false, viewport: phone })
    await login(page, 'agent@demo.local')
    await page.goto(detailPath(disputed!))
    const panel = page.getByRole('region', { name: 'Status' })
    // on a phone the buttons keep their whole names
    for (const name of ['Acknowledge', 'Dispute']) {
      const label = panel.getByRole('button', { name, exact: true }).locator('span', { hasText: name }).last()
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    }
    await panel.getByRole('button', { name: 'Dispute', exact: true }).click()
    await page.waitForURL((url) => url.hash === '#evaluation-status')
    await expect(
      panel.getByText('A dispute needs a reason: say what in the evaluation you disagree with.'),
    ).toBeInViewport()
    await panel.getByRole('textbox', { name: 'Reason for the dispute' }).fill('The greeting was there at 0:04.')
    await panel.getByRole('button', { name: 'Dispute', exact: true }).click()
    // a regex: Playwright's plain-text match skips the <noscript> toast a JS-less page shows
    await expectText(page, /Status changed to Disputed/)

    await page.goto(detailPath(acknowledged!))
    await panel.getByRole('button', { name: 'Acknowledge' }).click()
    await expectText(page, /Status changed to Acknowledged/)
  })
})

test.describe('the template editor', () => {
  for (const [device, viewport] of Object.entries({ desktop, phone })) {
    test(`folds its categories and keeps the save bar in view (${device})`, async ({ openPage }) => {
      const page = await openPage({ viewport })
      await login(page, 'supervisor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(TEMPLATES)}` })
      await hydrated(page)
      await page.locator('table a[href*="/manage-template/"]').first().click()
      await page.waitForURL(/\/manage-template\/[0-9a-f-]{36}$/)
      const categories = page.getByRole('region', { name: /^Category \d+/ })
      await expect.poll(() => categories.count()).toBeGreaterThan(1)
      const count = await categories.count()
      const openCategories = page.locator('section > details[open]')
      expect(await openCategories.count()).toBe(0)
      // folded, a seeded template is a page or two, not thousands of pixels
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(viewport.height * 3)

      const save = page.getByRole('button', { name: 'Save as new version' })
      await expect(save).toBeInViewport({ ratio: 1 })
      // open every category: the page grows long, the bar stays at the bottom of the window
      for (let i = 0; i < count; i++) await summaryOf(categories.nth(i)).click()
      expect(await openCategories.count()).toBe(count)
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      for (const at of [0.25, 0.5, 1]) {
        await page.evaluate((y) => window.scrollTo(0, y), height * at)
        await expect(save).toBeInViewport({ ratio: 1 })
        const box = (await save.boundingBox())!
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
        expect(box.y).toBeGreaterThan(viewport.height - 120)
      }
      // a field focused below the window scrolls into view above the bar, not under it
      await page.evaluate(() => window.scrollTo(0, 0))
      const below = await page
        .locator('textarea')
        .evaluateAll((all) => all.findIndex((t) => t.getBoundingClientRect().top > window.innerHeight))
      const field = page.locator('textarea').nth(below)
      await field.focus()
      await expect(field).toBeInViewport()
      const box = (await field.boundingBox())!
      const bar = (await save.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y)
    })
  }

  test('without JavaScript, a category folds and unfolds, and one with an error comes back open', async ({
    openPage,
  }) => {
    const page = await openPage({ javaScriptEnabled: false, viewport: desktop })
    await login(page, 'supervisor@demo.local')
    await page.goto(TEMPLATES)
    await page.locator('table a[href*="/manage-template/"]').first().click()
    const second = page.getByRole('region', { name: /^Category 2\b/ })
    await expect(fold(second)).not.toHaveAttribute('open')
    // folded, a category lists its questions; its fields come with a round trip that answers it open
    await summaryOf(second).click()
    await expect(second.getByRole('listitem').first()).toBeVisible()
    await expect(second.getByLabel('Category name')).toHaveCount(0)
    await second.getByRole('button', { name: 'Edit category 2' }).click()
    await page.waitForLoadState()
    await expect(fold(second)).toHaveAttribute('open', '')
    await expect(fold(page.getByRole('region', { name: /^Category 1\b/ }))).not.toHaveAttribute('open')
    await expect(second.getByLabel('Category name')).toBeVisible()
    await second.getByLabel('Category name').fill('')
    await summaryOf(second).click()
    await expect(second.getByLabel('Category name')).toBeHidden()

    await page.getByRole('button', { name: 'Save as new version' }).click()
    await page.waitForLoadState()
    const again = page.getByRole('region', { name: /^Category 2\b/ })
    await expect(fold(again)).toHaveAttribute('open', '')
    await expect(again.getByText('Category name is required')).toBeVisible()
    await expect(again.getByText(/has errors/)).toBeVisible()
    await expect(fold(page.getByRole('region', { name: /^Category 1\b/ }))).not.toHaveAttribute('open')
  })
})
