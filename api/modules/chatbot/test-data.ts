import type { Db } from '../../db/client'
import { createArticle, reindexArticles } from './store/knowledge'

const p = (...paragraphs: string[]) => paragraphs.join('\n\n')

/** A small knowledge base of one campaign, indexed: enough to tell an answer from a gap. */
export const testArticles = [
  {
    title: 'Opening hours',
    keywords: ['times', 'when are you open'],
    questions: [],
    body: p(
      'Our phone lines are open from 8am to 8pm Monday to Friday and from 9am to 1pm on Saturday.',
      'We are closed on Sundays and bank holidays. You can still report a lost card at any time in the app.',
    ),
  },
  {
    title: 'Lost or stolen card',
    keywords: ['missing card', 'card stolen'],
    questions: [],
    body: p(
      'If your card is lost or stolen, freeze it straight away in the app under Cards, then Freeze card.',
      'Call us on 0800 123 4567 to order a replacement. A new card arrives within 3 to 5 working days and costs nothing.',
    ),
  },
  {
    title: 'Overdraft fees',
    keywords: ['overdrawn', 'borrowing'],
    questions: [],
    body: p(
      'An arranged overdraft costs 39.9% EAR, charged monthly on the amount you use.',
      'There is no fee for going over your limit, but payments may be returned unpaid.',
    ),
  },
  {
    title: 'Making a complaint',
    keywords: ['unhappy', 'ombudsman'],
    questions: ['How do I escalate if nobody sorts out my problem?'],
    body: p(
      'You can complain by phone, in a branch or through the app. We aim to resolve complaints within 8 weeks.',
      'If you are unhappy with our final response you can refer your complaint to the Financial Ombudsman Service.',
    ),
  },
]

export async function seedTestKnowledge(db: Db, campaignId: number, userId: number | null = null) {
  const ids: number[] = []
  for (const article of testArticles) ids.push(await createArticle(db, { campaign_id: campaignId, ...article }, userId))
  await reindexArticles(db)
  return ids
}
