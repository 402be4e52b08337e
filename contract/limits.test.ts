import { describe, expect, it } from 'vitest'
import * as chatbot from './chatbot'
import * as face from './face'
import * as limits from './limits'
import * as ocr from './ocr'
import * as speech from './speech'
import * as summarization from './summarization'
import * as users from './users'

// The browser imports limits from contract/limits.ts (without zod); the areas' modules build their
// schemas on the same values and export them, so the API and the portal's server see one value.
describe('the limits, without zod', () => {
  it('are the ones each area exports', () => {
    const areas: Record<string, unknown>[] = [chatbot, face, ocr, speech, summarization, users]
    for (const [name, value] of Object.entries(limits)) {
      const owners = areas.filter((area) => name in area)
      expect(owners, name).toHaveLength(1)
      expect(owners[0]![name], name).toBe(value)
    }
  })

  it('are the ones the schemas enforce', () => {
    expect(
      chatbot.converseBody.safeParse({
        channel: 'chat_with_us',
        campaign_id: 1,
        message: 'x'.repeat(limits.CHAT_MESSAGE_MAX + 1),
      }).success,
    ).toBe(false)
    expect(summarization.summaryText.safeParse('x'.repeat(limits.SUMMARY_TEXT_MIN - 1)).success).toBe(false)
  })

  it('leave no chat channel without its history page', () => {
    expect(chatbot.chatHistoryTypes).toEqual(['past_history', ...chatbot.chatChannels])
  })
})
