// What a panel reads of an endpoint's answer, where that is much less than the answer: the loader
// sends this, and the page's HTML carries it once for hydration (issue 20: ≤ 120 KB of HTML a page).
import type { AiAuditorAgreement, CallEvaluationDashboard, CallSentimentVsScore } from '#contract/dashboards'

/** The call-sentiment panel: each sampled call as [customer sentiment, score], not four named fields. */
export type SentimentScatterData = Pick<CallSentimentVsScore, 'total_points' | 'correlation'> & {
  points: [sentiment: number, score: number][]
}

export function sentimentScatterData({
  total_points,
  correlation,
  points,
}: CallSentimentVsScore): SentimentScatterData {
  return { total_points, correlation, points: points.map((p) => [p.customer_sentiment, p.score]) }
}

/** The agreement panel: the totals, every category, and of the questions only the least agreed. */
export type AgreementData = Omit<AiAuditorAgreement, 'by_question'> & {
  least_agreed: Pick<AiAuditorAgreement['by_question'][number], 'question_text' | 'agreement_pct' | 'answers'> | null
}

export function agreementData({ by_question, ...rest }: AiAuditorAgreement): AgreementData {
  const least = by_question[0]
  return {
    ...rest,
    least_agreed: least
      ? { question_text: least.question_text, agreement_pct: least.agreement_pct, answers: least.answers }
      : null,
  }
}

/** The score trend and the headline figures: calls per status are not shown there. */
export type OverviewData = Omit<CallEvaluationDashboard, 'by_status'>

export function overviewData({ kpis, trend }: CallEvaluationDashboard): OverviewData {
  return { kpis, trend }
}
