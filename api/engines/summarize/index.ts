import { z } from 'zod'
import type { Llm } from '../llm/client'
import { summarizeExtractive } from './extractive'
import { abortError, summarizeWithLlm } from './llm'
import { toTurns } from './turns'
import type { SummaryType, Turn } from './types'

export { summaryTypes, summaryTypeInfo, type SummaryType, type Turn } from './types'
export { toTurns } from './turns'
export { summarizeExtractive, NO_ACTION_ITEMS } from './extractive'

export type Summary = {
  summary: string
  engine: 'extractive' | 'llm'
  /** Why the LLM's summary was not used, when one was configured. */
  fallback_reason?: string
}

/**
 * With an Llm the model writes the summary of that type (map-reduce when long, bounded prompt
 * size), falling back to the extractive one on any failure; returns which engine made it. An
 * aborted `signal` throws an AbortError and never falls back: the caller has given up on it.
 */
export async function summarize(
  input: string | Turn[],
  type: SummaryType,
  options: { llm?: Llm | null; signal?: AbortSignal },
): Promise<Summary> {
  const { llm, signal } = options
  if (signal?.aborted) throw abortError(signal)
  const turns = typeof input === 'string' ? toTurns(input) : input.filter((t) => t.text?.trim())
  let fallback_reason: string | undefined
  if (llm && turns.length) {
    try {
      return { summary: await summarizeWithLlm(llm, turns, type, signal), engine: 'llm' }
    } catch (error) {
      if (signal?.aborted) throw abortError(signal)
      fallback_reason =
        error instanceof z.ZodError ? 'the model answered in an unexpected shape' : (error as Error).message
    }
  }
  const { summary } = summarizeExtractive(turns, type)
  return fallback_reason ? { summary, engine: 'extractive', fallback_reason } : { summary, engine: 'extractive' }
}
