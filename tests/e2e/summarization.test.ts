import type { Request } from '@playwright/test'
import { expect, expectText, login, type Page, test } from './fixtures'

const BASE = '/demo-portal/capabilities/summarization'
const DEMO = `${BASE}/demo`
const HISTORY = `${BASE}/past_history`
const CANCELLED = 'Cancelled before it finished.'
// The stack's database lives for the whole run: every text here carries a marker of its own to find it by.
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const marker = (what: string) => `E2E-${what}-${run}`

const transcript = (ref: string) =>
  [
    'Agent: Thank you for calling Northwind Energy, my name is Priya, how can I help you today?',
    `Customer: Hi Priya, I'm calling about my bill for March, reference ${ref}. I've been charged twice, two payments of £84.20 on my bank statement.`,
    'Agent: I am sorry to hear that. Can I take your account number please?',
    'Customer: Yes, it is 7741 0093 2215.',
    'Agent: Thank you. I can see the direct debit was collected on the 1st of March and a second payment was taken on the 3rd when our system retried a payment that had already gone through.',
    'Customer: So it was your mistake? That has left me short this month.',
    'Agent: Yes, that was an error on our side. I am refunding the duplicate payment of £84.20 to your bank account today; it takes three to five working days.',
    'Agent: I have also added a £15 goodwill credit to your account, and your refund reference is RF-20931.',
    'Agent: I will send you an email confirming the refund by the end of today.',
    'Customer: Great. And if it has not arrived by next Friday?',
    'Agent: If it is not in your account by Friday the 14th, call us back with the reference and we will escalate it to our payments team.',
    'Customer: Okay, that is everything, thanks. Bye.',
  ].join('\n')

/** A long call (about 150,000 characters): long enough that the summary is still being made when Cancel is pressed. */
const longTranscript = (ref: string) => {
  const call = transcript(ref)
  return Array.from({ length: Math.floor(150_000 / (call.length + 1)) }, (_, i) =>
    i === 0 ? call : call.replace(/reference \S+\./, `follow-up call ${i}.`),
  ).join('\n')
}

/** Types a long text the way a paste does, at once (Playwright's fill types 150,000 characters slowly). */
async function pasteInto(page: Page, label: string, text: string) {
  await page.getByLabel(label).evaluate((element, value) => {
    const area = element as HTMLTextAreaElement
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, value)
    area.dispatchEvent(new Event('input', { bubbles: true }))
  }, text)
}

/** The form swaps in its "Paste text / Upload a file" switch once React has hydrated. */
async function hydrated(page: Page) {
  await page.getByRole('radio', { name: 'Paste text' }).waitFor({ state: 'attached' })
}

const isSummarizePost = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname.startsWith(DEMO)

/** The history row of the summary whose text carries `ref` (searched for, so other runs' rows do not matter). */
async function historyRow(page: Page, ref: string) {
  await page.goto(`${HISTORY}?q=${encodeURIComponent(ref)}`)
  const rows = page.getByRole('table', { name: 'Past summaries' }).getByRole('row')
  await expect.poll(() => rows.count()).toBe(2)
  return rows.nth(1)
}

