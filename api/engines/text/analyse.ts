import type { ItemToken } from 'wink-nlp'
import { RegExpMatcher, TextCensor, englishDataset, englishRecommendedTransformers } from 'obscenity'
import type { Segment, Speaker } from '../scoring/match'
import { hhmmss } from '../scoring/text'
import { emotions, lexicon, type Emotion } from './emotion-lexicon'
import { nlp } from './nlp'

const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d
const speakers: Speaker[] = ['agent', 'customer']

type Word = { lemma: string; raw: string; proper: boolean }
type Analysed = { segment: Segment; sentiment: number; words: Word[] }

/** Per utterance: wink-nlp's sentiment (-1 to 1) and its content words as lemmas. */
export function analyse(segments: Segment[]): Analysed[] {
  const { readDoc, its } = nlp()
  return segments.map((segment) => {
    const doc = readDoc(segment.text)
    const words: Word[] = []
    doc.tokens().each((t: ItemToken) => {
      if (t.out(its.type) !== 'word' || t.out(its.stopWordFlag)) return
      const raw = t.out().toLowerCase()
      words.push({
        raw,
        lemma: String(t.out(its.lemma as unknown as typeof its.normal))
          .toLowerCase()
          .replace(/[^\p{L}\p{N}-]/gu, ''),
        proper: t.out(its.pos) === 'PROPN',
      })
    })
    return { segment, sentiment: round(doc.out(its.sentiment) as number), words }
  })
}

export type SentimentSummary = Record<
  Speaker,
  { score: number | null; positive: number; neutral: number; negative: number }
>

/** Average sentiment per speaker and how many of their utterances lean each way (±0.1 is neutral). */
export function sentimentSummary(analysed: Analysed[]): SentimentSummary {
  const out = {} as SentimentSummary
  for (const speaker of speakers) {
    const mine = analysed.filter((a) => a.segment.speaker === speaker)
    out[speaker] = {
      score: mine.length ? round(mine.reduce((s, a) => s + a.sentiment, 0) / mine.length) : null,
      positive: mine.filter((a) => a.sentiment > 0.1).length,
      neutral: mine.filter((a) => Math.abs(a.sentiment) <= 0.1).length,
      negative: mine.filter((a) => a.sentiment < -0.1).length,
    }
  }
  return out
}

export type SentimentPoint = {
  start_time: string
  start_seconds: number
  agent: number | null
  customer: number | null
}

/** Sentiment over the call in equal slices, per speaker (null where a speaker said nothing in a slice). */
export function sentimentTimeline(analysed: Analysed[], slices = 10): SentimentPoint[] {
  const duration = analysed.reduce((max, a) => Math.max(max, a.segment.end), 0)
  if (!duration) return []
  const width = duration / slices
  return Array.from({ length: slices }, (_, i) => {
    const inSlice = analysed.filter((a) => Math.min(slices - 1, Math.floor(a.segment.start / width)) === i)
    const mean = (speaker: Speaker) => {
      const mine = inSlice.filter((a) => a.segment.speaker === speaker)
      return mine.length ? round(mine.reduce((s, a) => s + a.sentiment, 0) / mine.length) : null
    }
    return {
      start_time: hhmmss(i * width),
      start_seconds: round(i * width, 1),
      agent: mean('agent'),
      customer: mean('customer'),
    }
  })
}

export type CloudWord = {
  word: string
  count: number
  agent: number
  customer: number
  sentiment: 'positive' | 'negative' | 'neutral'
}

/** The call's most used content words (by lemma), with who said them and their leaning. */
export function wordCloud(analysed: Analysed[], limit = 40): CloudWord[] {
  const counts = new Map<string, { count: number; agent: number; customer: number; sentiment: number }>()
  for (const a of analysed) {
    for (const w of a.words) {
      // names (the agent's, the customer's, the company's) say nothing about the call
      if (w.proper || w.lemma.length < 3 || /^\d+$/.test(w.lemma)) continue
      const entry = counts.get(w.lemma) ?? { count: 0, agent: 0, customer: 0, sentiment: 0 }
      entry.count++
      entry[a.segment.speaker]++
      entry.sentiment += a.sentiment
      counts.set(w.lemma, entry)
    }
  }
  return [...counts]
    .sort((x, y) => y[1].count - x[1].count || x[0].localeCompare(y[0]))
    .slice(0, limit)
    .map(([word, e]) => {
      const mean = e.sentiment / e.count
      return {
        word,
        count: e.count,
        agent: e.agent,
        customer: e.customer,
        sentiment: mean > 0.1 ? 'positive' : mean < -0.1 ? 'negative' : 'neutral',
      }
    })
}

export type EmotionProfile = Record<Speaker, Record<Emotion, number>>

/** Share of each speaker's content words that signal each emotion (0–1), from the project's lexicon. */
export function emotionProfile(analysed: Analysed[]): EmotionProfile {
  const out = {} as EmotionProfile
  for (const speaker of speakers) {
    const words = analysed.filter((a) => a.segment.speaker === speaker).flatMap((a) => a.words)
    const tally = Object.fromEntries(emotions.map((e) => [e, 0])) as Record<Emotion, number>
    for (const w of words) for (const e of lexicon.get(w.lemma) ?? lexicon.get(w.raw) ?? []) tally[e]++
    for (const e of emotions) tally[e] = words.length ? round(tally[e] / words.length) : 0
    out[speaker] = tally
  }
  return out
}

const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers })
const censor = new TextCensor()

/** A text with its obscene words starred out (obscenity's English set, as `findProfanity` reads them), and whether there were any. */
export function censorProfanity(text: string): { text: string; profane: boolean } {
  const matches = matcher.getAllMatches(text, true)
  return matches.length ? { text: censor.applyTo(text, matches), profane: true } : { text, profane: false }
}

export type ProfanityHit = { speaker: Speaker; start_time: string; start_seconds: number; word: string; text: string }

/** Profanity per utterance (obscenity's English set, which sees through l33t and spacing), censored. */
export function findProfanity(segments: Segment[]): ProfanityHit[] {
  const hits: ProfanityHit[] = []
  for (const segment of segments) {
    const matches = matcher.getAllMatches(segment.text, true)
    if (!matches.length) continue
    const text = censor.applyTo(segment.text, matches)
    const seen = new Set<string>()
    for (const m of matches) {
      const word = englishDataset.getPayloadWithPhraseMetadata(m).phraseMetadata?.originalWord ?? 'profanity'
      const key = `${word}@${m.startIndex}`
      if (seen.has(key)) continue
      seen.add(key)
      const at = segment.start + ((segment.end - segment.start) * m.startIndex) / Math.max(1, segment.text.length)
      hits.push({ speaker: segment.speaker, start_time: hhmmss(at), start_seconds: round(at, 1), word, text })
    }
  }
  return hits
}
