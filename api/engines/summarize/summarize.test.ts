import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import type { ChatMessage, Llm } from '../llm/client'
import { NO_ACTION_ITEMS, summarize, summarizeExtractive } from '.'
import { CHUNK_CHARS, MAX_CHUNKS } from './llm'

const call = readFileSync(new URL('./fixtures/billing-dispute.txt', import.meta.url), 'utf8')

/** A stand-in model: `answer` decides the reply to each request; the requests are kept. */
function fakeLlm(answer: (messages: ChatMessage[]) => unknown) {
  const requests: ChatMessage[][] = []
  const llm: Llm = {
    model: 'fake',
    json: vi.fn(async <S extends z.ZodTypeAny>(messages: ChatMessage[], schema: S) => {
      requests.push(messages)
      return schema.parse(await answer(messages))
    }),
  }
  return { llm, requests }
}

const isNotes = (messages: ChatMessage[]) => messages[0].content.startsWith('You take notes')

describe('summarize with an LLM', () => {
  it("uses the model's summary, with the transcript and the type's instructions in the prompt", async () => {
    const { llm, requests } = fakeLlm(() => ({
      summary: 'The customer was charged £84.20 twice; the agent refunded it.',
    }))
    await expect(summarize(call, 'brief', { llm })).resolves.toEqual({
      summary: 'The customer was charged £84.20 twice; the agent refunded it.',
      engine: 'llm',
    })
    expect(requests).toHaveLength(1)
    const [system, user] = requests[0]
    expect(system.content).toMatch(/Brief: Two or three sentences/)
    expect(system.content).toMatch(/security checks/)
    expect(user.content).toContain("Customer: Hi Priya, um, I'm calling about my bill for March.")
  })

  it('renders structured answers in the same plain-text shapes as the extractive engine', async () => {
    const notes = fakeLlm(() => ({
      reason_for_contact: 'Charged £84.20 twice for March.',
      resolution: 'Duplicate payment refunded (RF-20931).',
      follow_ups: ['Agent: email the refund confirmation today', '- Customer: call back if not received by 14 March'],
    }))
    expect((await summarize(call, 'call_notes', { llm: notes.llm })).summary).toBe(
      'Reason for contact: Charged £84.20 twice for March.\nResolution: Duplicate payment refunded (RF-20931).\nFollow-ups:\n- Agent: email the refund confirmation today\n- Customer: call back if not received by 14 March',
    )
    const actions = fakeLlm(() => ({
      action_items: [
        { owner: 'Agent', action: 'Refund £84.20', due: 'today' },
        { owner: null, action: 'Send a confirmation email', due: null },
      ],
    }))
    expect((await summarize(call, 'action_items', { llm: actions.llm })).summary).toBe(
      '- Agent: Refund £84.20 (today)\n- Send a confirmation email',
    )
    const none = fakeLlm(() => ({ action_items: [] }))
    expect((await summarize(call, 'action_items', { llm: none.llm })).summary).toBe(NO_ACTION_ITEMS)
    const bullets = fakeLlm(() => ({ bullets: ['Charged twice', '• Refund today'] }))
    expect((await summarize(call, 'bullet_points', { llm: bullets.llm })).summary).toBe(
      '- Charged twice\n- Refund today',
    )
  })

  it('falls back to the extractive summary when the model fails', async () => {
    const { llm } = fakeLlm(() => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:11434')
    })
    await expect(summarize(call, 'detailed', { llm })).resolves.toEqual({
      summary: summarizeExtractive(call, 'detailed').summary,
      engine: 'extractive',
      fallback_reason: 'connect ECONNREFUSED 127.0.0.1:11434',
    })
  })

  it('falls back when the model answers in the wrong shape', async () => {
    const { llm } = fakeLlm(() => ({ text: 'a summary under the wrong key' }))
    await expect(summarize(call, 'brief', { llm })).resolves.toMatchObject({
      engine: 'extractive',
      fallback_reason: 'the model answered in an unexpected shape',
    })
  })

  it('uses the extractive engine when no model is configured', async () => {
    await expect(summarize(call, 'call_notes', { llm: null })).resolves.toEqual({
      summary: summarizeExtractive(call, 'call_notes').summary,
      engine: 'extractive',
    })
  })

  it('stops without a fallback when aborted before it starts', async () => {
    const { llm } = fakeLlm(() => ({ summary: 'never asked' }))
    const controller = new AbortController()
    controller.abort()
    await expect(summarize(call, 'brief', { llm, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
    await expect(summarize(call, 'brief', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
    expect(llm.json).not.toHaveBeenCalled()
  })

  it('stops without a fallback when aborted while the model is answering', async () => {
    const { llm } = fakeLlm(() => new Promise(() => {})) // a model that never answers
    const controller = new AbortController()
    const pending = summarize(call, 'brief', { llm, signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('map-reduces a long call: notes per chunk, then the summary from the notes, every prompt bounded', async () => {
    const long = Array.from({ length: 6 }, () => call).join('\n')
    const { llm, requests } = fakeLlm((messages) =>
      isNotes(messages)
        ? { notes: ['Customer charged £84.20 twice', 'Refund RF-20931 promised'] }
        : { summary: 'From the notes.' },
    )
    await expect(summarize(long, 'brief', { llm })).resolves.toEqual({ summary: 'From the notes.', engine: 'llm' })
    const maps = requests.filter(isNotes)
    expect(maps.length).toBe(Math.ceil(long.length / CHUNK_CHARS))
    for (const r of requests) expect(r[1].content.length).toBeLessThanOrEqual(CHUNK_CHARS)
    const final = requests.at(-1)!
    expect(final[0].content).toMatch(/from notes taken on it/)
    expect(final[1].content).toContain('Refund RF-20931 promised')
  })

  it('bounds the number of calls for a very long text', async () => {
    const huge = Array.from({ length: 80 }, () => call).join('\n')
    expect(huge.length).toBeGreaterThan(CHUNK_CHARS * MAX_CHUNKS)
    const { llm, requests } = fakeLlm((messages) => (isNotes(messages) ? { notes: ['a note'] } : { summary: 'Done.' }))
    await expect(summarize(huge, 'brief', { llm })).resolves.toMatchObject({ engine: 'llm' })
    expect(requests.filter(isNotes).length).toBeLessThanOrEqual(MAX_CHUNKS)
  })
})
