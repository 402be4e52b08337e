import { afterAll, describe, expect, it } from 'vitest'
import { cer } from './cer'
import { closeOcr, extractFields, recognise } from './index'
import { recognitions } from './pool'
import { renderLines, rotated, SAMPLE_LINES } from './test-images'
import { renderPage, TEST_PAGES } from './test-pages'

afterAll(() => closeOcr())
const testPage = (id: string) => TEST_PAGES.find((p) => p.id === id)!

describe('recognise: whole pages', () => {
  it('reads a two-column page column by column', async () => {
    const page = testPage('columns-t')
    const { pages } = await recognise(await renderPage(page))
    const text = pages[0]!.text.replace(/\s+/g, ' ')
    // the first column's second line follows its first, not the second column's first
    expect(text).toContain('The harbour wall repairs will begin in early spring')
    expect(text.indexOf('ask at the front counter')).toBeGreaterThan(text.indexOf('near the slipway is closed'))
    expect(cer(page.text, pages[0]!.text)).toBeLessThan(0.03)
  }, 60_000)

  it("keeps a letterhead's spaced-out company name, and takes it as the vendor", async () => {
    const { pages } = await recognise(await renderPage(testPage('bill-t')))
    expect(pages[0]!.text.split('\n')[0]).toBe('NORTHGATE ENERGY')
    const fields = extractFields(pages, 'invoice')
    expect(fields.find((f) => f.name === 'vendor')?.value).toBe('NORTHGATE ENERGY')
    expect(fields.find((f) => f.name === 'total')).toMatchObject({ value: '140.72', valid: true })
  }, 60_000)

  it('reads a page on its side with one full recognition', async () => {
    const before = recognitions.pages
    const { pages } = await recognise(await rotated(await renderLines(SAMPLE_LINES), 90))
    expect(pages[0]!.rotation).toBe(270)
    expect(cer(SAMPLE_LINES.join('\n'), pages[0]!.text)).toBeLessThan(0.05)
    expect(recognitions.pages - before).toBe(1)
  }, 60_000)
})
