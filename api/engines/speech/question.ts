import { decodeAudio } from './decode'
import { abortError, SpeechError } from './errors'
import { availableEngine } from '.'
import type { SpeechEngineConfig } from './types'

/** A spoken question is short: at most two minutes. */
export const QUESTION_MAX_SECONDS = 120

export type HeardQuestion = { text: string; engine: string; durationS: number }

/**
 * One short spoken question to text: decoded, mixed to mono and recognised as one utterance (no
 * speakers to tell apart). A recording with no words in it is a clear error, not an empty question.
 */
export async function recogniseQuestion(
  bytes: Uint8Array,
  {
    config,
    language = 'en',
    signal,
    lm,
  }: {
    config: SpeechEngineConfig
    language?: string
    signal?: AbortSignal
    /** For pocketsphinx: a language model of the words the question is likely to use (domain-lm.ts). */
    lm?: string
  },
): Promise<HeardQuestion> {
  const [audio, engine] = await Promise.all([
    decodeAudio(bytes, { maxSeconds: QUESTION_MAX_SECONDS, signal }),
    availableEngine(config, { language, lm }),
  ])
  if (!engine.name) throw new SpeechError('no_engine', engine.message)
  if (signal?.aborted) throw abortError(signal)
  const phrases = await engine.run(audio.mono, { language, signal })
  const text = phrases
    .map((p) => p.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (!text)
    throw new SpeechError(
      'empty',
      'No words were heard in the recording. Speak closer to the microphone and try again.',
    )
  return { text, engine: engine.label, durationS: audio.durationS }
}