test.describe('summarization', () => {
  test('a call is summarised on the page; another is cancelled midway; both are in the history', async ({
    openPage,
  }) => {
    const page = await openPage({ viewport: { width: 1366, height: 768 } })
    await login(page, 'visitor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(DEMO)}` })
    await hydrated(page)

    // 1. summarise a pasted call as call notes: the notes appear under their headings, with a link to their page
    const first = marker('notes')
    await page.getByLabel('Text to summarise').fill(transcript(first))
    await page.getByLabel('Summary type').selectOption({ label: 'Call notes' })
    await page.getByRole('button', { name: 'Summarize' }).click()
    await page.getByRole('heading', { name: 'Reason for contact' }).waitFor({ timeout: 45_000 })
    await expect.poll(() => page.getByRole('heading', { name: 'Follow-ups' }).isVisible()).toBe(true)
    const open = page.getByRole('link', { name: /^Open summary #\d+$/ })
    const firstId = Number((await open.innerText()).replace(/\D/g, ''))
    expect(page.url()).toContain(DEMO)

    // 2. another, long one: Cancel aborts the request in flight and the page goes back to the form
    const aborted: string[] = []
    page.on('requestfailed', (request) => {
      if (isSummarizePost(request)) aborted.push(request.failure()?.errorText ?? '')
    })
    let second = ''
    for (let attempt = 1; attempt <= 3 && aborted.length === 0; attempt++) {
      second = marker(`cancel${attempt}`)
      await pasteInto(page, 'Text to summarise', longTranscript(second))
      await page.getByLabel('Summary type').selectOption({ label: 'Detailed' })
      const posted = page.waitForRequest(isSummarizePost)
      await page.getByRole('button', { name: 'Summarize' }).click()
      await posted
      // the local engine is quick: if this summary beat the click, try again with a fresh one
      await page
        .getByRole('button', { name: 'Cancel' })
        .click({ timeout: 3_000 })
        .catch(() => undefined)
      await expect
        .poll(async () => aborted.length > 0 || (await page.getByRole('link', { name: /^Open summary/ }).isVisible()))
        .toBe(true)
    }
    expect(aborted).toEqual(['net::ERR_ABORTED'])
    await expectText(page, 'Summary cancelled')
    await expect.poll(() => page.getByRole('button', { name: 'Summarize' }).isEnabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0)
    expect((await page.getByLabel('Text to summarise').inputValue()).startsWith(transcript(second).slice(0, 80))).toBe(
      true,
    )

    // 3. both are in the history: the first completed, the cancelled one failed with the API's reason
    // (or completed, had the summary been made in the instant before the cancel reached the API)
    const done = await historyRow(page, first)
    await expect
      .poll(() => done.innerText())
      .toMatch(new RegExp(`#${firstId}[\\s\\S]*Call notes[\\s\\S]*Completed`, 'i'))
    const stopped = await historyRow(page, second)
    await expect
      .poll(async () => {
        await page.reload()
        return stopped.innerText()
      })
      .toMatch(/Detailed[\s\S]*(Failed|Completed)/i)
    const text = await stopped.innerText()
    if (/Failed/i.test(text)) expect(text).toContain(CANCELLED)

    // the detail page of the first shows the notes, the source and the original text folded away
    await page.goto(`${BASE}/detail?summary_id=${firstId}`)
    await expectText(page, 'Reason for contact')
    expect(await page.getByLabel('About this summary').innerText()).toMatch(
      /Completed[\s\S]*Call notes[\s\S]*Pasted text/i,
    )
    expect(await page.locator('details').first().getAttribute('open')).toBeNull()

    // delete the cancelled one, with a confirmation in a modal
    await historyRow(page, second)
    await hydratedHistory(page)
    await page.getByRole('link', { name: /^Delete summary #\d+$/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete summary' })
    await dialog.getByRole('button', { name: 'Delete summary' }).click()
    await expectText(page, 'Deleted record successfully!')
    await expectText(page, 'No summaries match these filters.')
  })

  test('without JavaScript: the form posts, the answer shows the summary, and a delete asks first', async ({
    noJsPage: page,
  }) => {
    await login(page, 'visitor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(DEMO)}` })
    await page.waitForURL((url) => url.pathname === DEMO)

    // the server checks the form too
    await page.getByRole('button', { name: 'Summarize' }).click()
    await expectText(page, 'Paste the text to summarise, or choose a file')

    const ref = marker('nojs')
    await page.getByLabel('Text to summarise').fill(transcript(ref))
    await page.getByLabel('Summary type').selectOption({ label: 'Bullet points' })
    await page.getByRole('button', { name: 'Summarize' }).click()
    await page.waitForLoadState('load')
    const summary = page.getByRole('status').filter({ hasText: 'Summary' })
    await expect.poll(() => summary.getByRole('listitem').count(), { timeout: 45_000 }).toBeGreaterThan(1)
    // the answer keeps the text for another try
    expect(await page.getByLabel('Text to summarise').inputValue()).toContain(ref)
    await page.getByRole('link', { name: /^Open summary #\d+$/ }).click()
    await page.waitForURL(/\/detail\?summary_id=\d+/)
    expect(await page.getByLabel('About this summary').innerText()).toMatch(/Completed[\s\S]*Bullet points/i)

    // delete it: the link opens a confirmation step, whose button deletes
    const row = await historyRow(page, ref)
    await row.getByRole('link', { name: /^Delete summary #\d+$/ }).click()
    await page.waitForURL(/confirm-delete=\d+/)
    await page.getByRole('region', { name: 'Delete summary' }).getByRole('button', { name: 'Delete summary' }).click()
    await page.waitForURL((url) => url.pathname === HISTORY && !url.searchParams.has('confirm-delete'))
    // without JavaScript the toast is said in a <noscript> banner (which text locators skip)
    expect(await page.content()).toMatch(
      /<noscript><div role="status"[^>]*>Deleted record successfully!<\/div><\/noscript>/,
    )
    await expectText(page, 'No summaries match these filters.')
  })

  test('on a phone the overview shows its figures and the way to the demo', async ({ openPage }) => {
    const page = await openPage({ viewport: { width: 390, height: 844 } })
    await login(page, 'visitor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(BASE)}` })
    await expectText(page, 'Summary status')
    await page.getByRole('link', { name: 'Try the demo' }).click()
    await page.waitForURL((url) => url.pathname === DEMO)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
  })
})

/** The history's Delete opens a modal once React has hydrated (before, it is a link to the confirmation step). */
async function hydratedHistory(page: Page) {
  await page.locator('button[aria-label="Toggle navigation"]').waitFor({ state: 'attached' })
}
