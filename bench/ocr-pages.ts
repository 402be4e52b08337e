// OCR on whole document pages (api/engines/ocr/test-pages.ts: columns, letterhead invoice, receipt,
// utility bill, form, letter; six fonts; a "tuning" and a "held-out" set), each clean and degraded
// (by default one degradation per page, cycling through all six; --all for every degradation).
// Product (tesseract.js + sharp) against Debian's `tesseract` CLI on the same images: CER, fields
// right (extractFields on either's text), seconds per page, and the ratios against the goals.
//   npx tsx bench/ocr-pages.ts [--all] [--set tuning|held-out] [--kind invoice]   (npm run bench:ocr-pages)
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { closeOcr, extractFields, recognise, type ExtractedField, type OcrPage } from '../api/engines/ocr'
import { cer } from '../api/engines/ocr/cer'
import { recognitions } from '../api/engines/ocr/pool'
import { DEGRADATIONS, degrade, renderPage, TEST_PAGES, type TestPage } from '../api/engines/ocr/test-pages'

const run = promisify(execFile)
// One thread, as the product's one worker per page: OpenMP's spinning threads make the CLI slower,
// not faster, on a busy 2-core machine.
const CLI_ENV = { ...process.env, OMP_THREAD_LIMIT: '1' }
const args = process.argv.slice(2)
const option = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const all = args.includes('--all')
const verbose = args.includes('--verbose')
const pages = TEST_PAGES.filter(
  (p) => (!option('--set') || p.set === option('--set')) && (!option('--kind') || p.kind === option('--kind')),
)

type Result = { cer: number; seconds: number; right: number; expected: number; text: string; passes?: string }
type Row = { page: TestPage; condition: string; product: Result; cli: Result | null }

function fieldsRight(page: TestPage, fields: ExtractedField[]): number {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim()
  return page.fields.filter((want) => {
    const got = fields.find((f) => f.name === want.name)
    return got && norm(got.value) === norm(want.value) && (want.valid === undefined || got.valid === want.valid)
  }).length
}

const textPage = (text: string): OcrPage => ({
  page: 1,
  width: 1,
  height: 1,
  text,
  words: [],
  source: 'ocr',
  rotation: 0,
  image: new Uint8Array(),
})

async function cliVersion(): Promise<string | null> {
  try {
    return (await run('tesseract', ['--version'])).stdout.split('\n')[0] ?? 'tesseract'
  } catch {
    return null
  }
}

const cli = await cliVersion()
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-ocr-pages-'))

async function product(page: TestPage, bytes: Buffer): Promise<Result> {
  const before = { ...recognitions }
  const start = performance.now()
  const { pages: read } = await recognise(bytes)
  const seconds = (performance.now() - start) / 1000
  // Full recognitions (and orientation probes) this page took.
  const passes = `${recognitions.pages - before.pages}${recognitions.probes > before.probes ? `+${recognitions.probes - before.probes}p` : ''}`
  const text = read.map((p) => p.text).join('\n')
  return {
    cer: cer(page.text, text),
    seconds,
    right: fieldsRight(page, extractFields(read, page.documentType)),
    expected: page.fields.length,
    text,
    passes,
  }
}

async function reference(page: TestPage, bytes: Buffer): Promise<Result | null> {
  if (!cli) return null
  const file = path.join(dir, 'page.png')
  await writeFile(file, await sharp(bytes).png().toBuffer())
  const start = performance.now()
  const { stdout } = await run('tesseract', [file, '-', '-l', 'eng', '--dpi', '300'], { env: CLI_ENV })
  const seconds = (performance.now() - start) / 1000
  return {
    cer: cer(page.text, stdout),
    seconds,
    right: fieldsRight(page, extractFields([textPage(stdout.trim())], page.documentType)),
    expected: page.fields.length,
    text: stdout,
  }
}

