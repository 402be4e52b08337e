import { simpleParser } from 'mailparser'
import { z } from 'zod'
import type { ScoringTurnRow } from '../../db/schema'
import { HttpError } from '../../lib/http-error'

/*
 * Chats and e-mails as turns (speaker, text, and a start second where the source gives one), from
 * what a visitor pastes or uploads (docs/decisions/015):
 *
 * - a chat pasted as text: one line per message, "Agent: …" or "Customer: …" (also "[00:42] Agent: …"
 *   or "10:02 Priya: …"); the agent's own first or full name counts as "Agent", any other label as the
 *   customer; a line without a label continues the message above it. Times that start at "00:" count
 *   minutes and seconds from the start; others are a clock (hours and minutes, or h:mm:ss);
 * - a chat as .json: a list of `{ speaker: "agent" | "customer", text, at? }`;
 * - an e-mail pasted as text or uploaded as .eml: the newest message on top and the thread quoted
 *   below it ("On … wrote:", "-----Original Message-----", "> " lines, or "From:" headers). The
 *   messages come out oldest first; each is the agent's when its sender names the agent or the
 *   campaign's client, else the customer's. A bare message with no sender is the agent's reply.
 */

/** Whose side a label or a sender is on: the agent's names and the client's (e.g. "Acme Bank"). */
export type Sides = { agentNames: string[]; client: string }

export class ConversationError extends HttpError {
  constructor(field: string, message: string) {
    super(422, message, { [field]: [message] })
  }
}

const AGENT_LABELS = /^(agent|advisor|adviser|rep|representative|support|operator|colleague)$/i
/** "[00:42] Agent: text", "10:02 Priya: text": an optional time, a label of up to three words, a colon. */
const CHAT_LINE =
  /^\s*(?:[[(]?(\d{1,2}):(\d{2})(?::(\d{2}))?[\])]?\s*[-–]?\s*)?([\p{L}][\p{L}.'’-]*(?: [\p{L}][\p{L}.'’-]*){0,2})\s*:\s+(.+)$/u

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ')

function isAgent(label: string, sides: Sides) {
  if (AGENT_LABELS.test(label.trim())) return true
  const l = norm(label)
  return sides.agentNames.some((name) => norm(name) === l || norm(name).split(' ')[0] === l)
}

/** A pasted chat, one labelled line per message. */
export function chatFromText(text: string, sides: Sides): ScoringTurnRow[] {
  const turns: ScoringTurnRow[] = []
  const twoPart: ScoringTurnRow[] = []
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line) continue
    const m = CHAT_LINE.exec(line)
    const label = m?.[4]
    if (m && label && m[5]) {
      const turn: ScoringTurnRow = { speaker: isAgent(label, sides) ? 'agent' : 'customer', text: m[5].trim() }
      if (m[1] !== undefined && m[2] !== undefined) {
        const [a, b, c] = [Number(m[1]), Number(m[2]), m[3] === undefined ? null : Number(m[3])]
        turn.start = c !== null ? a * 3600 + b * 60 + c : a * 60 + b
        if (c === null) twoPart.push(turn)
      }
      turns.push(turn)
    } else if (turns.length) {
      turns[turns.length - 1]!.text += ` ${line}`
    } else {
      throw new ConversationError('text', 'Start each message with who wrote it, e.g. "Agent: Hello" or "Customer: Hi"')
    }
  }
  // "00:42" counts from the start of the chat (minutes:seconds); "10:02" is a clock (hours:minutes)
  if (twoPart.length && Math.floor(twoPart[0]!.start! / 60) !== 0) for (const t of twoPart) t.start! *= 60
  return relativeTimes(turns)
}

/** Times made relative to the first message, dropped when they do not run forward. */
function relativeTimes(turns: ScoringTurnRow[]) {
  const times = turns.map((t) => t.start)
  if (times.some((t) => t === undefined)) return turns.map(({ start: _s, ...t }) => t)
  const first = times[0]!
  const ordered = times.every((t, i) => i === 0 || t! >= times[i - 1]!)
  return ordered ? turns.map((t) => ({ ...t, start: t.start! - first })) : turns.map(({ start: _s, ...t }) => t)
}

