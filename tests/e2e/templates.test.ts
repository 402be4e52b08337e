import { expect, expectText, login, type Page, test } from './fixtures'

const LIST = '/demo-portal/solutions/call-evaluation/manage-template'
// The stack's database lives for the whole run: every template made here has a name of its own.
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** The shell swaps its no-JavaScript menu for a burger once React has hydrated. */
async function hydrated(page: Page) {
  await page.locator('button[aria-label="Toggle navigation"]').waitFor({ state: 'attached' })
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`)
// a category's region is named by its heading, "Category 1: Opening"
const categories = (page: Page) => page.getByRole('region', { name: /^Category \d+/ })

async function fillQuestion(page: Page, at: string, text: string, phrases: string) {
  await field(page, `${at}.question_text`).fill(text)
  await field(page, `${at}.evidence_phrases`).fill(phrases)
}

/** Name, one category, then a second one added with the Add category button, as a supervisor would. */
async function createTemplate(page: Page, name: string) {
  await page.getByLabel('Template name').fill(name)
  await field(page, 'description').fill('Made by the end-to-end tests.')
  await field(page, 'categories[0].name').fill('Opening')
  await fillQuestion(page, 'categories[0].questions[0]', 'Did the agent greet the caller?', 'good morning\nhello')
  await page.getByRole('button', { name: 'Add category' }).click()
  await expect.poll(() => categories(page).count()).toBe(2)
  await field(page, 'categories[1].name').fill('Compliance')
  await field(page, 'categories[1].weight').fill('3')
  // (without JavaScript the first category, complete, comes back folded: the box by its name, not its place)
  await field(page, 'categories[1].auto_failed').check()
  await fillQuestion(page, 'categories[1].questions[0]', 'Did the agent read the disclosure?', 'this call is recorded')
  await page.getByRole('button', { name: 'Create template' }).click()
  await page.waitForURL((url) => url.pathname === LIST)
  // a regex: Playwright's plain-text match skips the <noscript> toast a JS-less page shows
  await expectText(page, /Template created successfully/)
}

async function searchFor(page: Page, name: string) {
  await page.getByLabel('Search templates').fill(name)
  await page.getByRole('button', { name: 'Search' }).click()
  await page.waitForURL((url) => url.searchParams.get('q') === name)
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name }) })

test.describe('template management', () => {
  test('a supervisor creates, edits (new version) and deletes a template', async ({ page }) => {
    await login(page, 'supervisor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(LIST)}` })
    await hydrated(page)
    const name = `E2E script ${run}`

    await page.getByRole('link', { name: 'New template' }).click()
    await page.waitForURL(`**${LIST}/add`)
    await createTemplate(page, name)
    await searchFor(page, name)
    await expect.poll(() => row(page, name).innerText()).toMatch(/v1\s+2\s+2\s+Active\s+Daniel Okafor/i)

    await row(page, name)
      .getByRole('link', { name: `Edit ${name}` })
      .click()
    await expect.poll(() => categories(page).count()).toBe(2)
    // a saved category is folded to its name: open it to edit its questions
    await categories(page).first().getByRole('heading', { name: 'Category 1: Opening' }).click()
    await page.getByRole('button', { name: 'Add question to category 1' }).click()
    await fillQuestion(page, 'categories[0].questions[1]', 'Did the agent give their name?', 'my name is')
    await page.getByRole('button', { name: 'Move question 2 in category 1 up' }).click()
    await expect
      .poll(() => field(page, 'categories[0].questions[0].question_text').inputValue())
      .toBe('Did the agent give their name?')
    await page.getByRole('button', { name: 'Save as new version' }).click()
    await page.waitForURL((url) => url.pathname === LIST)
    await expectText(page, /Template updated successfully/)
    await searchFor(page, name)
    await expect.poll(() => row(page, name).innerText()).toMatch(/v2\s+2\s+3\s+Active/i)
    await row(page, name)
      .getByRole('link', { name: `Edit ${name}` })
      .click()
    await expect
      .poll(() => field(page, 'categories[0].questions[0].question_text').inputValue())
      .toBe('Did the agent give their name?')
    await expect(field(page, 'categories[0].questions[1].evidence_phrases').inputValue()).resolves.toBe(
      'good morning\nhello',
    )

    await page.getByRole('link', { name: '← Templates' }).click()
    await searchFor(page, name)
    await row(page, name)
      .getByRole('link', { name: `Delete ${name}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Delete template' })
    await expect.poll(() => dialog.innerText()).toContain(name)
    await dialog.getByRole('button', { name: 'Delete template' }).click()
    await expectText(page, /Template deleted successfully/)
    await expect.poll(() => row(page, name).count()).toBe(0)
    await expectText(page, `No templates match “${name}”.`)
  })

  test('the same works without JavaScript: add a category, create, confirm and delete', async ({ noJsPage: page }) => {
    await login(page, 'supervisor@demo.local')
    const name = `No-JS script ${run}`
    await page.goto(`${LIST}/add`)
    // An empty save comes back from the server with the contract's messages
    await page.getByRole('button', { name: 'Create template' }).click()
    await expectText(page, 'Template name is required')
    await createTemplate(page, name)
    await searchFor(page, name)
    await expect.poll(() => row(page, name).innerText()).toMatch(/v1\s+2\s+2\s+Active/i)

    await row(page, name)
      .getByRole('link', { name: `Delete ${name}` })
      .click()
    await page.waitForURL(/confirm-delete=/)
    const panel = page.getByRole('region', { name: 'Delete template' })
    await panel.getByRole('button', { name: 'Delete template' }).click()
    await page.waitForURL((url) => url.pathname === LIST && !url.searchParams.has('confirm-delete'))
    await expectText(page, /Template deleted successfully/)
    await expect.poll(() => row(page, name).count()).toBe(0)
  })

  test('an agent reads templates but cannot manage them', async ({ page }) => {
    await login(page, 'agent@demo.local', { to: `/login?redirectTo=${encodeURIComponent(LIST)}` })
    await expectText(page, 'Inbound customer service')
    await expect(page.getByRole('link', { name: 'New template' }).count()).resolves.toBe(0)
    await page.getByRole('link', { name: 'View Inbound customer service' }).click()
    await expectText(page, 'Only admins and QA supervisors can manage templates.')
    await expect(page.getByLabel('Template name').isDisabled()).resolves.toBe(true)
    // the add page is refused: a 403 page in the frame, not a form
    expect((await page.goto(`${LIST}/add`))?.status()).toBe(403)
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible()
    await expect(page.getByLabel('Template name').count()).resolves.toBe(0)
  })
})
