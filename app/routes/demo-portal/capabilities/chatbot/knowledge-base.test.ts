import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Article, KnowledgeGaps } from '#contract/chatbot'
import type { Paged } from '#contract/envelope'
import { endpoints } from '#contract/endpoints'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { chatbotState, resetChatbotMocks } from '#tests/mocks/chatbot'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { seedGap } from '~/components/chatbot/knowledge/test-data'
import { getToast } from '~/sessions.server'
import { action, loader } from './knowledge-base'

const LIST = '/demo-portal/capabilities/chatbot/knowledge-base'

type ListData = {
  query: { page: number; q: string; campaign_id?: number }
  list: { value: Paged<Article> | null; error: string | null }
  gaps: { value: KnowledgeGaps | null; error: string | null }
  weeks: number
  campaigns: { value: string; label: string }[]
  confirm: { article_id: number; title: string; campaign_name: string } | null
}

async function load(search = '', who: DemoKey = 'supervisor') {
  const request = await requestWithTokens(`${LIST}${search}`, tokensFor(who))
  return run<ListData>(() => loader(args(request)))
}

async function post(fields: Record<string, string>, who: DemoKey = 'supervisor') {
  const request = await requestWithTokens(LIST, tokensFor(who), { method: 'POST', body: new URLSearchParams(fields) })
  return run(() => action(args(request)))
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))
  if (!cookie) return null
  return (await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } }))).toast
}

/** What the API was asked for, by path, while `fn` ran. */
async function sentQueries(fn: () => Promise<unknown>) {
  const sent: Record<string, Record<string, string>> = {}
  server.use(
    http.get(UPSTREAM + endpoints.chatArticles.path, ({ request }) => {
      sent.articles = Object.fromEntries(new URL(request.url).searchParams)
    }),
    http.get(UPSTREAM + endpoints.chatGaps.path, ({ request }) => {
      sent.gaps = Object.fromEntries(new URL(request.url).searchParams)
    }),
  )
  await fn()
  return sent
}

beforeEach(() => resetChatbotMocks())

