import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Article } from '#contract/chatbot'
import { endpoints } from '#contract/endpoints'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { chatbotState, resetChatbotMocks } from '#tests/mocks/chatbot'
import { UPSTREAM, server } from '#tests/mocks/handlers'
import { getToast } from '~/sessions.server'
import { action, loader } from './article-edit'

const LIST = '/demo-portal/capabilities/chatbot/knowledge-base'
const FORBIDDEN = 'Only admins and QA supervisors can manage the knowledge base.'
const BODY = 'Our phone lines are open from 8am to 8pm on weekdays.\n\nOn Saturdays we open from 9am to 1pm.'

type EditData = {
  article: Article | null
  prefill: { title: string; campaign_id: string }
  campaigns: { value: string; label: string }[]
  campaignsFailed: boolean
  confirm: boolean
}
type Reply = {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
}

const paramsOf = (articleId?: string): Record<string, string> => (articleId ? { articleId } : {})
const urlOf = (articleId?: string, search = '') => `${articleId ? `${LIST}/${articleId}` : `${LIST}/add`}${search}`

async function load({
  articleId,
  search = '',
  who = 'supervisor',
}: { articleId?: string; search?: string; who?: DemoKey } = {}) {
  const request = await requestWithTokens(urlOf(articleId, search), tokensFor(who))
  return run<EditData>(() => loader(args(request, paramsOf(articleId))))
}

async function submit(
  fields: Record<string, string>,
  { articleId, who = 'supervisor' }: { articleId?: string; who?: DemoKey } = {},
) {
  const request = await requestWithTokens(urlOf(articleId), tokensFor(who), {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return run<Reply>(() => action(args(request, paramsOf(articleId))))
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))!
  return (await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } }))).toast
}

const valid = { campaign_id: '1', title: 'Saturday opening', keywords: 'weekend, saturday ,, hours', body: BODY }

beforeEach(() => resetChatbotMocks())

describe('article form loader', () => {
  it('starts the add page empty, offering the active campaigns', async () => {
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.article).toBeNull()
    expect(result.body.prefill).toEqual({ title: '', campaign_id: '' })
    expect(result.body.campaigns.map((c) => c.value)).toEqual(['1', '2'])
    expect(result.body.confirm).toBe(false)
  })

  it('starts from a knowledge gap: its question as the title (cut to 160 characters) and its campaign', async () => {
    const title = encodeURIComponent('  Can I pay by cheque?  ')
    const result = await load({ search: `?title=${title}&campaign_id=2` })
    expect(result.body.prefill).toEqual({ title: 'Can I pay by cheque?', campaign_id: '2' })
    const long = await load({ search: `?title=${'x'.repeat(300)}&campaign_id=nope` })
    expect(long.body.prefill).toEqual({ title: 'x'.repeat(160), campaign_id: '' })
    // an inactive campaign a gap came from is offered too
    expect((await load({ search: '?campaign_id=3' })).body.campaigns.map((c) => c.value)).toEqual(['1', '2', '3'])
  })

  it('loads the article being edited, its campaign offered even when inactive', async () => {
    const result = await load({ articleId: '4', search: '?confirm-delete=1' })
    expect(result.body.article).toMatchObject({ article_id: 4, title: 'Cancelling an appointment', campaign_id: 3 })
    expect(result.body.campaigns.map((c) => c.value)).toEqual(['1', '2', '3'])
    expect(result.body.confirm).toBe(true)
  })

  it('keeps the form usable when the campaigns cannot be loaded', async () => {
    server.use(http.get(UPSTREAM + endpoints.campaigns.path, () => HttpResponse.error()))
    const result = await load({ articleId: '1' })
    expect(result.body.campaignsFailed).toBe(true)
    expect(result.body.campaigns).toEqual([{ value: '1', label: 'Retail banking inbound' }])
  })

  it('answers 404 for an unknown or malformed id', async () => {
    for (const articleId of ['999', 'abc', '0']) {
      const result = await load({ articleId })
      expect(result.thrown).toBe(true)
      expect(result.status).toBe(404)
      expect(result.body).toBe('Article not found')
    }
  })

  it.each(['auditor', 'agent', 'visitor'] as const)('answers a %s with the 403 page, on add and edit', async (who) => {
    for (const articleId of [undefined, '1', '999']) {
      const result = await load({ articleId, who })
      expect(result.thrown).toBe(true)
      expect(result.status).toBe(403)
      expect(result.body).toBe(FORBIDDEN)
    }
  })
})

describe('article form action', () => {
  it("creates the article with its keywords as a list, then 'Article created successfully' on the list", async () => {
    const result = await submit(valid)
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(LIST)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Article created successfully', type: 'success' })
    const created = chatbotState.articles.at(-1)!
    expect(created).toMatchObject({
      campaign_id: 1,
      title: 'Saturday opening',
      keywords: ['weekend', 'saturday', 'hours'],
      body: BODY,
    })
  })

  it("updates the article in the URL, whatever the form says, then 'Article updated successfully'", async () => {
    let sent: unknown = null
    server.use(
      http.put(UPSTREAM + endpoints.updateChatArticle.path, async ({ request }) => {
        sent = await request.clone().json()
      }),
    )
    const result = await submit({ ...valid, article_id: '2', title: 'Opening hours, weekends too' }, { articleId: '1' })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(LIST)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Article updated successfully', type: 'success' })
    expect(sent).toMatchObject({ article_id: 1, title: 'Opening hours, weekends too' })
    expect(chatbotState.articles.find((a) => a.article_id === 1)?.title).toBe('Opening hours, weekends too')
    expect(chatbotState.articles.find((a) => a.article_id === 2)?.title).toBe('Lost or stolen card')
  })

  it('answers 400 with every field error in one round, and the values back, without calling the API', async () => {
    server.use(http.post(UPSTREAM + endpoints.createChatArticle.path, () => HttpResponse.error()))
    const result = await submit({ campaign_id: '', title: 'Hi', keywords: `ok, ${'k'.repeat(61)}`, body: 'Too short' })
    expect(result.status).toBe(400)
    expect(result.body.result.error).toEqual({
      campaign_id: ['Choose a campaign'],
      title: ['Give the article a title of at least 3 characters'],
      'keywords[1]': ['A keyword can be at most 60 characters'],
      body: ['Write at least 40 characters'],
    })
    expect(result.body.result.initialValue).toMatchObject({ title: 'Hi', body: 'Too short' })
    const missing = await submit({}, { articleId: '1' })
    expect(Object.keys(missing.body.result.error ?? {}).sort()).toEqual(['body', 'campaign_id', 'title'])
    expect(chatbotState.articles).toHaveLength(4)
  })

  it("shows the API's refusal on the form: the field it names and its message", async () => {
    const result = await submit({ ...valid, campaign_id: '99' })
    expect(result.status).toBe(404)
    expect(result.body.result.error).toMatchObject({ '': ['Campaign not found'], campaign_id: ['Choose a campaign'] })
    const gone = await submit(valid, { articleId: '999' })
    expect(gone.status).toBe(404)
    expect(gone.body.result.error).toMatchObject({ '': ['Article not found'] })
  })

  it('answers an agent with the 403 page and saves nothing', async () => {
    for (const articleId of [undefined, '1']) {
      const result = await submit(valid, { articleId, who: 'agent' })
      expect(result.thrown).toBe(true)
      expect(result.status).toBe(403)
      expect(result.body).toBe(FORBIDDEN)
    }
    expect(chatbotState.articles).toHaveLength(4)
    expect(chatbotState.articles[0].title).toBe('Opening hours')
  })
})
