import sharp from 'sharp'

/** Analysis size for line direction: with a light blur a word's letters merge into one blob. */
const BLOB_SIDE = 600
/** The winning direction must be this many times stronger than the other to be trusted. */
const AXIS_MARGIN = 1.5
/** Probe length in line heights: a few words, enough for a confidence to mean something. */
const PROBE_WIDTH = 24

type Ink = { data: Uint8Array; width: number; height: number }

/**
 * Whether a page's text lines run down rather than across, from its pixels alone (the npm language
 * data has no orientation model, and recognising at every angle costs a full recognition each).
 * Shrunk and blurred until a word's letters merge, horizontal text is long horizontal runs of ink
 * and short vertical ones; a page on its side is the reverse. Which end is up is left to `probe`.
 */
export async function lineAxis(png: Buffer): Promise<{ sideways: boolean; sure: boolean }> {
  const { data, info } = await sharp(png)
    .greyscale()
    .resize(BLOB_SIDE, BLOB_SIDE, { fit: 'inside', withoutEnlargement: true })
    .blur(1.5)
    .raw()
    .toBuffer({ resolveWithObject: true })
  const ink: Ink = { data: data.map((v) => (v < 230 ? 1 : 0)), width: info.width, height: info.height }
  const across = meanRun(ink, 'rows')
  const down = meanRun(ink, 'columns')
  return { sideways: down > across, sure: Math.max(across, down) >= AXIS_MARGIN * Math.min(across, down) }
}

/** Length-weighted mean run of ink along rows or columns (Σ run² / Σ run). */
function meanRun({ data, width, height }: Ink, along: 'rows' | 'columns'): number {
  const [outer, inner] = along === 'rows' ? [height, width] : [width, height]
  let squares = 0
  let total = 0
  for (let o = 0; o < outer; o++) {
    let run = 0
    for (let i = 0; i <= inner; i++) {
      const inked = i < inner && data[along === 'rows' ? o * width + i : i * width + o]
      if (inked) run++
      else if (run) {
        squares += run * run
        total += run
        run = 0
      }
    }
  }
  return total ? squares / total : 0
}

/**
 * A short piece of a (horizontal-text) page: the two neighbouring text lines with the most ink, cut
 * in the gaps around them and to about PROBE_WIDTH line heights across. Tesseract's time goes per
 * line and per line length, so this costs a fraction of the page; it is what a quick recognition
 * at two orientations compares to tell up from down.
 */
export async function probe(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })
  const { width, height } = info
  const rows = new Float64Array(height)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (data[y * width + x]! < 128) rows[y]!++
  const lines: [number, number][] = []
  let start = -1
  for (let y = 0; y <= height; y++) {
    const inked = y < height && rows[y]! > 0
    if (inked && start < 0) start = y
    if (!inked && start >= 0) {
      if (y - start >= 5) lines.push([start, y])
      start = -1
    }
  }
  if (!lines.length) return png
  const ink = ([a, b]: [number, number]) => rows.slice(a, b).reduce((s, v) => s + v, 0)
  let best = 0
  for (let i = 1; i < lines.length; i++) {
    if (ink(lines[i]!) + ink(lines[i - 1]!) > ink(lines[best]!) + ink(lines[best + 1] ?? [0, 0])) best = i - 1
  }
  const [top] = lines[best]!
  const bottom = (lines[best + 1] ?? lines[best]!)[1]
  const lineHeight = lines[best]![1] - lines[best]![0]
  let left = width
  let right = 0
  for (let y = top; y < bottom; y++)
    for (let x = 0; x < width; x++)
      if (data[y * width + x]! < 128) [left, right] = [Math.min(left, x), Math.max(right, x)]
  const margin = 4
  const x0 = Math.max(0, left - margin)
  const y0 = Math.max(0, top - margin)
  return sharp(png)
    .extract({
      left: x0,
      top: y0,
      width: Math.min(width - x0, right - left + 2 * margin, PROBE_WIDTH * lineHeight),
      height: Math.min(height - y0, bottom - top + 2 * margin),
    })
    .png()
    .toBuffer()
}
