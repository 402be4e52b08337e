import type { SummaryTypeCode } from '#contract/summarization'

export type SummaryBlock =
  { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] }

const BULLET = /^\s*[-•*]\s+/
// "Reason for contact: …", "Follow-ups:" — a short label, then a colon
const LABEL = /^([A-Z][A-Za-z /&'-]{1,40}):\s*(.*)$/

/**
 * The summary's plain text as blocks to render: "- " lines become a list, and in call notes each
 * "Label: text" line becomes a heading with its text. Anything else is a paragraph, so an engine
 * that formats differently still reads as it was written.
 */
export function summaryBlocks(summary: string, type: SummaryTypeCode): SummaryBlock[] {
  const blocks: SummaryBlock[] = []
  let paragraph: string[] = []
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') })
    paragraph = []
  }
  for (const raw of summary.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line) {
      flush()
      continue
    }
    if (BULLET.test(line)) {
      flush()
      const item = line.replace(BULLET, '')
      const last = blocks.at(-1)
      if (last?.kind === 'list') last.items.push(item)
      else blocks.push({ kind: 'list', items: [item] })
      continue
    }
    const label = type === 'call_notes' ? LABEL.exec(line) : null
    if (label) {
      flush()
      blocks.push({ kind: 'heading', text: label[1] })
      if (label[2]) blocks.push({ kind: 'paragraph', text: label[2] })
      continue
    }
    paragraph.push(line)
  }
  flush()
  return blocks
}
