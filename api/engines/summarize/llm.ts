import { z } from 'zod'
import type { ChatMessage, Llm } from '../llm/client'
import { NO_ACTION_ITEMS, scoredSentences } from './extractive'
import { summaryTypeInfo, type SummaryType, type Turn } from './types'

/** Characters of source text per prompt (about 3,000 tokens): fits any chat model's context with room to answer. */
export const CHUNK_CHARS = 12_000
/** At most this many map calls; longer texts are first cut down to their best sentences by the extractive scorer. */
export const MAX_CHUNKS = 12
/** Rounds of condensing notes before giving up (each round shrinks them many times over). */
const MAX_REDUCE_ROUNDS = 3

const line = z.string().trim().min(1)
const shapes = {
  brief: z.object({ summary: line.max(1_500) }),
  detailed: z.object({ summary: line.max(6_000) }),
  bullet_points: z.object({ bullets: z.array(line.max(500)).min(1).max(15) }),
  action_items: z.object({
    action_items: z
      .array(
        z.object({
          owner: z.string().trim().max(80).nullish(),
          action: line.max(500),
          due: z.string().trim().max(100).nullish(),
        }),
      )
      .max(20),
  }),
  call_notes: z.object({
    reason_for_contact: line.max(800),
    resolution: line.max(1_200),
    follow_ups: z.array(line.max(500)).max(15),
  }),
} satisfies Record<SummaryType, z.ZodTypeAny>
const notesShape = z.object({ notes: z.array(line.max(600)).max(80) })

const REPLY_FORMAT: Record<SummaryType, string> = {
  brief: '{"summary":"two or three sentences"}',
  detailed: '{"summary":"a few short paragraphs"}',
  bullet_points: '{"bullets":["one fact per item", "…"]}',
  action_items:
    '{"action_items":[{"owner":"who acts (e.g. Agent, Customer, Engineer)","action":"what they will do","due":"when, or null"}]} (an empty list when there are none)',
  call_notes: '{"reason_for_contact":"…","resolution":"…","follow_ups":["who does what, by when", "…"]}',
}

const RULES = `Use only facts stated in the text. Keep amounts, dates, times, reference and account numbers exactly
as written. Leave out greetings, small talk, hold messages and security checks (dates of birth, postcodes).
Write in the third person ("The customer…", "The agent…") in plain English. Reply with JSON only.`

function render(type: SummaryType, answer: unknown): string {
  switch (type) {
    case 'brief':
    case 'detailed':
      return (answer as z.output<(typeof shapes)['brief']>).summary
    case 'bullet_points':
      return (answer as z.output<(typeof shapes)['bullet_points']>).bullets
        .map((b) => `- ${b.replace(/^[-•*]\s*/, '')}`)
        .join('\n')
    case 'action_items': {
      const items = (answer as z.output<(typeof shapes)['action_items']>).action_items
      if (!items.length) return NO_ACTION_ITEMS
      return items.map((i) => `- ${i.owner ? `${i.owner}: ` : ''}${i.action}${i.due ? ` (${i.due})` : ''}`).join('\n')
    }
    case 'call_notes': {
      const notes = answer as z.output<(typeof shapes)['call_notes']>
      return [
        `Reason for contact: ${notes.reason_for_contact}`,
        `Resolution: ${notes.resolution}`,
        'Follow-ups:',
        notes.follow_ups.length ? notes.follow_ups.map((f) => `- ${f.replace(/^[-•*]\s*/, '')}`).join('\n') : '- None',
      ].join('\n')
    }
  }
}

/** The error an aborted summary throws: the signal's own reason when it is an error, else an AbortError. */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason
  if (reason instanceof Error && (reason.name === 'AbortError' || reason.name === 'TimeoutError')) return reason
  return new DOMException('The summary was cancelled', 'AbortError')
}

