import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx'
import { strToU8, zipSync } from 'fflate'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { DocumentError, MAX_PAGES, extractText, sniffTextDocument } from './extract-text'

// Every document here is made by the test: .docx with the `docx` package, PDFs with pdf-lib,
// zips with fflate, and the bad files byte by byte.

async function makeDocx(paragraphs: string[]) {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Complaint: double charge', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [new TextRun('Charged '), new TextRun({ text: '£84.20', bold: true }), new TextRun(' twice.')],
          }),
          ...paragraphs.map((p) => new Paragraph(p)),
        ],
      },
    ],
  })
  return new Uint8Array(await Packer.toBuffer(doc))
}

async function makePdf(pages: string[][]) {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (const lines of pages) {
    const page = pdf.addPage()
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 750 - i * 16, size: 12, font }))
  }
  return pdf.save()
}

/** Rewrites the uncompressed size of a zip's entries (local headers and central directory), as a zip bomb would. */
function lieAboutSizes(zip: Uint8Array, size: number) {
  const out = zip.slice()
  const view = new DataView(out.buffer)
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = view.getUint32(i, true)
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true)
    if (signature === 0x02014b50) view.setUint32(i + 24, size, true)
  }
  return out
}

async function refusal(bytes: Uint8Array) {
  try {
    await extractText(bytes)
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError)
    return (error as Error).message
  }
  throw new Error('expected a DocumentError')
}

describe('extractText', () => {
  it('reads a .docx', async () => {
    const bytes = await makeDocx(['The agent promised a refund by Friday.', 'Reference RF-20931.'])
    expect(sniffTextDocument(bytes)).toBe('docx')
    await expect(extractText(bytes)).resolves.toEqual({
      kind: 'docx',
      text: 'Complaint: double charge\n\nCharged £84.20 twice.\n\nThe agent promised a refund by Friday.\n\nReference RF-20931.',
    })
  })

  it('reads a PDF page by page', async () => {
    const bytes = await makePdf([
      ['Call notes', 'The customer was charged £84.20 twice.'],
      ['The agent refunded the duplicate payment.'],
    ])
    expect(sniffTextDocument(bytes)).toBe('pdf')
    await expect(extractText(bytes)).resolves.toEqual({
      kind: 'pdf',
      pages: 2,
      text: 'Call notes\nThe customer was charged £84.20 twice.\n\nThe agent refunded the duplicate payment.',
    })
  })

  it(`reads no more than ${MAX_PAGES} pages`, async () => {
    const bytes = await makePdf(Array.from({ length: MAX_PAGES + 5 }, (_, i) => [`Page ${i + 1} of the report.`]))
    const result = await extractText(bytes)
    expect(result).toMatchObject({ kind: 'pdf', pages: MAX_PAGES + 5, truncated: true })
    expect(result.text).toContain(`Page ${MAX_PAGES} of the report.`)
    expect(result.text).not.toContain(`Page ${MAX_PAGES + 1} of the report.`)
  })

  it('reads UTF-8 text (with a byte-order mark and Windows line ends)', async () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...strToU8('Agent: Hello\r\nCustomer: I was charged £84.20 twice.\r\n'),
    ])
    expect(sniffTextDocument(bytes)).toBe('txt')
    await expect(extractText(bytes)).resolves.toEqual({
      kind: 'txt',
      text: 'Agent: Hello\nCustomer: I was charged £84.20 twice.',
    })
  })

  it('refuses a PDF without a text layer', async () => {
    expect(await refusal(await makePdf([[], []]))).toMatch(/^This PDF has no text layer/)
  })

  it('refuses a corrupt PDF', async () => {
    expect(await refusal(strToU8('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\ngarbage'))).toMatch(/damaged/)
  })

  it('refuses a program renamed to .txt', async () => {
    const exe = new Uint8Array(4096)
    exe.set(strToU8('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff'))
    exe.set(strToU8('This program cannot be run in DOS mode.'), 78)
    expect(sniffTextDocument(exe)).toBeNull()
    expect(await refusal(exe)).toBe('Only .txt, .docx and .pdf files can be summarised')
  })

  it('refuses a zip that is not a Word document', async () => {
    const zip = zipSync({ 'notes.txt': strToU8('hello'), 'word/other.xml': strToU8('<x/>') })
    expect(sniffTextDocument(zip)).toBeNull()
    expect(await refusal(zip)).toMatch(/not a Word document/)
  })

  it('refuses a .docx whose document part is huge', async () => {
    const part = strToU8(`<w:document>${'<w:p/>'.repeat(6_000_000)}</w:document>`) // 36 MB that deflates to a few KB
    const bomb = zipSync({ 'word/document.xml': part })
    expect(bomb.length).toBeLessThan(200_000)
    expect(await refusal(bomb)).toMatch(/too large/)
  })

  it('refuses a zip bomb that lies about its sizes', async () => {
    const part = strToU8(`<w:document>${'<w:p/>'.repeat(2_000_000)}</w:document>`)
    const bomb = lieAboutSizes(
      zipSync({ 'word/document.xml': part, '[Content_Types].xml': strToU8('<Types/>') }),
      1_000,
    )
    expect(sniffTextDocument(bomb)).toBe('docx')
    expect(await refusal(bomb)).toMatch(/damaged/)
  })

  it('refuses a .docx cut short', async () => {
    const bytes = await makeDocx(['Some text.'])
    expect(await refusal(bytes.subarray(0, bytes.length - 200))).toMatch(/damaged/)
  })

  it('refuses an empty file', async () => {
    expect(sniffTextDocument(new Uint8Array())).toBeNull()
    expect(await refusal(new Uint8Array())).toBe('The file is empty')
    expect(await refusal(strToU8(' \n\n '))).toBe('The file is empty')
  })

  it('refuses UTF-16 text and binary data', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('Agent: Hello', 'utf16le')])
    expect(await refusal(utf16)).toMatch(/UTF-16/)
    expect(await refusal(new Uint8Array(Buffer.from('Agent: Hello', 'utf16le')))).toBe(
      'Only .txt, .docx and .pdf files can be summarised',
    )
    expect(await refusal(new Uint8Array([0xc3, 0x28, 0xa0, 0xa1, 0x41, 0x42]))).toBe(
      'Only .txt, .docx and .pdf files can be summarised',
    )
    expect(await refusal(strToU8('\x01\x02\x03\x04 not really text \x05\x06'))).toBe(
      'Only .txt, .docx and .pdf files can be summarised',
    )
    expect(await refusal(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toMatch(/\.doc\)/)
  })

  it('never crashes: random bytes behind each signature give text or a DocumentError', async () => {
    let seed = 42
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 256
    const docx = await makeDocx(['Some text.'])
    const pdf = await makePdf([['Some text.']])
    for (let i = 0; i < 60; i++) {
      const noise = Uint8Array.from({ length: 64 + i * 50 }, random)
      const candidates = [
        new Uint8Array([...strToU8('%PDF-1.4\n'), ...noise]),
        new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...noise]),
        noise,
        // real files with a few bytes damaged
        docx.map((b, j) => (j % 97 === i ? b ^ 0xff : b)),
        pdf.map((b, j) => (j % 89 === i ? b ^ 0xff : b)),
      ]
      for (const bytes of candidates) {
        const outcome = await extractText(bytes).then(
          (r) => r.kind,
          (e: unknown) => e,
        )
        if (typeof outcome !== 'string') expect(outcome).toBeInstanceOf(DocumentError)
      }
    }
  })
})
