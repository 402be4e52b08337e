import { Inflate, zipSync } from 'fflate'
import mammoth from 'mammoth'
import { getDocumentProxy } from 'unpdf'

/** A document that cannot be read, with a message for the person who uploaded it. */
export class DocumentError extends Error {
  name = 'DocumentError'
}

export type TextDocumentKind = 'txt' | 'docx' | 'pdf'
export type ExtractedText = {
  kind: TextDocumentKind
  text: string
  pages?: number
  /** The text stops at MAX_TEXT_CHARS or MAX_PAGES: the rest of the document was not read. */
  truncated?: boolean
}

export const MAX_PAGES = 200
/** 2 MB of text, far more than a summary can use: the bound on the work a document may cause. */
export const MAX_TEXT_CHARS = 2 * 1024 * 1024
/** A .docx's XML parts, as inflated: ample for any real document, and the end of a zip bomb. */
const MAX_PART_BYTES = 32 * 1024 * 1024
const MAX_PARTS_BYTES = 64 * 1024 * 1024
const MAX_ZIP_ENTRIES = 5_000

const UNSUPPORTED = 'Only .txt, .docx and .pdf files can be summarised'
const DAMAGED = 'The file is damaged or incomplete and its text cannot be read'
const NO_TEXT_LAYER =
  'This PDF has no text layer (it is probably a scan or a photo of a document). Run it through OCR first, then summarise the text.'

const startsWith = (bytes: Uint8Array, ascii: string) =>
  bytes.length >= ascii.length && [...ascii].every((c, i) => bytes[i] === c.charCodeAt(0))

type ZipEntry = { name: string; method: number; crc: number; size: number; compressed: number; offset: number }

/**
 * The central directory of a zip (no decompression), or null when the bytes are not a zip this
 * reader trusts: no end record, ZIP64 (no .docx needs it), or entries that point outside the file.
 */
function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let end = -1
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end < 0) return null
  const count = view.getUint16(end + 10, true)
  let at = view.getUint32(end + 16, true)
  if (count === 0xffff || at === 0xffffffff || count > MAX_ZIP_ENTRIES) return null
  const entries: ZipEntry[] = []
  const names = new TextDecoder()
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null
    const nameLength = view.getUint16(at + 28, true)
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
    const entry = {
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressed: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
    }
    if (entry.offset + 30 > bytes.length) return null
    entries.push(entry)
    at += 46 + skip
  }
  return entries
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(data: Uint8Array) {
  let c = 0xffffffff
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/**
 * One entry's bytes, inflated in slices and stopped as soon as it outgrows what its header
 * declared: a zip bomb (or a header that lies) costs at most one slice's output, never the lot.
 */
function readEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint32(entry.offset, true) !== 0x04034b50) throw new DocumentError(DAMAGED)
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true)
  const data = bytes.subarray(start, start + entry.compressed)
  if (data.length !== entry.compressed) throw new DocumentError(DAMAGED)
  let out: Uint8Array
  if (entry.method === 0) out = data
  else if (entry.method === 8) {
    out = new Uint8Array(entry.size)
    let length = 0
    let overflow = false
    const inflate = new Inflate((chunk) => {
      if (length + chunk.length > entry.size) overflow = true
      else out.set(chunk, length)
      length += chunk.length
    })
    const SLICE = 16 * 1024
    for (let i = 0; i < data.length && !overflow; i += SLICE) {
      inflate.push(data.subarray(i, i + SLICE), i + SLICE >= data.length)
    }
    if (overflow || length !== entry.size) throw new DocumentError(DAMAGED)
  } else throw new DocumentError(DAMAGED)
  if (crc32(out) !== entry.crc) throw new DocumentError(DAMAGED)
  return out
}

/**
 * A .docx's text by mammoth, fed only the XML parts it reads (never the media), each checked
 * against its declared size and checksum first, within MAX_PART_BYTES / MAX_PARTS_BYTES.
 */
async function docxText(bytes: Uint8Array, entries: ZipEntry[]): Promise<string> {
  const parts = entries.filter((e) => /\.(xml|rels)$/i.test(e.name) && !e.name.endsWith('/'))
  const total = parts.reduce((n, e) => n + e.size, 0)
  if (parts.some((e) => e.size > MAX_PART_BYTES) || total > MAX_PARTS_BYTES)
    throw new DocumentError('This Word document is too large to read (its text parts exceed 64 MB)')
  const files: Record<string, Uint8Array> = {}
  try {
    for (const e of parts) files[e.name] = readEntry(bytes, e)
  } catch (error) {
    throw error instanceof DocumentError ? error : new DocumentError(DAMAGED)
  }
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(zipSync(files, { level: 0 })) })
    return value
  } catch {
    throw new DocumentError(DAMAGED)
  }
}

