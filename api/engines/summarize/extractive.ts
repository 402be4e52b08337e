import { FILLERS } from './cues'
import { score } from './score'
import { mmr, similarity } from './select'
import { readSentences, type Sentence } from './sentences'
import { toTurns } from './turns'
import type { SummaryType, Turn } from './types'

export const NO_ACTION_ITEMS = 'No action items were found.'
const MAX_DETAILED = 15
const MAX_BULLETS = 8
const MAX_ACTIONS = 8

export type ExtractiveSummary = {
  summary: string
  engine: 'extractive'
  sentences: { text: string; turn: number; score: number }[]
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n))

/** A sentence as shown: fillers and leading "so, okay," dropped, capitalised, ending in a full stop. */
export function tidy(text: string) {
  let t = text
    .split(/\s+/)
    .filter((w) => !FILLERS.has(w.toLowerCase().replace(/[^\p{L}]/gu, '')))
    .join(' ')
    .replace(/\s+,/g, ',')
    .replace(/,\s*,/g, ',')
  t = t.replace(/^(?:(?:so|okay|ok|right|yeah|yes|well|oh|and|alright|now)\b[,\s]+)+/i, '').trim()
  if (!t) return ''
  // speech recognition writes "i", "i'm"
  t = t.replace(/\bi(?=$|[\s,.!?;:'’])/g, 'I')
  t = t[0].toUpperCase() + t.slice(1)
  return /[.!?…]["')\]]?$/.test(t) ? t : `${t.replace(/[,;:]$/, '')}.`
}

/** The customer's opening statement of why they got in touch, if the text has one. */
function reasonFor(sentences: Sentence[]): Sentence | undefined {
  return sentences
    .filter((s) => s.reason > 0 && s.role !== 'agent' && s.score > 0)
    .sort((a, b) => b.score - a.score || a.id - b.id)[0]
}

/**
 * Relevance of an outcome: its score, raised by how much it shares with the reason for contact,
 * so the refund of the double charge outranks the goodwill gesture.
 */
function answering(reasons: Sentence[]) {
  return (s: Sentence) => s.score * (1 + Math.max(0, ...reasons.map((r) => similarity(s, r))))
}

/** "agent" as written by speech recognition reads "Agent". */
const label = (speaker: string) => speaker[0].toUpperCase() + speaker.slice(1)

/** Speaker labels by role, for naming who must act. */
function labels(sentences: Sentence[]) {
  const agent = sentences.find((s) => s.role === 'agent')?.speaker
  const customer = sentences.find((s) => s.role === 'customer')?.speaker
  return { agent, customer }
}

function ownerOf(s: Sentence, who: ReturnType<typeof labels>): string | undefined {
  if (!s.action || !s.speaker) return undefined
  if (s.action.owner === 'speaker') return label(s.speaker)
  if (s.action.owner === 'company') return label(who.agent ?? s.speaker)
  const other = s.role === 'agent' ? who.customer : s.role === 'customer' ? who.agent : undefined
  return other && label(other)
}

function actionLine(s: Sentence, who: ReturnType<typeof labels>) {
  const owner = ownerOf(s, who)
  if (!owner) return `- ${tidy(s.text)}`
  return s.action?.owner === 'listener'
    ? `- ${owner} (asked by ${label(s.speaker!)}): ${tidy(s.text)}`
    : `- ${owner}: ${tidy(s.text)}`
}

/** Prose: consecutive sentences of one speaker on one "Speaker: …" line; a document's as one paragraph. */
function prose(picked: Sentence[]) {
  if (!picked.some((s) => s.speaker)) return picked.map((s) => tidy(s.text)).join(' ')
  const lines: string[] = []
  let last: Sentence | undefined
  for (const s of picked) {
    if (last && last.speaker === s.speaker && s.turn - last.turn <= 1 && lines.length)
      lines[lines.length - 1] += ` ${tidy(s.text)}`
    else lines.push(s.speaker ? `${label(s.speaker)}: ${tidy(s.text)}` : tidy(s.text))
    last = s
  }
  return lines.join('\n')
}

const actionable = (sentences: Sentence[]) => sentences.filter((s) => s.action && s.score > 0)
/** Reference, claim and account numbers given by the agent (or a document): what the customer will quote. */
const references = (sentences: Sentence[]) =>
  sentences.filter((s) => s.reference && s.role !== 'customer' && !s.question && !s.verification && s.score > 0)

/** The seeds and MMR's picks, k in all, one of them holding a reference number when the text gives one. */
function withReference(sentences: Sentence[], seeds: Sentence[], k: number): Sentence[] {
  const picked = [...seeds, ...mmr(sentences, k - seeds.length, { chosen: seeds })]
  if (k >= 4 && !picked.some((s) => s.reference)) {
    const [ref] = mmr(references(sentences), 1, { chosen: picked })
    if (ref) {
      const weakest = picked.filter((s) => !seeds.includes(s)).sort((a, b) => a.score - b.score || b.id - a.id)[0]
      if (picked.length >= k && weakest) picked.splice(picked.indexOf(weakest), 1)
      picked.push(ref)
    }
  }
  return picked.sort((a, b) => a.id - b.id)
}

type Shaped = { summary: string; used: Sentence[] }

function shape(sentences: Sentence[], type: SummaryType, max: number | undefined): Shaped {
  const n = sentences.length
  const reason = reasonFor(sentences)
  const seeds = reason ? [reason] : []
  const who = labels(sentences)

  switch (type) {
    case 'brief': {
      const k = clamp(max ?? (n <= 8 ? 2 : 3), 1, 3)
      const outcomes = sentences.filter(
        (s) =>
          s !== reason && (!!s.action || s.resolution > 0) && (!reason || s.id > reason.id) && s.role !== 'customer',
      )
      // the outcome is meant to echo the reason: no novelty penalty against it
      const outcome = mmr(outcomes, 1, { relevance: answering(seeds) })
      const chosen = [...seeds, ...outcome].slice(0, k)
      const used = [...chosen, ...mmr(sentences, k - chosen.length, { chosen })].sort((a, b) => a.id - b.id)
      return { summary: prose(used), used }
    }
    case 'detailed': {
      const k = max ?? clamp(Math.round(n * 0.2), Math.min(4, n), MAX_DETAILED)
      const used = withReference(sentences, seeds, k)
      return { summary: prose(used), used }
    }
    case 'bullet_points': {
      const k = max ?? clamp(Math.round(n * 0.15), Math.min(4, n), MAX_BULLETS)
      const used = withReference(sentences, seeds, k)
      const line = (s: Sentence) => `- ${s.speaker ? `${label(s.speaker)}: ` : ''}${tidy(s.text)}`
      return { summary: used.map(line).join('\n'), used }
    }
    case 'action_items': {
      const used = mmr(actionable(sentences), max ?? MAX_ACTIONS)
      return { summary: used.length ? used.map((s) => actionLine(s, who)).join('\n') : NO_ACTION_ITEMS, used }
    }
    case 'call_notes': {
      const opening = reason
        ? [
            reason,
            ...mmr(
              sentences.filter((s) => s.turn === reason.turn && s.reason > 0),
              1,
              { chosen: [reason] },
            ),
          ]
        : mmr(sentences, 1)
      opening.sort((a, b) => a.id - b.id)
      const after = (s: Sentence) => !reason || s.id > reason.id
      const outcomes = sentences.filter(
        (s) =>
          after(s) &&
          !opening.includes(s) &&
          s.role !== 'customer' &&
          (s.resolution > 0 || s.action?.owner === 'speaker'),
      )
      const resolution = mmr(outcomes, 2, { relevance: answering(opening) })
      const followUps = mmr(
        actionable(sentences).filter((s) => !resolution.includes(s)),
        Math.min(max ?? 6, 6),
        { chosen: [...opening, ...resolution] },
      )
      // CRM notes keep the reference the customer will quote
      if (![...resolution, ...followUps].some((s) => s.reference)) {
        resolution.push(...mmr(references(sentences).filter(after), 1, { chosen: [...opening, ...resolution] }))
        resolution.sort((a, b) => a.id - b.id)
      }
      const text = (picked: Sentence[], none: string) => picked.map((s) => tidy(s.text)).join(' ') || none
      const summary = [
        `Reason for contact: ${text(opening, 'Not stated.')}`,
        `Resolution: ${text(resolution, 'None recorded.')}`,
        'Follow-ups:',
        followUps.length ? followUps.map((s) => actionLine(s, who)).join('\n') : '- None',
      ].join('\n')
      return { summary, used: [...opening, ...resolution, ...followUps].sort((a, b) => a.id - b.id) }
    }
  }
}

/** Reads and scores the text: the common first step of the extractive summary and the LLM's condensing. */
export function scoredSentences(input: string | Turn[]): Sentence[] {
  return score(readSentences(typeof input === 'string' ? toTurns(input) : input))
}

/**
 * The extractive summary: plain text (bullets as "- " lines; call_notes as "Reason for contact:
 * …\nResolution: …\nFollow-ups:\n- …"). Deterministic.
 */
export function summarizeExtractive(
  input: string | Turn[],
  type: SummaryType,
  options: { maxSentences?: number } = {},
): ExtractiveSummary {
  const max = options.maxSentences && options.maxSentences > 0 ? Math.floor(options.maxSentences) : undefined
  const { summary, used } = shape(scoredSentences(input), type, max)
  return {
    summary,
    engine: 'extractive',
    sentences: used.map((s) => ({ text: tidy(s.text), turn: s.turn, score: s.score })),
  }
}
