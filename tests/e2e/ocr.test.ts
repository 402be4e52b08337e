import sharp from 'sharp'
import { expect, expectText, login, type Page, password, test } from './fixtures'

const OCR = '/demo-portal/solutions/ocr'
const DEMO = `${OCR}/demo`

/** An invoice the extractor parses: labelled number, date, vendor and total; one line item and the tax add up. */
const INVOICE_LINES = [
  'INVOICE',
  'Invoice number: INV-2044',
  'Date: 2026-03-14',
  'Vendor: Northwind Traders',
  'Consulting services 100.00',
  'Subtotal 100.00',
  'Tax 18.00',
  'Total 118.00',
]

function invoiceSvg(lines: string[]) {
  const height = 100 + lines.length * 80
  const texts = lines
    .map((l, i) => `<text x="70" y="${100 + i * 80}" font-size="44" font-family="DejaVu Sans, sans-serif">${l}</text>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${texts}</svg>`
}

let invoice: Buffer
test.beforeAll(async () => {
  invoice = await sharp(Buffer.from(invoiceSvg(INVOICE_LINES)))
    .png()
    .toBuffer()
})

const invoiceFile = (label: string) => ({
  name: `e2e-${label}-${Date.now()}.png`,
  mimeType: 'image/png',
  buffer: invoice,
})

/** The page's live status, read until it settles; a meta refresh may reload the page meanwhile. */
async function finalStatus(page: Page, timeout = 120_000) {
  const live = page.locator('[role="status"]').filter({ hasText: 'Status:' })
  let text = ''
  await expect
    .poll(
      async () => {
        text = (await live.textContent({ timeout: 2000 }).catch(() => null)) ?? ''
        return /Completed|Failed/.test(text)
      },
      { timeout, intervals: [1000] },
    )
    .toBe(true)
  return text.replace('Status:', '').trim()
}

/** Exactly this text, shown (without JavaScript the page's data also sits in inline scripts). */
async function see(page: Page, text: string) {
  await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 15_000 }).toBe(true)
}

async function expectTotal(page: Page) {
  const fields = page.getByRole('table', { name: 'Extracted fields' })
  const total = fields.getByRole('row').filter({ hasText: /total/i }).filter({ hasText: '118.00' })
  await expect.poll(() => total.count(), { timeout: 15_000 }).toBe(1)
  expect(await fields.getByRole('row').filter({ hasText: 'INV-2044' }).count()).toBe(1)
}

