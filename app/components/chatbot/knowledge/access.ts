// Paths and words of the knowledge base and handoff pages. No zod here: the list pages import this.
import { CHATBOT_PATH, conversationPath, HANDOFFS_PATH, KNOWLEDGE_BASE_PATH } from '~/components/chatbot/format'

export { CHATBOT_PATH, conversationPath, HANDOFFS_PATH, KNOWLEDGE_BASE_PATH }
export const ARTICLE_ADD_PATH = `${KNOWLEDGE_BASE_PATH}/add`
export const articlePath = (id: number) => `${KNOWLEDGE_BASE_PATH}/${id}`

/** The add page with a knowledge gap's question as the title and its campaign chosen. */
export function writeArticleHref(question: string, campaignId: number) {
  return `${ARTICLE_ADD_PATH}?${new URLSearchParams({ title: question, campaign_id: String(campaignId) })}`
}

/** Admins and QA supervisors keep the knowledge base and work the handoff queue (the API answers 403 to others). */
export const canManageKnowledge = (role: string | undefined) => role === 'admin' || role === 'qa_supervisor'
export const KNOWLEDGE_FORBIDDEN = 'Only admins and QA supervisors can manage the knowledge base.'
export const HANDOFFS_FORBIDDEN = 'Only admins and QA supervisors can work the handoff queue.'

export const articleMessages = {
  created: 'Article created successfully',
  updated: 'Article updated successfully',
  deleted: 'Article deleted successfully',
  choose: 'Choose an article to delete',
  listFailed: 'Failed to load the knowledge base',
}

export type CampaignOption = { value: string; label: string }
