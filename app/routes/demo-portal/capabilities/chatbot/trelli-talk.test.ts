import { beforeEach, describe, expect, it } from 'vitest'
import type { ConversationDetail } from '#contract/chatbot'
import { args, run } from '#tests/fixtures/remix'
import { multipartRequest, wavFile } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { chatbotState, resetChatbotMocks } from '#tests/mocks/chatbot'
import { CHATBOT_UNREACHABLE } from '~/components/chatbot/format'
import { action, loader } from './trelli-talk'

const PAGE = '/demo-portal/capabilities/chatbot/trelliTalk'

type Reply = { result: { status?: string; error?: Record<string, string[] | null> } }

beforeEach(() => resetChatbotMocks())

const ask = async (fields: Record<string, string | File>) =>
  run<Reply>(async () => action(args(await multipartRequest(`${PAGE}?campaign=1`, fields, 'visitor'))))

describe('trelliTalk', () => {
  it('sends the recording on, then shows the conversation with the spoken answer through the portal’s audio proxy', async () => {
    const asked = await ask({ campaign_id: '1', file: wavFile('question.wav') })
    expect(asked.status).toBe(302)
    const location = asked.headers.get('Location')!
    expect(location).toMatch(/\?campaign=1&conversation=\d+#latest$/)
    const request = await requestWithTokens(
      `${PAGE}${location.split('#')[0]!.slice(PAGE.length)}`,
      tokensFor('visitor'),
    )
    const page = await run<{ conversation: ConversationDetail }>(() => loader(args(request)))
    const [question, answer] = page.body.conversation.messages
    expect(question!.text).toBe('What are your opening hours')
    expect(answer!.audio_url).toMatch(/^\/api\/chatbot\/talk_audio\/\d+\//)
    expect(answer!.timings_ms).toMatchObject({ recognition: expect.any(Number), total: expect.any(Number) })
  })

  it('asks for a recording, and says so when the chatbot cannot be reached', async () => {
    const none = await ask({ campaign_id: '1', file: new File([], '') })
    expect(none.status).toBe(400)
    expect(none.body.result.error?.file).toEqual(['Record or choose your question'])
    chatbotState.behaviour = 'down'
    const down = await ask({ campaign_id: '1', file: wavFile('question.wav') })
    expect(down.status).toBeGreaterThanOrEqual(500)
    expect(down.body.result.error?.['']?.[0]).toBe(CHATBOT_UNREACHABLE)
  })
})
