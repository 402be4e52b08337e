import winkNLP from 'wink-nlp'
import model from 'wink-eng-lite-web-model'

let instance: ReturnType<typeof winkNLP> | undefined

/**
 * wink-nlp with only sentence breaking and entities: the summariser needs no part-of-speech tags
 * or sentiment, and leaving them out makes reading a long call about three times faster.
 */
export function nlp() {
  instance ??= winkNLP(model, ['sbd', 'ner'])
  return instance
}

/** Longest run of words kept as one sentence: speech recognition output may have no full stops at all. */
const MAX_WORDS = 40
/** Where a long run is cut: about this many words, before a word that usually opens a clause. */
const TARGET_WORDS = 25
const MIN_WORDS = 10
// not "because" or "which": cutting there parts a statement from its reason ("I'm calling | because…")
const OPENERS = new Set(
  'so and but then okay ok yeah yes no right well alright actually also anyway i we you'.split(' '),
)

/** A sentence of more than MAX_WORDS words, cut into pieces near TARGET_WORDS at a likely clause start. */
export function capLength(sentence: string): string[] {
  const words = sentence.split(/\s+/).filter(Boolean)
  if (words.length <= MAX_WORDS) return [sentence.trim()]
  const pieces: string[] = []
  let start = 0
  while (words.length - start > MAX_WORDS) {
    let cut = start + TARGET_WORDS
    // the opener nearest the target, looking a little either side
    for (let d = 0; d <= TARGET_WORDS - MIN_WORDS; d++) {
      if (OPENERS.has(words[cut - d]?.toLowerCase())) {
        cut -= d
        break
      }
      if (OPENERS.has(words[cut + d]?.toLowerCase()) && cut + d - start <= MAX_WORDS) {
        cut += d
        break
      }
    }
    pieces.push(words.slice(start, cut).join(' '))
    start = cut
  }
  pieces.push(words.slice(start).join(' '))
  return pieces
}

/** Sentences of a text by wink-nlp's sentence breaker, with over-long ones cut by `capLength`. */
export function splitSentences(text: string): string[] {
  const trimmed = text.trim()
  if (!trimmed) return []
  return (nlp().readDoc(trimmed).sentences().out() as string[]).flatMap(capLength).filter(Boolean)
}
