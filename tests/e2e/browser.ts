import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, inject, type TestContext } from 'vitest'
import { root } from './stack'

export const password = 'Demo@1234'
export const demoAccounts = [
  { email: 'admin@demo.local', role: 'Admin' },
  { email: 'supervisor@demo.local', role: 'QA Supervisor' },
  { email: 'auditor@demo.local', role: 'Auditor' },
  { email: 'agent@demo.local', role: 'Agent' },
  { email: 'visitor@demo.local', role: 'Visitor' },
] as const

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** One Chromium per spec file; a fresh context per test; a screenshot of every failure. */
export function useBrowser() {
  const state: { browser?: Browser; contexts: BrowserContext[]; pages: Page[] } = { contexts: [], pages: [] }
  beforeAll(async () => {
    state.browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args })
  })
  afterEach(async (ctx: TestContext) => {
    if (ctx.task.result?.state === 'fail') {
      const dir = join(root, 'test-results')
      mkdirSync(dir, { recursive: true })
      const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)
      await Promise.all(
        state.pages.map((p, i) => p.screenshot({ path: join(dir, `${name}-${i}.png`), fullPage: true }).catch(() => {})),
      )
    }
    await Promise.all(state.contexts.map((c) => c.close()))
    state.contexts = []
    state.pages = []
  })
  afterAll(async () => {
    await state.browser?.close()
  })

  return {
    baseURL: () => inject('baseURL'),
    async page(options: { javaScriptEnabled?: boolean; baseURL?: string; viewport?: { width: number; height: number } } = {}) {
      const context = await state.browser!.newContext({
        baseURL: options.baseURL ?? inject('baseURL'),
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        viewport: options.viewport ?? { width: 1280, height: 800 },
      })
      context.setDefaultTimeout(15_000)
      state.contexts.push(context)
      const page = await context.newPage()
      state.pages.push(page)
      return page
    },
  }
}

/** Signs in through the login form, as a person would, and waits for the portal. */
export async function login(page: Page, email: string, { to = '/login' } = {}) {
  await page.goto(to)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

export async function cookieNames(page: Page) {
  return (await page.context().cookies()).map((c) => c.name)
}

export async function expectText(page: Page, text: string | RegExp) {
  await expect.poll(async () => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true)
}
