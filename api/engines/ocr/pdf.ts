import './node20'
import { getDocumentProxy, renderPageAsImage } from 'unpdf'
import { OcrError } from './errors'
import { MAX_PIXELS } from './preprocess'
import type { OcrWord } from './types'

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>
/** About 200 dpi (PDF units are 1/72 in): enough for OCR of body text, a fifth of 600 dpi's pixels. */
const RENDER_SCALE = 200 / 72
/** A text layer with fewer letters than this is a scanner's stamp or page number, not the page. */
const MIN_TEXT_LAYER_CHARS = 20
/** A page that takes longer than this to draw is hostile (or hits a pdfjs bug): fail, never hang. */
const RENDER_TIMEOUT_MS = 30_000

export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // pdfjs detaches the buffer it is given; the caller's bytes stay intact with a copy.
    return await getDocumentProxy(bytes.slice(), { isEvalSupported: false, stopAtErrors: false })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/password/i.test(message)) throw new OcrError('unsupported', 'The PDF is password-protected', { cause: error })
    throw new OcrError('corrupt', 'The PDF is damaged or incomplete and cannot be read', { cause: error })
  }
}

export type RenderedPage = { png: Uint8Array; width: number; height: number; scale: number }

/** The page as a PNG through pdfjs and @napi-rs/canvas (no browser), within the pixel bound. */
export async function renderPdfPage(pdf: PdfDocument, pageNumber: number): Promise<RenderedPage> {
  const page = await pdf.getPage(pageNumber)
  const { width, height } = page.getViewport({ scale: 1 })
  const scale = Math.min(RENDER_SCALE, Math.sqrt(MAX_PIXELS / Math.max(1, width * height)))
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`page ${pageNumber} took over ${RENDER_TIMEOUT_MS} ms to draw`)),
      RENDER_TIMEOUT_MS,
    )
  })
  const buffer = await Promise.race([
    renderPageAsImage(pdf, pageNumber, { scale, canvasImport: () => import('@napi-rs/canvas') }),
    timeout,
  ]).finally(() => clearTimeout(timer))
  return { png: new Uint8Array(buffer), width: Math.round(width * scale), height: Math.round(height * scale), scale }
}

/**
 * The page's own text with a box per run, in the rendered image's pixels, or null when the page
 * has no real text layer (a scan) and must be OCRed.
 */
export async function textLayer(
  pdf: PdfDocument,
  pageNumber: number,
  scale: number,
): Promise<{ text: string; words: OcrWord[] } | null> {
  const page = await pdf.getPage(pageNumber)
  const viewport = page.getViewport({ scale })
  const content = await page.getTextContent()
  const words: OcrWord[] = []
  let text = ''
  for (const item of content.items) {
    if (!('str' in item)) continue
    text += item.str + (item.hasEOL ? '\n' : '')
    if (!item.str.trim()) continue
    const [, , , , e, f] = item.transform as number[]
    const [x0, y1] = viewport.convertToViewportPoint(e!, f!) as [number, number]
    const [x1, y0] = viewport.convertToViewportPoint(e! + item.width, f! + item.height) as [number, number]
    words.push({
      text: item.str.trim(),
      confidence: 100,
      box: { x0: Math.round(x0), y0: Math.round(y0), x1: Math.round(x1), y1: Math.round(y1) },
    })
  }
  if (text.replace(/\s/g, '').length < MIN_TEXT_LAYER_CHARS) return null
  return { text: text.trim(), words }
}
