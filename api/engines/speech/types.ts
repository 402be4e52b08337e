export type Speaker = 'agent' | 'customer'
/** One speaker's stretch of speech; seconds from the start of the recording, to 2 decimals. */
export type SpeechSegment = { speaker: Speaker; start: number; end: number; text: string }

export type SpeechEngineConfig = {
  /** A whisper.cpp ggml model file (`npm run models:whisper` downloads one). */
  whisperModelPath?: string
  /** The whisper.cpp program; default WHISPER_CPP_BIN, else whisper-cli or whisper-cpp on PATH. */
  whisperCppBin?: string
  /** An OpenAI-compatible service that serves /v1/audio/transcriptions. */
  asrBaseUrl?: string
  asrApiKey?: string
  asrModel?: string
}

export type EngineName = 'whisper' | 'openai' | 'pocketsphinx'

export type Word = { text: string; start: number; end: number }
/** What an engine heard in one channel: phrases with times, and word times where it gives them. */
export type Phrase = { start: number; end: number; text: string; words?: Word[] }

export type EngineRun = (
  samples: Float32Array,
  options: {
    language: string
    signal?: AbortSignal
    /** The recording came at a telephone rate (nothing above 4 kHz or so): see narrowband.ts. */
    narrowband?: boolean
  },
) => Promise<Phrase[]>
