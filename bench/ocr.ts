// OCR engine figures: seconds per page and character error rate (CER) on the test images (clean,
// on its side, skewed JPEG, noisy, a scanned PDF page), for the product engine (tesseract.js with
// sharp pre-processing) and, when installed, Debian's `tesseract` CLI on the same raw images.
//   npx tsx bench/ocr.ts            (npm run bench:ocr)
// The CLI is for comparison only: `apt-get install -y tesseract-ocr`.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { closeOcr, recognise } from '../api/engines/ocr'
import { cer } from '../api/engines/ocr/cer'
import { renderLines, rotated, SAMPLE_LINES, withNoise } from '../api/engines/ocr/test-images'

const run = promisify(execFile)
const reference = SAMPLE_LINES.join('\n')
const clean = await renderLines(SAMPLE_LINES)
const scanned = await PDFDocument.create()
const embedded = await scanned.embedPng(clean)
scanned.addPage([700, 320]).drawImage(embedded, { x: 0, y: 0, width: 700, height: 320 })

const samples: { name: string; bytes: Uint8Array }[] = [
  { name: 'clean PNG', bytes: clean },
  { name: 'rotated 90°', bytes: await rotated(clean, 90) },
  {
    name: 'skewed 2° JPEG',
    bytes: await sharp(await rotated(clean, 2))
      .jpeg({ quality: 80 })
      .toBuffer(),
  },
  { name: 'noisy 4%', bytes: await withNoise(clean) },
  { name: 'scanned PDF page', bytes: await scanned.save() },
]

async function tesseractCli(): Promise<string | null> {
  try {
    const { stdout } = await run('tesseract', ['--version'])
    return stdout.split('\n')[0] ?? 'tesseract'
  } catch {
    return null
  }
}

const cli = await tesseractCli()
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-ocr-'))
const rows: string[][] = [['image', 'engine', 's/page', 'CER']]

// The first call starts the worker pool; time it apart so the per-page figures are steady-state.
{
  const start = performance.now()
  await recognise(clean)
  console.log(`worker start + first page: ${((performance.now() - start) / 1000).toFixed(2)} s\n`)
}
for (const sample of samples) {
  const start = performance.now()
  const { pages } = await recognise(sample.bytes)
  const seconds = (performance.now() - start) / 1000 / pages.length
  rows.push([
    sample.name,
    'tesseract.js + sharp',
    seconds.toFixed(2),
    cer(reference, pages.map((p) => p.text).join('\n')).toFixed(3),
  ])
  if (!cli || sample.name.includes('PDF')) continue
  const file = path.join(dir, 'page.png')
  await writeFile(file, await sharp(sample.bytes).png().toBuffer())
  const cliStart = performance.now()
  const { stdout } = await run('tesseract', [file, '-', '-l', 'eng', '--dpi', '300'])
  rows.push([
    sample.name,
    `CLI (${cli})`,
    ((performance.now() - cliStart) / 1000).toFixed(2),
    cer(reference, stdout).toFixed(3),
  ])
}
await closeOcr()
await rm(dir, { recursive: true, force: true })
if (!cli) console.log('tesseract CLI not installed: apt-get install -y tesseract-ocr for the side-by-side figures\n')

const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)))
for (const [i, row] of rows.entries()) {
  console.log(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  '))
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
}
