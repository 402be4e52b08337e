import type { ProfanityResult } from '#contract/evaluations'

/** The detail action's answer to "Scan for profanity" (in actionData or a fetcher's data). */
export type ProfanityOutcome = { intent: 'scan-profanity'; profanity: ProfanityResult | null; error: string | null }
