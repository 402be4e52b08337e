import type { RecognizeResult } from 'tesseract.js'
import type { OcrBox, OcrWord } from './types'

type Blocks = NonNullable<RecognizeResult['data']['blocks']>
type Line = { words: OcrWord[]; box: OcrBox; block: number; paragraph: number; joined: Line[]; into?: Line }

/** A block this narrow (share of the page's text width) may be a table's column, not a text column. */
const NARROW = 0.3
/** ...when most of its lines are this short: amounts, quantities, a label. */
const SHORT_WORDS = 3

const overlap = (a: OcrBox, b: OcrBox) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0)

/**
 * The page's words and text in reading order. Tesseract's automatic page segmentation orders the
 * blocks column by column, which is right for columns of prose; but it also cuts a table's
 * right-aligned amounts into a block of their own, which would separate "Total" from its figure.
 * So a narrow block of short lines is a table column: each of its lines joins the line beside it
 * in an earlier block, and the row reads left to right.
 */
export function readingOrder(blocks: Blocks): { text: string; words: OcrWord[] } {
  const lines: Line[] = []
  blocks.forEach((block, b) =>
    block.paragraphs.forEach((paragraph, p) =>
      paragraph.lines.forEach((line) => {
        const words = line.words
          .filter((w) => w.text.trim())
          .map((w) => ({ text: w.text, confidence: Math.round(w.confidence), box: { ...w.bbox } }))
        if (words.length) lines.push({ words, box: { ...line.bbox }, block: b, paragraph: p, joined: [] })
      }),
    ),
  )
  if (!lines.length) return { text: '', words: [] }
  const left = Math.min(...lines.map((l) => l.box.x0))
  const right = Math.max(...lines.map((l) => l.box.x1))
  for (const [b, block] of blocks.entries()) {
    const own = lines.filter((l) => l.block === b)
    const short = own.filter((l) => l.words.length <= SHORT_WORDS).length
    if (!own.length || block.bbox.x1 - block.bbox.x0 > NARROW * (right - left) || short < 0.7 * own.length) continue
    for (const line of own) {
      const height = line.box.y1 - line.box.y0
      const partner = lines
        .filter(
          (o) => o.block < b && !o.into && overlap(o.box, line.box) >= 0.5 * Math.min(height, o.box.y1 - o.box.y0),
        )
        .sort((x, y) => overlap(y.box, line.box) - overlap(x.box, line.box))[0]
      if (partner) {
        partner.joined.push(line)
        line.into = partner
      }
    }
  }
  const out: string[] = []
  const words: OcrWord[] = []
  let previous: Line | undefined
  for (const line of lines) {
    if (line.into) continue
    const row = [line, ...line.joined].sort((a, b) => a.box.x0 - b.box.x0).flatMap((l) => l.words)
    if (previous && (previous.block !== line.block || previous.paragraph !== line.paragraph)) out.push('')
    out.push(row.map((w) => w.text).join(' '))
    words.push(...row)
    previous = line
  }
  return { text: out.join('\n'), words }
}
