import type { Document, ItemSentence, ItemToken } from 'wink-nlp'
import stem from 'wink-porter2-stemmer'
import {
  ADDRESS,
  COMPANY_FUTURE,
  DATE,
  FILLERS,
  INSTRUCTION,
  MONEY,
  NUMBER,
  OTHERS_COMMITMENT,
  PLEASANTRY,
  QUESTION_START,
  REASON,
  REFERENCE,
  RESOLUTION,
  SELF_ARRANGED,
  SELF_COMMITMENT,
  VERIFICATION,
  normalise,
} from './cues'
import { capLength, nlp } from './split'
import type { Turn } from './types'

export type Role = 'agent' | 'customer'

/** Who must act on a next step: the speaker, the other party, or (in a document) nobody named. */
export type Action = { owner: 'speaker' | 'listener' | 'company' }

export type Sentence = {
  /** Position in the text. */
  id: number
  turn: number
  speaker?: string
  role?: Role
  text: string
  /** Stemmed content words and numbers: what similarity compares. */
  stems: string[]
  words: number
  question: boolean
  pleasantry: boolean
  verification: boolean
  fact: number
  /** Holds a reference, account or claim number. */
  reference: boolean
  reason: number
  resolution: number
  action: Action | null
  score: number
}

/** Words so common in calls that they say nothing about this one. */
const CHATTER = new Set(
  'yeah yes yep no nope okay ok right alright sure thank thanks please sorry lovely great perfect brilliant fine just well oh like know mean gonna wanna'.split(
    ' ',
  ),
)

const AGENT_LABEL =
  /^(agent|advisor|adviser|rep|representative|operator|associate|consultant|csr|support|staff|specialist|banker|assistant)\b/i
const CUSTOMER_LABEL = /^(customer|caller|client|member|patient|user|consumer|policyholder|account holder|guest)\b/i
const AGENT_SAYS =
  /thank(s| you) for (calling|holding)|how (can|may) i (help|assist)|you are (through|speaking) (to|with)|is there anything else|for security|can i (take|have) your|bear with me|let me (just )?(check|have a look)/g
const CUSTOMER_SAYS = new RegExp(REASON.source, 'g')

/**
 * Which speaker is the agent: by label where it says ("Agent", "Caller"); otherwise the one who
 * greets, verifies and offers help, and failing any sign, whoever spoke first (the agent answers).
 */
export function speakerRoles(turns: Turn[]): Map<string, Role> {
  const roles = new Map<string, Role>()
  const speakers = [...new Set(turns.map((t) => t.speaker).filter((s): s is string => !!s))]
  if (!speakers.length) return roles
  const unlabelled: string[] = []
  for (const s of speakers) {
    if (AGENT_LABEL.test(s)) roles.set(s, 'agent')
    else if (CUSTOMER_LABEL.test(s)) roles.set(s, 'customer')
    else unlabelled.push(s)
  }
  if (!unlabelled.length) return roles
  const lean = new Map(unlabelled.map((s) => [s, 0]))
  for (const t of turns) {
    if (!t.speaker || !lean.has(t.speaker)) continue
    const text = normalise(t.text)
    lean.set(
      t.speaker,
      lean.get(t.speaker)! + (text.match(AGENT_SAYS)?.length ?? 0) - (text.match(CUSTOMER_SAYS)?.length ?? 0),
    )
  }
  const hasAgent = [...roles.values()].includes('agent')
  const ranked = [...unlabelled].sort(
    (a, b) => lean.get(b)! - lean.get(a)! || speakers.indexOf(a) - speakers.indexOf(b),
  )
  ranked.forEach((s, i) => roles.set(s, !hasAgent && i === 0 ? 'agent' : lean.get(s)! > 0 ? 'agent' : 'customer'))
  return roles
}

function hasReference(text: string) {
  const all = new RegExp(REFERENCE.source, 'giu')
  for (const m of text.matchAll(all)) {
    // ordinals, times and units have letters and digits too
    if (!/^\d+(st|nd|rd|th|am|pm|s|gb|mb|kb|p|k|m|mins?|hrs?)$/i.test(m[0])) return true
  }
  return false
}

/** Who must act, if the sentence is a commitment or a next step at all. */
function actionOf(text: string, question: boolean): Action | null {
  if (question) return null
  if (SELF_COMMITMENT.test(text) || SELF_ARRANGED.test(text)) return { owner: 'speaker' }
  if (INSTRUCTION.test(text)) return { owner: 'listener' }
  if (COMPANY_FUTURE.test(text) || OTHERS_COMMITMENT.test(text)) return { owner: 'company' }
  return null
}

/** Stemmed content words (and numbers) of a sentence, and how many words it has, fillers aside. */
function stemsOf(sentence: ItemSentence | Document): { stems: string[]; words: number } {
  const { its } = nlp()
  const stems: string[] = []
  let words = 0
  sentence.tokens().each((t: ItemToken) => {
    const type = t.out(its.type)
    if (type === 'punctuation' || type === 'currency' || type === 'symbol' || type === 'emoji') return
    const raw = t.out().toLowerCase().replace(/[’']/g, '')
    if (FILLERS.has(raw)) return
    words++
    if (type === 'word') {
      const clean = raw.replace(/[^\p{L}\p{N}-]/gu, '')
      if (!clean || t.out(its.stopWordFlag) || CHATTER.has(clean) || clean.length < 2) return
      stems.push(stem(clean))
    } else stems.push(raw)
  })
  return { stems, words }
}

/** Reads every turn into sentences with the features `score` weighs; over-long runs are cut. */
export function readSentences(turns: Turn[]): Sentence[] {
  const { readDoc, its } = nlp()
  const roles = speakerRoles(turns)
  const out: Sentence[] = []
  turns.forEach((turn, index) => {
    if (!turn.text?.trim()) return
    const doc = readDoc(turn.text)
    const pieces: { text: string; item: ItemSentence | Document; entities: string[] }[] = []
    doc.sentences().each((s: ItemSentence) => {
      const text = s.out()
      const cut = capLength(text)
      if (cut.length === 1) pieces.push({ text, item: s, entities: s.entities().out(its.type) as string[] })
      else
        for (const piece of cut) {
          const d = readDoc(piece)
          pieces.push({ text: piece, item: d, entities: d.entities().out(its.type) as string[] })
        }
    })
    for (const { text, item, entities } of pieces) {
      const norm = normalise(text)
      const { stems, words } = stemsOf(item)
      const question = /\?\s*$/.test(text) || QUESTION_START.test(norm)
      const reference = hasReference(text)
      let fact = 0
      if (MONEY.test(text) || entities.includes('MONEY')) fact += 1
      if (DATE.test(text) || entities.some((e) => e === 'DATE' || e === 'TIME' || e === 'DURATION')) fact += 0.7
      if (reference) fact += 1
      else if (ADDRESS.test(text)) fact += 0.8
      else if (NUMBER.test(text) || entities.some((e) => e === 'CARDINAL' || e === 'PERCENT')) fact += 0.3
      out.push({
        id: out.length,
        turn: index,
        speaker: turn.speaker,
        role: turn.speaker ? roles.get(turn.speaker) : undefined,
        text,
        stems,
        words,
        question,
        pleasantry: PLEASANTRY.test(norm),
        verification: VERIFICATION.test(norm),
        fact: Math.min(fact, 1.8),
        reference,
        reason: Math.min(2, norm.match(REASON)?.length ?? 0),
        resolution: Math.min(2, norm.match(RESOLUTION)?.length ?? 0),
        action: actionOf(norm, question),
        score: 0,
      })
    }
  })
  return out
}
