import { expect, login, type Page, test } from './fixtures'

/*
 * A new user's walk (issue 19): the demo opens facial recognition, document OCR, speech recognition
 * and summarization with items the engines made from the repository's own inputs, seeded on the
 * stack's first start (global-setup.ts: SEED_SHOWCASE for the visitor) and worked through by the
 * ordinary jobs. Other specs add the visitor's own uploads alongside; the seeded items are found
 * by their names.
 */

const FACE = '/demo-portal/solutions/face-recognition'
const OCR = '/demo-portal/solutions/ocr'
const SPEECH = '/demo-portal/capabilities/speech-recognition'
const SUM = '/demo-portal/capabilities/summarization'

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The jobs may still be running when this spec starts on a slow machine: reload until the row settles. */
async function settledRow(page: Page, url: string, table: string, name: string, timeout = 300_000) {
  const row = page.getByRole('table', { name: table }).getByRole('row', { name: new RegExp(literally(name)) })
  let text = ''
  await expect
    .poll(
      async () => {
        await page.goto(url)
        text =
          (await row
            .first()
            .innerText({ timeout: 2_000 })
            .catch(() => '')) ?? ''
        return /Completed|Failed/.test(text)
      },
      { timeout, intervals: [2_000, 5_000] },
    )
    .toBe(true)
  expect(text, `${name}: ${text}`).toContain('Completed')
  return row.first()
}

test.describe('the showcase', () => {
  test('a visitor’s first look: every area filled by the engines, not zeros', async ({ page }) => {
    test.setTimeout(600_000)
    await login(page, 'visitor@demo.local')

    // document OCR: the invoice read, its fields extracted from the page
    const invoice = 'brightwater-supplies-INV-20931.png'
    const row = await settledRow(page, `${OCR}/scanned?q=${invoice}`, 'Documents', invoice)
    await row.getByRole('link', { name: invoice, exact: true }).click()
    const fields = page.getByRole('table', { name: 'Extracted fields' })
    await expect(fields.getByRole('row').filter({ hasText: 'INV-20931' })).toHaveCount(1)
    await expect(fields.getByRole('row').filter({ hasText: /total/i }).filter({ hasText: '187.07' })).toHaveCount(1)
    for (const other of ['northgate-energy-statement-feb-2024.png', 'corner-market-receipt-photo.jpg'])
      await settledRow(page, `${OCR}/scanned?q=${other}`, 'Documents', other)
    await page.goto(OCR)
    await expect(page.getByText('No documents yet.')).toHaveCount(0)

    // summarization: a call transcript as call notes
    const transcript = 'acme-standing-order-setup-transcript.txt'
    const summary = await settledRow(page, `${SUM}/past_history?q=${transcript}`, 'Past summaries', transcript)
    await summary.getByRole('link', { name: new RegExp(`^#\\d+ · ${literally(transcript)}$`) }).click()
    await expect(page.getByRole('heading', { name: 'Reason for contact' })).toBeVisible({ timeout: 15_000 })
    await page.goto(SUM)
    await expect(page.getByText('No summaries yet.')).toHaveCount(0)

    // facial recognition: the enrolled people, a match and a refusal
    await expect
      .poll(
        async () => {
          await page.goto(`${FACE}/total_scanned`)
          return page.getByRole('table', { name: 'Total scanned scans' }).getByText('Marcus Whitfield').count()
        },
        { timeout: 120_000, intervals: [2_000, 5_000] },
      )
      .toBeGreaterThanOrEqual(3)
    const scans = page.getByRole('table', { name: 'Total scanned scans' })
    await expect(
      scans.getByRole('row').filter({ hasText: 'Marcus Whitfield' }).filter({ hasText: 'Validated' }),
    ).not.toHaveCount(0)
    await expect(
      scans.getByRole('row').filter({ hasText: 'Marcus Whitfield' }).filter({ hasText: 'Invalidated' }),
    ).not.toHaveCount(0)
    await page.goto(`${FACE}/demo`)
    const people = page.getByRole('table', { name: 'Enrolled people' })
    for (const name of ['Marcus Whitfield', 'Owen Gallagher', 'Jordan Reyes'])
      await expect(people.getByText(name, { exact: true })).toHaveCount(1)

    // speech recognition: the demo calls transcribed, the stereo one a speaker per channel
    for (const file of ['acme-standing-order-setup.ogg', 'contoso-test-results-callback.ogg'])
      await settledRow(page, `${SPEECH}/past_history?q=${file}`, 'Recordings', file)
    const stereo = 'northwind-court-threat-stereo.wav'
    const call = await settledRow(page, `${SPEECH}/past_history?q=${stereo}`, 'Recordings', stereo)
    await call.getByRole('link', { name: stereo, exact: true }).click()
    await page.waitForURL(/[?&]recording_id=\d+/)
    await expect
      .poll(() => page.getByRole('list', { name: 'Transcript' }).getByRole('button').count(), { timeout: 15_000 })
      .toBeGreaterThan(1)
    await page.goto(SPEECH)
    await expect(page.getByText('No recordings yet.')).toHaveCount(0)
  })
})