test.describe('document OCR', () => {
  test('a visitor uploads an invoice, follows it to its result, sees the total over the page and asks about it', async ({
    openPage,
  }) => {
    test.setTimeout(180_000)
    const page = await openPage({ viewport: { width: 1366, height: 900 } })
    await login(page, 'visitor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(OCR)}` })
    await page.waitForURL((url) => url.pathname === OCR)
    await page.getByRole('link', { name: 'Scan a document' }).click()
    await page.waitForURL((url) => url.pathname === DEMO)

    const file = invoiceFile('js')
    await page.getByRole('combobox', { name: 'Document type' }).selectOption('invoice')
    await page.locator('input[type=file][name=file]').setInputFiles(file)
    await page.getByRole('button', { name: 'Upload and read' }).click()
    // the upload's link is the pending one; once the document is read it redirects to the scanned one
    await page.waitForURL(new RegExp(`${OCR}/(pending|scanned)/\\d+$`))
    await expectText(page, 'Document Uploaded Successfully')
    const id = Number(page.url().split('/').pop())

    const status = await finalStatus(page)
    if (status !== 'Completed')
      throw new Error(`The OCR ended ${status}: ${await page.getByRole('alert').first().textContent()}`)
    expect(await page.getByRole('heading', { level: 1, name: file.name }).count()).toBe(1)
    await expectTotal(page)
    expect(new URL(page.url()).pathname).toBe(`${OCR}/scanned/${id}`)

    // the page image comes through the portal's proxy, with the word boxes drawn over it
    const image = page.getByRole('img', { name: 'Page 1 as read' })
    expect(await image.getAttribute('src')).toMatch(new RegExp(`^/resources/image/ocr/page_image/${id}/1/\\?`))
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    const boxes = page.getByRole('img', { name: 'Word boxes on page 1' })
    expect(await boxes.locator('rect').count()).toBeGreaterThan(10)
    expect(await boxes.locator('title').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/118\.00/)]),
    )
    await page.getByRole('switch', { name: 'Show word boxes' }).uncheck()
    await expect.poll(() => boxes.count()).toBe(0)
    await expectText(page, 'Invoice number: INV-2044')

    const ask = page.getByRole('form', { name: 'Ask about the document' })
    await ask.getByRole('textbox', { name: 'Your question' }).fill('What is the total?')
    await ask.getByRole('button', { name: 'Ask' }).click()
    const answer = page.getByRole('article', { name: 'Answer to: What is the total?' })
    await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toContain('118.00')
    expect(await answer.locator('blockquote').first().textContent()).toContain('118.00')

    // at phone width nothing spills sideways out of the page (the fields table scrolls in its card)
    await page.setViewportSize({ width: 390, height: 844 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(1)

    // it is listed with the scanned documents
    await page.goto(`${OCR}/scanned?q=${encodeURIComponent(file.name)}`)
    const row = page.getByRole('table', { name: 'Documents' }).getByRole('row', { name: new RegExp(file.name) })
    await expect.poll(() => row.getByText('Completed').count()).toBe(1)
  })

  test('without JavaScript: the upload posts the form, the page refreshes to the result, a question is answered and the document deletes', async ({
    noJsPage: page,
  }) => {
    test.setTimeout(180_000)
    await page.goto('/login')
    await page.getByLabel('Email').fill('visitor@demo.local')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: /sign in/i }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/demo-portal'))
    await page.goto(DEMO)

    // a file that only claims to be an image: the browser's check needs JavaScript, so the API refuses it
    await page.getByRole('combobox', { name: 'Document type' }).selectOption('invoice')
    await page
      .locator('input[type=file][name=file]')
      .setInputFiles({ name: 'not-an-image.png', mimeType: 'image/png', buffer: Buffer.from('just some text') })
    await page.getByRole('button', { name: 'Upload and read' }).click()
    const refused = page.getByRole('alert').filter({ hasText: 'Document Upload Unsuccessful' })
    await expect.poll(() => refused.count()).toBe(1)
    expect(await refused.textContent()).toMatch(/PNG, JPEG, TIFF, WebP and PDF/)

    const file = invoiceFile('nojs')
    await page.getByRole('combobox', { name: 'Document type' }).selectOption('invoice')
    await page.locator('input[type=file][name=file]').setInputFiles(file)
    await page.getByRole('button', { name: 'Upload and read' }).click()
    // the upload's link is the pending one; once the document is read it redirects to the scanned one
    await page.waitForURL(new RegExp(`${OCR}/(pending|scanned)/\\d+$`))
    await see(page, 'Document Uploaded Successfully')

    const status = await finalStatus(page)
    if (status !== 'Completed')
      throw new Error(`The OCR ended ${status}: ${await page.getByRole('alert').first().textContent()}`)
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0)
    await expectTotal(page)

    const ask = page.getByRole('form', { name: 'Ask about the document' })
    await ask.getByRole('textbox', { name: 'Your question' }).fill('What is the total?')
    await ask.getByRole('button', { name: 'Ask' }).click()
    const answer = page.getByRole('article', { name: 'Answer to: What is the total?' })
    await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toContain('118.00')

    await page.getByRole('link', { name: 'Delete' }).click()
    await page.waitForURL(/confirm-delete=1/)
    await page.getByRole('region', { name: 'Delete document' }).getByRole('button', { name: 'Delete document' }).click()
    // back to the list it was in: read, it is a scanned document
    await page.waitForURL((url) => url.pathname === `${OCR}/scanned`)
    await see(page, 'Deleted record successfully!')
  })

  test('an unknown sub-view or document answers 404', async ({ page }) => {
    await login(page, 'visitor@demo.local')
    expect((await page.goto(`${OCR}/everything`))?.status()).toBe(404)
    expect((await page.goto(`${OCR}/scanned/999999`))?.status()).toBe(404)
    await expectText(page, 'Document not found')
  })
})