const jsonTurn = z.object({
  speaker: z.enum(['agent', 'customer']),
  text: z.string().trim().min(1).max(5000),
  at: z.number().nonnegative().optional(),
})

/** A chat uploaded as JSON: a list of turns. */
export function chatFromJson(bytes: Buffer): ScoringTurnRow[] {
  let value: unknown
  try {
    value = JSON.parse(bytes.toString('utf8'))
  } catch {
    throw new ConversationError('file', 'The file is not valid JSON')
  }
  const parsed = z.array(jsonTurn).min(1).max(2000).safeParse(value)
  if (!parsed.success) {
    throw new ConversationError(
      'file',
      'Give the chat as a list of {"speaker": "agent" or "customer", "text": "…"} turns',
    )
  }
  return relativeTimes(parsed.data.map((t) => ({ speaker: t.speaker, text: t.text, start: t.at })))
}

/** Where the quoted thread starts below a reply, and who sent the quoted message when it says. */
const QUOTE_HEADER = /^(?:On .{3,200} wrote:|-{2,}\s*Original Message\s*-{2,}|From:\s*(.+))$/im

type Message = { from: string | null; body: string }

/** A thread's messages, newest first, split at each quote header and at "> " quoting. */
function splitThread(text: string, from: string | null): Message[] {
  const messages: Message[] = []
  let rest = text.replace(/\r\n/g, '\n')
  let sender = from
  for (;;) {
    const m = QUOTE_HEADER.exec(rest)
    const quoted = rest.search(/^>/m)
    const cut = m && (quoted < 0 || m.index <= quoted) ? m.index : quoted >= 0 ? quoted : -1
    if (cut < 0) {
      messages.push({ from: sender, body: rest })
      break
    }
    messages.push({ from: sender, body: rest.slice(0, cut) })
    if (m && m.index === cut) {
      const header = m[0]
      sender = m[1] ?? /On .+?,\s*(.+?)\s*wrote:/i.exec(header)?.[1] ?? null
      // skip the header block (To:, Sent:, Subject: lines under a From:)
      rest = rest.slice(cut + header.length).replace(/^\n?(?:(?:To|Cc|Sent|Date|Subject):.*\n)*/i, '')
    } else {
      // "> " lines: one quoted message, its quote marks taken off
      sender = null
      rest = rest
        .slice(cut)
        .split('\n')
        .map((l) => l.replace(/^>\s?/, ''))
        .join('\n')
    }
  }
  return messages
}

const clean = (body: string) =>
  body
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()

function emailTurns(messages: Message[], sides: Sides): ScoringTurnRow[] {
  const client = norm(sides.client)
  const turns = messages
    .map((m, i) => {
      const text = clean(m.body)
      const from = m.from ? norm(m.from) : null
      const agent =
        from === null
          ? i === 0
          : sides.agentNames.some((n) => from.includes(norm(n).split(' ')[0]!)) ||
            (client !== '' && from.includes(client.split(' ')[0]!))
      return { speaker: agent ? ('agent' as const) : ('customer' as const), text }
    })
    .filter((t) => t.text)
    .reverse()
  if (!turns.length) throw new ConversationError('text', 'The e-mail has no text')
  return turns
}

/** A pasted e-mail thread, newest message on top. */
export function emailFromText(text: string, sides: Sides): ScoringTurnRow[] {
  return emailTurns(splitThread(text, null), sides)
}

/** An uploaded .eml: its sender decides the top message's side; the quoted thread below is split as pasted text is. */
export async function emailFromEml(bytes: Buffer, sides: Sides): Promise<ScoringTurnRow[]> {
  const mail = await simpleParser(bytes)
  const body = mail.text ?? ''
  if (!body.trim()) throw new ConversationError('file', 'The e-mail has no text part')
  const from = mail.from?.value.map((a) => `${a.name ?? ''} ${a.address ?? ''}`).join(' ') ?? null
  return emailTurns(splitThread(body, from), sides)
}
