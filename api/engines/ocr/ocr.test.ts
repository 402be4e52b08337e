import { PDFDocument, StandardFonts } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { cer } from './cer'
import { closeOcr, OcrError, recognise, sniffDocument } from './index'
import { renderLines, rotated, SAMPLE_LINES, withNoise } from './test-images'

afterAll(() => closeOcr())
const reference = SAMPLE_LINES.join('\n')

async function expectOcrError(promise: Promise<unknown>, code: OcrError['code']) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(OcrError)
  expect((error as OcrError).code).toBe(code)
}

describe('recognise: images', () => {
  it('reads a clean page with a low character error rate and word boxes', async () => {
    const { pages, durationMs } = await recognise(await renderLines(SAMPLE_LINES))
    expect(pages).toHaveLength(1)
    expect(cer(reference, pages[0]!.text)).toBeLessThan(0.03)
    expect(pages[0]!.source).toBe('ocr')
    expect(pages[0]!.rotation).toBe(0)
    expect(pages[0]!.words.length).toBeGreaterThan(20)
    expect(pages[0]!.words[0]!.confidence).toBeGreaterThan(60)
    expect(sniffDocument(pages[0]!.image)?.ext).toBe('png')
    expect(durationMs).toBeGreaterThan(0)
  }, 60_000)

  it('turns a page that lies on its side upright', async () => {
    const { pages } = await recognise(await rotated(await renderLines(SAMPLE_LINES), 90))
    expect(pages[0]!.rotation).toBe(270)
    expect(cer(reference, pages[0]!.text)).toBeLessThan(0.05)
  }, 60_000)

  it('reads a slightly skewed JPEG', async () => {
    const jpeg = await sharp(await rotated(await renderLines(SAMPLE_LINES), 2))
      .jpeg({ quality: 80 })
      .toBuffer()
    const { pages } = await recognise(jpeg)
    expect(cer(reference, pages[0]!.text)).toBeLessThan(0.08)
  }, 60_000)

  it('reads through salt-and-pepper noise', async () => {
    const { pages } = await recognise(await withNoise(await renderLines(SAMPLE_LINES)))
    expect(cer(reference, pages[0]!.text)).toBeLessThan(0.1)
  }, 60_000)

  it('reads TIFF and WebP as well as PNG and JPEG', async () => {
    const png = await renderLines(SAMPLE_LINES.slice(0, 1))
    for (const bytes of [await sharp(png).tiff().toBuffer(), await sharp(png).webp({ lossless: true }).toBuffer()]) {
      const { pages } = await recognise(bytes)
      expect(cer(SAMPLE_LINES[0]!, pages[0]!.text)).toBeLessThan(0.05)
    }
  }, 60_000)
})

describe('recognise: PDFs', () => {
  it('uses the text layer of each page of a two-page PDF', async () => {
    const pdf = await PDFDocument.create()
    const font = await pdf.embedFont(StandardFonts.Helvetica)
    for (const text of ['First page of the contract text', 'Second page with the signatures']) {
      pdf.addPage([595, 842]).drawText(text, { x: 50, y: 760, size: 18, font })
    }
    const { pages } = await recognise(await pdf.save())
    expect(pages.map((p) => p.source)).toEqual(['text_layer', 'text_layer'])
    expect(pages[0]!.text).toContain('First page of the contract text')
    expect(pages[1]!.text).toContain('Second page with the signatures')
    expect(pages[0]!.words[0]!.box.y0).toBeLessThan(200)
    expect(sniffDocument(pages[1]!.image)?.ext).toBe('png')
  }, 60_000)

  it('renders and OCRs a scanned page that has no text layer', async () => {
    const pdf = await PDFDocument.create()
    const png = await pdf.embedPng(await renderLines(SAMPLE_LINES.slice(0, 2)))
    pdf.addPage([700, 200]).drawImage(png, { x: 0, y: 0, width: 700, height: 200 })
    const { pages } = await recognise(await pdf.save())
    expect(pages[0]!.source).toBe('ocr')
    expect(cer(SAMPLE_LINES.slice(0, 2).join('\n'), pages[0]!.text)).toBeLessThan(0.05)
  }, 60_000)

  it('refuses a PDF over the page bound', async () => {
    const pdf = await PDFDocument.create()
    for (let i = 0; i < 3; i++) pdf.addPage()
    await expectOcrError(recognise(await pdf.save(), { maxPages: 2 }), 'too_large')
  })
})

describe('recognise: hostile and broken input', () => {
  it('reports a truncated PNG as corrupt', async () => {
    const png = await renderLines(['hello'])
    await expectOcrError(recognise(png.subarray(0, 200)), 'corrupt')
  })

  it('refuses a PNG whose header claims 100000 × 100000 pixels before decoding it', async () => {
    const png = Buffer.from(await renderLines(['hello']))
    png.writeUInt32BE(100_000, 16)
    png.writeUInt32BE(100_000, 20)
    await expectOcrError(recognise(png), 'too_large')
  })

  it('rejects SVG, even one with a script', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><text y="20">hi</text></svg>'
    expect(sniffDocument(new TextEncoder().encode(svg))).toBeNull()
    await expectOcrError(recognise(new TextEncoder().encode(svg)), 'unsupported')
  })

  it('rejects a zip', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(60).fill(0)])
    await expectOcrError(recognise(zip), 'unsupported')
  })

  it('reports a blank page as having no text', async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    await expectOcrError(recognise(blank), 'no_text')
  }, 60_000)

  it('stops when aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(recognise(await renderLines(['hello']), { signal: controller.signal })).rejects.toThrow()
  })
})
