import { medianF0 } from './pitch'
import type { Phrase, Speaker, SpeechSegment } from './types'

/*
 * Who said what. A stereo call recording has one speaker per channel, so the channel says it.
 * A mono one needs diarisation, done here by a heuristic that suits two-party calls:
 * 1. Cut the transcript into units at pauses (PAUSE_S) between words: a turn rarely changes
 *    without one.
 * 2. Give each unit its voice pitch (median F0) and split the units in two by pitch (the split
 *    of the sorted values with the least spread within each side, weighted by duration).
 * 3. If the two sides are not clearly apart (less than MIN_SEMITONES between their means,
 *    overlapping spreads, or one side under MIN_SHARE of the speech), pitch cannot tell two
 *    voices apart. Then the words decide: when both what agents say and what customers say are
 *    heard, in different units, or there are at least three turns (MIN_TURN_PAUSES pauses of
 *    TURN_PAUSE_S), the documented fallback applies (a long pause ends a turn, and turns
 *    alternate); otherwise it is one speaker, since alternating at every pause split a short
 *    one-voice recording (a greeting, a read message) into two.
 * 4. The agent is the voice that speaks first, unless the other voice says clearly more (by two
 *    cues) of what agents say ("thank you for calling", "how can I help") and less of what
 *    customers say.
 */

export const PAUSE_S = 0.25
export const TURN_PAUSE_S = 0.8
export const MIN_SEMITONES = 2
/** Each pitch side must hold this share of the speech's duration to count as a voice. */
export const MIN_SHARE = 0.1
/** Without pitch or words to go by, this many long pauses (three turns) make a conversation. */
const MIN_TURN_PAUSES = 2
/** Consecutive units of one speaker closer than this make one segment. */
const MERGE_GAP_S = 1.5

type Unit = { start: number; end: number; text: string }
type Voice = 0 | 1

