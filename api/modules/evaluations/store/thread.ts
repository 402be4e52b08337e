import type { ScoringTurnRow } from '../../../db/schema'

/** Stored turns (a chat's, an e-mail's, a transcribed call's) as the wire's thread; a call's carry their start second. */
export const threadOf = (turns: ScoringTurnRow[]) =>
  turns.map((t, index) => ({ index, speaker: t.speaker, text: t.text, start_s: t.start ?? null }))
