// Summarisation figures: the extractive summariser's time per type on a 30-minute call
// (~4,500 words, the hand-written fixture calls joined and varied) and the time to extract the
// text of a 20-page PDF, each as p50/p95 over BENCH_ROUNDS (20) runs after a warm-up.
//   npx tsx bench/summarize.ts        (or npm run bench:summarize)
import { readFileSync, readdirSync } from 'node:fs'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { extractText } from '../api/engines/documents/extract-text'
import { summarizeExtractive, summaryTypes } from '../api/engines/summarize'

const rounds = Number(process.env.BENCH_ROUNDS || 20)
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function time(run: () => unknown) {
  await run()
  const times: number[] = []
  for (let r = 0; r < rounds; r++) {
    const start = performance.now()
    await run()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`
}

// a 30-minute call: the fixture calls one after another, amounts and names varied on each pass
const dir = new URL('../api/engines/summarize/fixtures/', import.meta.url)
const calls = readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((f) => readFileSync(new URL(f, dir), 'utf8'))
const parts: string[] = []
for (let pass = 0; parts.join(' ').split(/\s+/).length < 4_500; pass++) {
  const call = calls[parts.length % calls.length]
  parts.push(pass < calls.length ? call : call.replace(/\d+/g, (n) => String(Number(n) + pass)))
}
const transcript = parts.join('\n')
const words = transcript.split(/\s+/).length

const start = performance.now()
summarizeExtractive('Customer: warm up the language model.', 'brief')
console.log(`Language model load (once per process): ${(performance.now() - start).toFixed(0)} ms`)
console.log(`Extractive summary of a ${words}-word call × ${rounds} rounds`)
for (const type of summaryTypes)
  console.log(`  ${type.padEnd(14)} ${await time(() => summarizeExtractive(transcript, type))}`)

// a 20-page PDF of the same call, about 45 lines a page
const pdf = await PDFDocument.create()
const font = await pdf.embedFont(StandardFonts.Helvetica)
const lines = transcript
  .split('\n')
  .flatMap((l) => l.match(/.{1,95}(\s|$)/g) ?? [])
  .map((l) => l.replace(/[^\x20-\x7e£]/g, ''))
for (let page = 0; page < 20; page++) {
  const p = pdf.addPage([595, 842])
  lines.slice((page * 45) % lines.length, ((page * 45) % lines.length) + 45).forEach((l, i) => {
    p.drawText(l, { x: 40, y: 800 - i * 17, size: 10, font })
  })
}
const bytes = await pdf.save()
const { pages, text } = await extractText(bytes)
console.log(`\nText of a ${pages}-page PDF (${(bytes.length / 1024).toFixed(0)} KB, ${text.length} characters)`)
console.log(`  extractText     ${await time(() => extractText(bytes))}`)