// The first call starts the worker pool; keep it out of the per-page figures.
{
  const start = performance.now()
  await recognise(await renderPage(TEST_PAGES[0]!))
  console.log(`worker start + first page: ${((performance.now() - start) / 1000).toFixed(2)} s`)
}
const rows: Row[] = []
for (const [i, page] of pages.entries()) {
  const clean = await renderPage(page)
  const conditions: [string, Buffer][] = [['clean', clean]]
  for (const how of all ? DEGRADATIONS : [DEGRADATIONS[i % DEGRADATIONS.length]!]) {
    conditions.push([how, await degrade(clean, how)])
  }
  for (const [condition, bytes] of conditions) {
    const row = { page, condition, product: await product(page, bytes), cli: await reference(page, bytes) }
    rows.push(row)
    const c = row.cli
    console.log(
      `${page.id.padEnd(11)} ${condition.padEnd(12)} CER ${row.product.cer.toFixed(3)} / CLI ${c ? c.cer.toFixed(3) : '-'}` +
        `  fields ${row.product.right}/${row.product.expected} / CLI ${c ? c.right : '-'}` +
        `  s ${row.product.seconds.toFixed(2)} / CLI ${c ? c.seconds.toFixed(2) : '-'}  passes ${row.product.passes}`,
    )
    if (verbose) console.log(`--- product\n${row.product.text}\n--- CLI\n${c?.text ?? ''}\n`)
  }
}
await closeOcr()
await rm(dir, { recursive: true, force: true })

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN)
const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '-')
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '-')

function summary(label: string, group: Row[]) {
  const withCli = group.filter((r) => r.cli)
  const expected = group.reduce((s, r) => s + r.product.expected, 0)
  const pCer = mean(group.map((r) => r.product.cer))
  const cCer = mean(withCli.map((r) => r.cli!.cer))
  const pS = mean(group.map((r) => r.product.seconds))
  const cS = mean(withCli.map((r) => r.cli!.seconds))
  return [
    label,
    String(group.length),
    f3(pCer),
    f3(cCer),
    f2(pCer / cCer),
    expected ? `${group.reduce((s, r) => s + r.product.right, 0)}/${expected}` : '-',
    expected ? `${withCli.reduce((s, r) => s + r.cli!.right, 0)}/${expected}` : '-',
    f2(pS),
    f2(cS),
    f2(pS / cS),
  ]
}

const table: string[][] = [
  ['group', 'n', 'CER', 'CLI CER', 'CER ratio', 'fields', 'CLI fields', 's/page', 'CLI s/page', 's ratio'],
]
const isClean = (r: Row) => r.condition === 'clean'
for (const set of ['tuning', 'held-out'] as const) {
  const inSet = rows.filter((r) => r.page.set === set)
  if (!inSet.length) continue
  for (const kind of [...new Set(inSet.map((r) => r.page.kind))]) {
    for (const [cond, test] of [
      ['clean', isClean],
      ['degraded', (r: Row) => !isClean(r)],
    ] as const) {
      table.push(
        summary(
          `${set} ${kind} ${cond}`,
          inSet.filter((r) => r.page.kind === kind && test(r)),
        ),
      )
    }
  }
  table.push(summary(`${set} ALL clean`, inSet.filter(isClean)))
  table.push(
    summary(
      `${set} ALL degraded`,
      inSet.filter((r) => !isClean(r)),
    ),
  )
}
table.push(summary('ALL clean', rows.filter(isClean)))
table.push(
  summary(
    'ALL degraded',
    rows.filter((r) => !isClean(r)),
  ),
)
for (const how of DEGRADATIONS) {
  const group = rows.filter((r) => r.condition === how)
  if (group.length) table.push(summary(`  ${how}`, group))
}

console.log(`\n${cli ?? 'tesseract CLI not installed (apt-get install -y tesseract-ocr)'}`)
const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)))
for (const [i, row] of table.entries()) {
  console.log(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  '))
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
}
const expected = rows.reduce((s, r) => s + r.product.expected, 0)
const clean = summary('', rows.filter(isClean))
const degraded = summary(
  '',
  rows.filter((r) => !isClean(r)),
)
const allRows = summary('', rows)
console.log(`
goals: clean CER ratio ≤ 1.00: ${clean[4]}; degraded CER ratio ≤ 0.60: ${degraded[4]};
       fields right ≥ 95%: ${((rows.reduce((s, r) => s + r.product.right, 0) / expected) * 100).toFixed(1)}%;
       s/page ratio ≤ 1.20: ${allRows[9]}`)