const agentCues = [
  /\bthanks? (you )?for (calling|holding|waiting|your patience)\b/,
  /\bhow (can|may|could) i (help|assist)\b/,
  /\bmy name is\b/,
  /\b(this call|calls?) (is|are|may be|will be) recorded\b/,
  /\bcan i (take|have|get) your\b/,
  /\b(could|can) you (confirm|verify)\b/,
  /\bis there anything else\b/,
  /\bspeaking\b/,
  /\bwelcome to\b/,
]
const customerCues = [
  /\bi'?m calling (about|because|to|regarding)\b/,
  /\bi (would|'d) like to\b/,
  /\bi (want|need) to\b/,
  /\bmy (account|card|bill|order|payment)\b/,
  /\bi have a (problem|question|complaint)\b/,
  /\bcan you help me\b/,
]
const count = (patterns: RegExp[], text: string) => patterns.filter((p) => p.test(text)).length

/** Splits phrases at pauses between their words (phrases without word times stay whole). */
export function unitsOf(phrases: Phrase[], pause = PAUSE_S): Unit[] {
  const units: Unit[] = []
  for (const phrase of phrases) {
    if (!phrase.words?.length) {
      units.push({ start: phrase.start, end: phrase.end, text: phrase.text })
      continue
    }
    let current = [phrase.words[0]]
    const close = () =>
      units.push({ start: current[0].start, end: current.at(-1)!.end, text: current.map((w) => w.text).join(' ') })
    for (const word of phrase.words.slice(1)) {
      if (word.start - current.at(-1)!.end >= pause) {
        close()
        current = []
      }
      current.push(word)
    }
    close()
  }
  return units.filter((u) => u.text.trim()).sort((a, b) => a.start - b.start)
}

const semitones = (f0: number) => 12 * Math.log2(f0 / 100)

/** The best split of units in two by pitch, or null when the two sides are not distinct voices. */
function splitByPitch(pitches: (number | null)[], weights: number[]): Voice[] | null {
  const known = pitches
    .map((p, i) => ({ i, p, w: weights[i] }))
    .filter((x): x is { i: number; p: number; w: number } => x.p !== null)
    .map((x) => ({ ...x, s: semitones(x.p) }))
    .sort((a, b) => a.s - b.s)
  if (known.length < 2) return null
  const stats = (xs: typeof known) => {
    const w = xs.reduce((n, x) => n + x.w, 0)
    const mean = xs.reduce((n, x) => n + x.s * x.w, 0) / w
    const variance = xs.reduce((n, x) => n + x.w * (x.s - mean) ** 2, 0) / w
    return { mean, variance, w }
  }
  let best: { cut: number; cost: number } | null = null
  for (let cut = 1; cut < known.length; cut++) {
    const lo = stats(known.slice(0, cut))
    const hi = stats(known.slice(cut))
    const cost = lo.variance * lo.w + hi.variance * hi.w
    if (!best || cost < best.cost) best = { cut, cost }
  }
  const lo = stats(known.slice(0, best!.cut))
  const hi = stats(known.slice(best!.cut))
  const apart = hi.mean - lo.mean
  const spread = Math.sqrt((lo.variance * lo.w + hi.variance * hi.w) / (lo.w + hi.w))
  if (apart < MIN_SEMITONES || apart < 3 * spread) return null
  // one voice's intonation (espeak's is wide) can pass the pooled test: each side must be tight too
  if (apart < 3 * Math.sqrt(Math.max(lo.variance, hi.variance))) return null
  if (Math.min(lo.w, hi.w) < MIN_SHARE * (lo.w + hi.w)) return null
  const voices: (Voice | null)[] = pitches.map(() => null)
  known.forEach((x, rank) => (voices[x.i] = rank < best!.cut ? 0 : 1))
  // a unit with no voiced frames (a short or whispered word) takes its nearest neighbour's voice
  return voices.map((v, i) => v ?? nearestVoice(voices, i) ?? 0)
}

function nearestVoice(voices: (Voice | null)[], i: number): Voice | null {
  for (let d = 1; d < voices.length; d++) {
    if (voices[i - d] != null) return voices[i - d]!
    if (voices[i + d] != null) return voices[i + d]!
  }
  return null
}

/** The fallback: turns end at pauses of TURN_PAUSE_S or more, and speakers alternate. */
function alternateTurns(units: Unit[]): Voice[] {
  let voice: Voice = 0
  return units.map((u, i) => {
    if (i > 0 && u.start - units[i - 1].end >= TURN_PAUSE_S) voice = voice === 0 ? 1 : 0
    return voice
  })
}

/** How many pauses of TURN_PAUSE_S or more there are between units. */
const turnPauses = (units: Unit[]) => units.filter((u, i) => i > 0 && u.start - units[i - 1].end >= TURN_PAUSE_S).length

/** Whether some unit says what agents say and another what customers say. */
function soundsLikeTwoParties(units: Unit[]): boolean {
  const texts = units.map((u) => u.text.toLowerCase())
  const agentAt = texts.findIndex((t) => count(agentCues, t) > 0)
  const customerAt = texts.findIndex((t, i) => i !== agentAt && count(customerCues, t) > 0)
  return agentAt >= 0 && customerAt >= 0
}

/** Which voice is the agent: the first to speak, unless the words say the other one is. */
function agentVoice(units: Unit[], voices: Voice[]): Voice {
  const score = [0, 0]
  units.forEach((u, i) => {
    const text = u.text.toLowerCase()
    score[voices[i]] += count(agentCues, text) - count(customerCues, text)
  })
  const first = voices[0]
  const other: Voice = first === 0 ? 1 : 0
  // by a clear margin: one cue can come from a customer ("my name is …") or a misheard word
  return score[other] > score[first] + 1 ? other : first
}

export type Diarisation = { segments: SpeechSegment[]; method: 'pitch' | 'turns' | 'one voice' }

/** Speaker-labelled segments for a mono recording. */
export function diariseMono(phrases: Phrase[], mono: Float32Array): Diarisation {
  const units = unitsOf(phrases)
  if (!units.length) return { segments: [], method: 'turns' }
  const pitches = units.map((u) => medianF0(mono, u.start, u.end, 40))
  const byPitch = splitByPitch(
    pitches,
    units.map((u) => Math.max(0.1, u.end - u.start)),
  )
  const twoParties = !byPitch && (soundsLikeTwoParties(units) || turnPauses(units) >= MIN_TURN_PAUSES)
  const voices = byPitch ?? (twoParties ? alternateTurns(units) : units.map((): Voice => 0))
  const agent = agentVoice(units, voices)
  const labelled = units.map((u, i) => ({ ...u, speaker: (voices[i] === agent ? 'agent' : 'customer') as Speaker }))
  return { segments: mergeTurns(labelled), method: byPitch ? 'pitch' : twoParties ? 'turns' : 'one voice' }
}

/** Speaker-labelled segments for a stereo recording: channel 0 is the agent, 1 the customer. */
export function labelByChannel(perChannel: Phrase[][]): SpeechSegment[] {
  const speakers: Speaker[] = ['agent', 'customer']
  const labelled = perChannel.flatMap((phrases, c) =>
    unitsOf(phrases, TURN_PAUSE_S).map((u) => ({ ...u, speaker: speakers[c] })),
  )
  return mergeTurns(labelled.sort((a, b) => a.start - b.start))
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** Joins a speaker's consecutive units into segments, times to two decimals, sorted by start. */
export function mergeTurns(units: (Unit & { speaker: Speaker })[]): SpeechSegment[] {
  const out: SpeechSegment[] = []
  for (const u of [...units].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1)
    if (last && last.speaker === u.speaker && u.start - last.end < MERGE_GAP_S) {
      last.end = Math.max(last.end, round2(u.end))
      last.text = `${last.text} ${u.text.trim()}`
    } else {
      out.push({ speaker: u.speaker, start: round2(u.start), end: round2(u.end), text: u.text.trim() })
    }
  }
  return out
}
