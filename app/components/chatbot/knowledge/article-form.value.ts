import type { SubmissionResult } from '@conform-to/react'
import type { Article } from '#contract/chatbot'

/** The form's shape: every value a string, as the inputs hold them (keywords comma-separated, questions one a line). */
export type ArticleFormValue = {
  article_id?: string
  campaign_id: string
  title: string
  keywords: string
  questions: string
  body: string
}

export type ArticleReply = { result: SubmissionResult<string[]> }

export function toFormValue(article: Article): ArticleFormValue {
  return {
    article_id: String(article.article_id),
    campaign_id: String(article.campaign_id),
    title: article.title,
    keywords: article.keywords.join(', '),
    questions: article.questions.join('\n'),
    body: article.body,
  }
}
