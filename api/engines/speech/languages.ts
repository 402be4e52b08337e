import { pocketsphinxSpeaks } from './engines/pocketsphinx'
import { availableEngine } from './index'
import type { SpeechEngineConfig } from './types'

export type EngineLanguages = {
  /** What would run, e.g. "pocketsphinx (en-us)"; null when no engine can. */
  engine: string | null
  /** Whether that engine can transcribe a language code such as "en", "en-GB" or "pt". */
  speaks: (language: string) => boolean
  /** How to enable an engine, when none is available. */
  message: string | null
}

/** whisper.cpp's English-only models are named "*.en.bin" (ggml-base.en.bin); the others are multilingual. */
const englishOnlyWhisper = (modelPath: string) => /\.en\.bin$/i.test(modelPath)

/**
 * The languages the configured engine really has: Debian's pocketsphinx model is English only, as
 * are whisper.cpp's ".en" models; the other whisper models and an OpenAI-compatible service take
 * every language the upload form offers.
 */
export async function engineLanguages(config: SpeechEngineConfig): Promise<EngineLanguages> {
  const engine = await availableEngine(config)
  if (engine.name === null) return { engine: null, speaks: () => false, message: engine.message }
  const speaks =
    engine.name === 'pocketsphinx' || (engine.name === 'whisper' && englishOnlyWhisper(config.whisperModelPath ?? ''))
      ? pocketsphinxSpeaks // the English test pocketsphinx itself applies
      : () => true
  return { engine: engine.label, speaks, message: null }
}
