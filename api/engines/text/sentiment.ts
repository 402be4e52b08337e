import type { TranscriptSegment } from '#contract/evaluations'
import { analyse, sentimentSummary } from './analyse'

/**
 * Both speakers' mean sentiment of a transcript (-1…1, null when that speaker said nothing), as
 * `recordings.customer_sentiment` and `recordings.agent_sentiment` hold them.
 */
export function recordingSentiment(segments: TranscriptSegment[]) {
  const summary = sentimentSummary(analyse(segments))
  return { customer: summary.customer.score, agent: summary.agent.score }
}
