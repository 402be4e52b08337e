import { beforeEach, describe, expect, it } from 'vitest'
import type { ChatbotKpi, ConversationSummary } from '#contract/chatbot'
import type { Paged } from '#contract/envelope'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { resetChatbotMocks } from '#tests/mocks/chatbot'
import { action as chatAction } from './chat-with-us'
import { loader } from './index'

type Panel<T> = { data: T | null; error: string | null }
type Body = { kpi: Panel<ChatbotKpi>; recent: Panel<Paged<ConversationSummary>> }

const load = async (who: DemoKey) =>
  run<Body>(async () => loader(args(await requestWithTokens('/demo-portal/capabilities/chatbot', tokensFor(who)))))

async function ask(who: DemoKey, message: string) {
  const request = await requestWithTokens('/demo-portal/capabilities/chatbot/chatWithUs', tokensFor(who), {
    method: 'POST',
    body: new URLSearchParams({ intent: 'ask', campaign_id: '1', message }),
  })
  await chatAction(args(request))
}

beforeEach(() => resetChatbotMocks())

describe('chatbot overview', () => {
  it('shows the user’s own figures and recent conversations; a supervisor sees everyone’s', async () => {
    await ask('visitor', 'What are your opening hours?')
    await ask('visitor', 'Do you sell mortgages?')
    await ask('agent', 'lost card')
    const mine = await load('visitor')
    expect(mine.status).toBe(200)
    expect(mine.body.kpi.data).toMatchObject({ conversations: 2, questions: 2, answered: 1, dont_know: 1 })
    expect(mine.body.recent.data!.results.map((c) => c.title)).toEqual([
      'Do you sell mortgages?',
      'What are your opening hours?',
    ])
    const all = await load('supervisor')
    expect(all.body.kpi.data!.conversations).toBe(3)
  })
})
