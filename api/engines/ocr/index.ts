import { abortError, OcrError } from './errors'
import { openPdf, renderPdfPage, textLayer } from './pdf'
import { closePool } from './pool'
import { readImage } from './read-image'
import { sniffDocument } from './sniff'
import type { OcrPage } from './types'

export { ACCEPTED_IMAGES, sniffDocument, type AcceptedImage } from './sniff'
export { OcrError, type OcrErrorCode } from './errors'
export { MAX_PIXELS } from './preprocess'
export { extractFields, type DocumentType, type ExtractedField } from './fields'
export type { OcrBox, OcrPage, OcrWord } from './types'

/** The documents bound (ARCHITECTURE §4); the route enforces it too, this keeps the engine safe alone. */
export const MAX_BYTES = 25 * 1024 * 1024
export const MAX_PAGES = 20

/**
 * Read a document: images are pre-processed with sharp (orientation, greyscale, denoise, contrast,
 * ~300 dpi) and OCRed by tesseract.js in a bounded worker pool with the npm-shipped English model;
 * PDF pages use their text layer when they have one and are rendered and OCRed when not.
 * Anything unreadable is an OcrError, never a crash: unsupported type, corrupt, too large, no text.
 */
export async function recognise(
  bytes: Uint8Array,
  options: { signal?: AbortSignal; maxPages?: number } = {},
): Promise<{ pages: OcrPage[]; durationMs: number }> {
  const started = performance.now()
  const { signal } = options
  const maxPages = Math.min(options.maxPages ?? MAX_PAGES, MAX_PAGES)
  const checkAbort = () => {
    if (signal?.aborted) throw abortError(signal)
  }
  checkAbort()
  if (bytes.length > MAX_BYTES) throw new OcrError('too_large', `The file is larger than ${MAX_BYTES / 1024 / 1024} MB`)
  const type = sniffDocument(bytes)
  if (!type) throw new OcrError('unsupported', 'Only PNG, JPEG, TIFF, WebP and PDF documents can be read')

  const pages: OcrPage[] =
    type.ext === 'pdf' ? await readPdf(bytes, maxPages, checkAbort) : [await readImage(bytes, 1, checkAbort)]
  if (pages.every((p) => !p.text.trim())) throw new OcrError('no_text', 'No text was found in the document')
  return { pages, durationMs: Math.round(performance.now() - started) }
}

async function readPdf(bytes: Uint8Array, maxPages: number, checkAbort: () => void): Promise<OcrPage[]> {
  const pdf = await openPdf(bytes)
  try {
    if (pdf.numPages > maxPages) {
      throw new OcrError('too_large', `The PDF has ${pdf.numPages} pages; at most ${maxPages} can be read`)
    }
    const pages: OcrPage[] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      checkAbort()
      const rendered = await renderPdfPage(pdf, n).catch((error: unknown) => {
        throw new OcrError('corrupt', `Page ${n} of the PDF cannot be drawn`, { cause: error })
      })
      const layer = await textLayer(pdf, n, rendered.scale)
      if (layer) {
        pages.push({
          page: n,
          width: rendered.width,
          height: rendered.height,
          ...layer,
          source: 'text_layer',
          rotation: 0,
          image: rendered.png,
        })
      } else {
        pages.push(await readImage(rendered.png, n, checkAbort))
      }
    }
    return pages
  } finally {
    await pdf.destroy()
  }
}

/** Terminate the OCR workers (tests, shutdown); the next recognise starts new ones. */
export async function closeOcr(): Promise<void> {
  await closePool()
}