/** A PDF's text layer, page by page up to MAX_PAGES / MAX_TEXT_CHARS, by pdf.js (unpdf's Node build, no worker). */
async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number; truncated: boolean }> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>
  try {
    // a plain copy: pdf.js refuses Node Buffers and may take over (detach) the array it is given
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
    })
  } catch (error) {
    if ((error as Error)?.name === 'PasswordException')
      throw new DocumentError('This PDF is password-protected: remove the password and upload it again')
    throw new DocumentError(DAMAGED)
  }
  try {
    const pages: string[] = []
    let length = 0
    for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES) && length < MAX_TEXT_CHARS; n++) {
      const page = await pdf.getPage(n)
      const content = await page.getTextContent()
      let text = ''
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '')
      page.cleanup()
      pages.push(text.trim())
      length += text.length
    }
    const text = pages.filter(Boolean).join('\n\n')
    if (!/[\p{L}\p{N}]/u.test(text)) throw new DocumentError(NO_TEXT_LAYER)
    return { text, pages: pdf.numPages, truncated: pdf.numPages > pages.length || length > MAX_TEXT_CHARS }
  } catch (error) {
    throw error instanceof DocumentError ? error : new DocumentError(DAMAGED)
  } finally {
    await pdf.destroy().catch(() => undefined)
  }
}

/** The first MAX_TEXT_CHARS bytes (cut at a character boundary) as text, if they are UTF-8 and not binary. */
function utf8Text(bytes: Uint8Array): string | null {
  let end = Math.min(bytes.length, MAX_TEXT_CHARS)
  if (end < bytes.length) while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end))
  } catch {
    return null
  }
  // NULs never occur in text; a few stray control characters may, a binary file has many
  let controls = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0) return null
    if ((c < 32 && (c < 9 || c > 13)) || c === 127) controls++
  }
  if (controls > text.length / 200) return null
  return text.replace(/^\uFEFF/, '')
}

/** The type from the bytes (never the name): txt (valid UTF-8 text, no NULs), docx (zip with word/document.xml), pdf (%PDF-). */
export function sniffTextDocument(bytes: Uint8Array): TextDocumentKind | null {
  if (!bytes.length) return null
  if (startsWith(bytes, '%PDF-')) return 'pdf'
  if (startsWith(bytes, 'PK\x03\x04')) {
    return zipEntries(bytes)?.some((e) => e.name === 'word/document.xml') ? 'docx' : null
  }
  return utf8Text(bytes) === null ? null : 'txt'
}

/** Why a file that is none of the three was refused, as precisely as its first bytes tell. */
function refusal(bytes: Uint8Array) {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return 'This text file is saved as UTF-16: save it as UTF-8 and upload it again'
  if (startsWith(bytes, '\xd0\xcf\x11\xe0'))
    return 'Old Word (.doc) files cannot be read: save it as .docx and upload it again'
  if (startsWith(bytes, 'PK\x03\x04')) {
    return zipEntries(bytes) ? `This archive is not a Word document. ${UNSUPPORTED}` : DAMAGED
  }
  return UNSUPPORTED
}

const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()

/**
 * Plain text of the document; throws DocumentError with a clear message ('This PDF has no text
 * layer…', 'The file is damaged…', 'Only .txt, .docx and .pdf files can be summarised') — never
 * crashes on bad input. Bounds the work: at most MAX_PAGES pages / MAX_TEXT_CHARS of text.
 */
export async function extractText(bytes: Uint8Array): Promise<ExtractedText> {
  if (!bytes?.length) throw new DocumentError('The file is empty')
  const kind = sniffTextDocument(bytes)
  if (!kind) throw new DocumentError(refusal(bytes))
  let result: ExtractedText
  if (kind === 'txt') {
    result = { kind, text: tidy(utf8Text(bytes)!), truncated: bytes.length > MAX_TEXT_CHARS }
  } else if (kind === 'docx') {
    const raw = await docxText(bytes, zipEntries(bytes)!)
    result = { kind, text: tidy(raw.slice(0, MAX_TEXT_CHARS)), truncated: raw.length > MAX_TEXT_CHARS }
  } else {
    const { text, pages, truncated } = await pdfText(bytes)
    result = { kind, text: tidy(text.slice(0, MAX_TEXT_CHARS)), pages, truncated }
  }
  if (!result.text) throw new DocumentError(kind === 'txt' ? 'The file is empty' : 'The document has no text')
  if (!result.truncated) delete result.truncated
  return result
}