/** `promise`, unless `signal` aborts first (the LLM client takes no signal, so the wait is what stops). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(abortError(signal))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

const asLine = (t: Turn) => (t.speaker ? `${t.speaker}: ${t.text}` : t.text)

/** Splits lines into pieces of at most `size` characters, at line breaks (or spaces, inside an over-long line). */
export function chunk(lines: string[], size = CHUNK_CHARS): string[] {
  const pieces: string[] = []
  let current = ''
  const flush = () => {
    if (current) pieces.push(current)
    current = ''
  }
  for (const l of lines) {
    let rest = l
    while (rest.length > size) {
      flush()
      const cut = rest.lastIndexOf(' ', size) > size / 2 ? rest.lastIndexOf(' ', size) : size
      pieces.push(rest.slice(0, cut))
      rest = rest.slice(cut).trimStart()
    }
    if (current.length + rest.length + 1 > size) flush()
    current = current ? `${current}\n${rest}` : rest
  }
  flush()
  return pieces
}

/**
 * The chunks of a text, at most MAX_CHUNKS: a longer text is cut to its best sentences
 * (extractive scores) in their original order, a bound on cost that keeps what the summary needs.
 */
function boundedChunks(turns: Turn[]): string[] {
  const chunks = chunk(turns.map(asLine))
  if (chunks.length <= MAX_CHUNKS) return chunks
  const ranked = scoredSentences(turns)
  const order = [...ranked].sort((a, b) => b.score - a.score || a.id - b.id)
  // chunks are never quite full, so the budget shrinks until the pieces fit
  for (let budget = CHUNK_CHARS * MAX_CHUNKS; ; budget *= 0.9) {
    const keep = new Set<number>()
    let used = 0
    for (const s of order) {
      const size = s.text.length + (s.speaker?.length ?? 0) + 3
      if (used + size > budget) continue
      keep.add(s.id)
      used += size
    }
    const condensed = chunk(ranked.filter((s) => keep.has(s.id)).map(asLine))
    if (condensed.length <= MAX_CHUNKS) return condensed
  }
}

/**
 * The LLM's summary of `turns`: one call when the text fits a prompt; otherwise map-reduce (notes
 * per chunk, condensed until they fit, then the summary from the notes). Throws on any failure,
 * including an answer of the wrong shape; the caller falls back.
 */
export async function summarizeWithLlm(llm: Llm, turns: Turn[], type: SummaryType, signal?: AbortSignal) {
  const ask = <S extends z.ZodTypeAny>(messages: ChatMessage[], schema: S) =>
    abortable(llm.json(messages, schema), signal)
  const conversation = turns.some((t) => t.speaker)
  const what = conversation ? 'a customer-service conversation' : 'a document'
  let source = boundedChunks(turns)
  let fromNotes = false
  for (let round = 0; source.length > 1; round++) {
    if (round === MAX_REDUCE_ROUNDS) throw new Error('The text is too long to summarise with the model')
    const notes: string[] = []
    for (const [i, piece] of source.entries()) {
      const { notes: found } = await ask(
        [
          {
            role: 'system',
            content: `You take notes on part ${i + 1} of ${source.length} of ${fromNotes ? `the notes on ${what}` : what}. List its facts in order as short notes: why the customer got in touch, the problem, amounts, dates, reference numbers, what was done, and every commitment with who does it and by when. ${RULES} Reply as {"notes":["…"]}.`,
          },
          { role: 'user', content: piece },
        ],
        notesShape,
      )
      notes.push(...found)
    }
    if (!notes.length) throw new Error('The model took no notes on the text')
    source = chunk(notes)
    fromNotes = true
  }

  const answer = await ask(
    [
      {
        role: 'system',
        content: `You summarise ${what}${fromNotes ? ' from notes taken on it in order' : ''}. Summary type: ${summaryTypeInfo[type].label}: ${summaryTypeInfo[type].description} ${RULES} Reply as ${REPLY_FORMAT[type]}.`,
      },
      { role: 'user', content: source[0] ?? '' },
    ],
    shapes[type],
  )
  return render(type, answer)
}