describe('knowledge base loader', () => {
  it.each(['supervisor', 'admin'] as const)(
    'gives a %s the articles, the knowledge gaps and the campaigns',
    async (who) => {
      const result = await load('', who)
      expect(result.status).toBe(200)
      expect(result.body.list.value?.count).toBe(4)
      expect(result.body.list.value?.results.map((a) => a.title)).toContain('Opening hours')
      expect(result.body.gaps).toEqual({ value: { weeks: [], questions: [] }, error: null })
      expect(result.body.weeks).toBe(8)
      expect(result.body.campaigns.map((c) => c.value)).toEqual(['1', '2', '3'])
      expect(result.body.confirm).toBeNull()
    },
  )

  it('forwards the search, the campaign and the page; the campaign filters the gaps too', async () => {
    const sent = await sentQueries(() => load('?q=%20card%20&campaign_id=1&page=1'))
    expect(sent.articles).toEqual({ campaign_id: '1', page: '1', page_size: '10', q: 'card' })
    expect(sent.gaps).toEqual({ campaign_id: '1', weeks: '8' })
    const result = await load('?q=card&campaign_id=1')
    expect(result.body.list.value?.results.map((a) => a.title)).toEqual(['Lost or stolen card'])
  })

  it('reads nonsense in the URL as no filter instead of failing', async () => {
    const sent = await sentQueries(() => load('?page=-1&campaign_id=abc&confirm-delete=x'))
    expect(sent.articles).toEqual({ page: '1', page_size: '10' })
    expect(sent.gaps).toEqual({ weeks: '8' })
    expect((await load('?campaign_id=0')).body.query.campaign_id).toBeUndefined()
  })

  it('lists the questions the bot could not answer or got a thumbs down for, counted per week', async () => {
    const unanswered = seedGap({ question: 'Can I pay by cheque?' })
    seedGap({ question: 'How do I read my meter?', campaignId: 2, thumbsDown: 'It did not say where the meter is' })
    const { gaps } = (await load()).body
    expect(gaps.value?.weeks).toEqual([expect.objectContaining({ unanswered: 1, thumbs_down: 1 })])
    expect(gaps.value?.questions).toEqual([
      expect.objectContaining({ question: 'Can I pay by cheque?', reason: 'unanswered', conversation_id: unanswered }),
      expect.objectContaining({
        question: 'How do I read my meter?',
        campaign_name: 'Energy collections',
        reason: 'thumbs_down',
        feedback_reason: 'It did not say where the meter is',
      }),
    ])
  })

  it('fetches the article to confirm a delete of; an unknown one just shows no confirmation', async () => {
    const result = await load('?confirm-delete=2')
    expect(result.body.confirm).toEqual({
      article_id: 2,
      title: 'Lost or stolen card',
      campaign_name: 'Retail banking inbound',
    })
    const gone = await load('?confirm-delete=999')
    expect(gone.status).toBe(200)
    expect(gone.body.confirm).toBeNull()
  })

  it('still shows the page when the articles, the gaps or the campaigns fail, saying which', async () => {
    server.use(
      http.get(UPSTREAM + endpoints.chatArticles.path, () => errorReply(500, 'Search index unavailable')),
      http.get(UPSTREAM + endpoints.campaigns.path, () => errorReply(500, 'down')),
    )
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.list).toEqual({ value: null, error: 'Search index unavailable' })
    expect(result.body.gaps.error).toBeNull()
    expect(result.body.campaigns).toEqual([])
    server.use(http.get(UPSTREAM + endpoints.chatGaps.path, () => HttpResponse.error()))
    expect((await load()).body.gaps.error).toMatch(/can't be reached/)
  })

  it.each(['auditor', 'agent', 'visitor'] as const)('answers a %s with the 403 page', async (who) => {
    const result = await load('', who)
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(403)
    expect(result.body).toBe('Only admins and QA supervisors can manage the knowledge base.')
  })

  it('sends a user whose session has ended to /login', async () => {
    const request = await requestWithTokens(LIST, { access: 'access.nobody', refresh: 'refresh.nobody' })
    const result = await run(() => loader(args(request)))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
  })
})

describe('knowledge base action: delete', () => {
  it("deletes, then goes back to the list as it was with 'Article deleted successfully'", async () => {
    const result = await post({
      intent: 'delete',
      article_id: '2',
      redirectTo: `${LIST}?q=card&confirm-delete=2`,
    })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${LIST}?q=card`)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Article deleted successfully', type: 'success' })
    expect(chatbotState.articles.map((a) => a.article_id)).toEqual([1, 3, 4])
  })

  it('never redirects off the list page', async () => {
    const result = await post({ intent: 'delete', article_id: '2', redirectTo: '//evil.example' })
    expect(result.headers.get('Location')).toBe(LIST)
  })

  it("shows the API's refusal as an error toast", async () => {
    const result = await post({ intent: 'delete', article_id: '999', redirectTo: `${LIST}?page=2` })
    expect(result.headers.get('Location')).toBe(`${LIST}?page=2`)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Article not found', type: 'error' })
  })

  it('refuses a post without a valid intent or article, without calling the API', async () => {
    server.use(http.delete(UPSTREAM + endpoints.deleteChatArticle.path, () => HttpResponse.error()))
    const invalid: Record<string, string>[] = [
      { intent: 'delete', article_id: 'x' },
      { article_id: '2' },
      { intent: 'archive' },
    ]
    for (const fields of invalid) {
      const result = await post(fields)
      expect(result.headers.get('Location')).toBe(LIST)
      expect(await toastOf(result.headers)).toMatchObject({ message: 'Choose an article to delete', type: 'error' })
    }
    expect(chatbotState.articles).toHaveLength(4)
  })

  it('answers an agent with the 403 page and deletes nothing', async () => {
    const result = await post({ intent: 'delete', article_id: '2' }, 'agent')
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(403)
    expect(result.body).toBe('Only admins and QA supervisors can manage the knowledge base.')
    expect(chatbotState.articles).toHaveLength(4)
  })
})
