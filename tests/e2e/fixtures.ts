import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test'

export { expect, type Page }

export const password = 'Demo@1234'
export const demoAccounts = [
  { email: 'admin@demo.local', role: 'Admin' },
  { email: 'supervisor@demo.local', role: 'QA Supervisor' },
  { email: 'auditor@demo.local', role: 'Auditor' },
  { email: 'agent@demo.local', role: 'Agent' },
  { email: 'visitor@demo.local', role: 'Visitor' },
  { email: 'clinician@demo.local', role: 'Clinician' },
] as const

/** Setting up a server of a spec's own (a beforeAll) may take this long on a loaded machine. */
export const setupTimeout = 180_000

/** The shared stack's addresses, which global-setup.ts put in the environment before the workers started. */
function fromStack(name: 'E2E_BASE_URL' | 'E2E_API_URL') {
  const value = process.env[name]
  if (!value)
    throw new Error(`${name} is not set: run the suite with \`playwright test\`, whose global setup starts the stack`)
  return value
}

type PageOptions = Pick<BrowserContextOptions, 'baseURL' | 'javaScriptEnabled' | 'viewport'>

type Fixtures = {
  /** Another page in a browser context of its own: someone else, or other options than the config's. */
  openPage: (options?: PageOptions) => Promise<Page>
  /** A page in a context of its own with JavaScript disabled: the portal as plain forms and links. */
  noJsPage: Page
}

// (a fixture's second argument is named `provide`, not `use`: the React hooks lint rule reads `use` as React's)
export const test = base.extend<Fixtures, { apiURL: string }>({
  page: async ({ page }, provide) => provide(gotoThenHydrated(page)),
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => provide(fromStack('E2E_BASE_URL')),
  // eslint-disable-next-line no-empty-pattern
  apiURL: [async ({}, provide) => provide(fromStack('E2E_API_URL')), { scope: 'worker' }],
  openPage: async ({ browser }, provide) => {
    const contexts: BrowserContext[] = []
    // browser.newContext() inside a test takes the config's options (baseURL, viewport, timeouts),
    // and its pages get the same screenshots and traces as the `page` fixture's
    await provide(async (options = {}) => {
      const context = await browser.newContext(options)
      contexts.push(context)
      return gotoThenHydrated(await context.newPage())
    })
    await Promise.all(contexts.map((context) => context.close()))
  },
  noJsPage: async ({ openPage }, provide) => provide(await openPage({ javaScriptEnabled: false })),
})

/** Signs in through the login form, as a person would, and waits for the portal. */
export async function login(page: Page, email: string, { to = '/login' } = {}) {
  await page.goto(to)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  // with JavaScript on, the page's code comes after its first paint: wait until it answers clicks
  if (await page.evaluate(() => '__remixContext' in window)) await hydrated(page)
}

/** Waits until React has hydrated the page (root.tsx marks `<html data-hydrated>`). */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/**
 * `page.goto` that, with JavaScript on, also waits for hydration: a page's code comes after its
 * first paint, and a test that clicked a control hydration swaps raced React (the face form's
 * camera input, the bell). A page without the app's code (sign-in) or without JavaScript returns
 * at once.
 */
function gotoThenHydrated(page: Page) {
  const goto = page.goto.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    if (await page.evaluate(() => '__remixContext' in window)) await hydrated(page)
    return response
  }
  return page
}

export async function cookieNames(page: Page) {
  return (await page.context().cookies()).map((c) => c.name)
}

export async function expectText(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible({ timeout: 15_000 })
}

/** The signed-in user's menu in the header: the disclosure whose summary shows their name and role. */
export const userMenu = (page: Page, role: string) => page.locator('header summary', { hasText: role })
