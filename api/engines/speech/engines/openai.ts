import OpenAI, { toFile } from 'openai'
import { z } from 'zod'
import { SAMPLE_RATE } from '../decode'
import type { EngineRun, Phrase } from '../types'
import { encodeWav } from '../wav'

/*
 * Any OpenAI-compatible /v1/audio/transcriptions service (OpenAI, a faster-whisper or
 * whisper.cpp server, LocalAI, vLLM…). We send 16 kHz mono WAV and ask for verbose_json, whose
 * segments carry start and end times; word times too where the service gives them.
 */

/** OpenAI takes files up to 25 MB: ten minutes of 16 kHz 16-bit WAV is 19 MB. */
const PIECE_S = 10 * 60
/** A piece ends at the quietest moment of its last seconds, so no word is cut in two. */
const CUT_SEARCH_S = 30

const verbose = z.object({
  text: z.string(),
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).nullish(),
  words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number() })).nullish(),
})

export type OpenAiAsrConfig = { baseUrl: string; apiKey?: string; model?: string }

/** Where to cut: sample offsets of the pieces, each at most PIECE_S long. */
export function pieceBounds(samples: Float32Array): number[] {
  const bounds = [0]
  const max = PIECE_S * SAMPLE_RATE
  const frame = SAMPLE_RATE / 20
  while (samples.length - bounds.at(-1)! > max) {
    const end = bounds.at(-1)! + max
    let best = end
    let quietest = Infinity
    for (let at = end - CUT_SEARCH_S * SAMPLE_RATE; at + frame <= end; at += frame) {
      let energy = 0
      for (let i = at; i < at + frame; i++) energy += samples[i] * samples[i]
      if (energy < quietest) {
        quietest = energy
        best = at + frame / 2
      }
    }
    bounds.push(best)
  }
  bounds.push(samples.length)
  return bounds
}

export function openAiEngine(config: OpenAiAsrConfig): EngineRun {
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey || 'none', maxRetries: 1 })
  const model = config.model || 'whisper-1'
  return async (samples, { language, signal }) => {
    const bounds = pieceBounds(samples)
    const phrases: Phrase[] = []
    for (let p = 0; p + 1 < bounds.length; p++) {
      const piece = samples.subarray(bounds[p], bounds[p + 1])
      const offset = bounds[p] / SAMPLE_RATE
      const file = await toFile(encodeWav(piece, SAMPLE_RATE), 'audio.wav', { type: 'audio/wav' })
      const response = await client.audio.transcriptions.create(
        {
          file,
          model,
          language: language.split(/[-_]/)[0].toLowerCase(),
          response_format: 'verbose_json',
          timestamp_granularities: ['word', 'segment'],
          temperature: 0,
        },
        { signal, timeout: 60_000 + (piece.length / SAMPLE_RATE) * 2000 },
      )
      phrases.push(...toPhrases(verbose.parse(response), offset))
    }
    return phrases
  }
}

/** Segments as phrases, each with the words that fall inside it when the service sent word times. */
export function toPhrases(response: z.infer<typeof verbose>, offset = 0): Phrase[] {
  const shift = (t: number) => Math.round((t + offset) * 1000) / 1000
  const words = (response.words ?? []).map((w) => ({ text: w.word.trim(), start: shift(w.start), end: shift(w.end) }))
  const segments = response.segments?.length
    ? response.segments
    : response.text.trim()
      ? [{ start: 0, end: response.words?.at(-1)?.end ?? 0, text: response.text }]
      : []
  return segments
    .map((s): Phrase => {
      const start = shift(s.start)
      const end = shift(s.end)
      const inside = words.filter((w) => w.start >= start - 0.05 && w.start < end)
      return { start, end, text: s.text.trim(), ...(inside.length ? { words: inside } : {}) }
    })
    .filter((p) => p.text)
}
