import { beforeEach, describe, expect, it } from 'vitest'
import type { ScoringBucket, ScoringItemDetail } from '#contract/agent-scoring'
import { NO_DISPUTE } from '~/components/agent-scoring/decision-form.schema'
import { correctionField, ITEM_NOT_FOUND } from '~/components/agent-scoring/format'
import { SCORING_IDS } from '#tests/fixtures/agent-scoring'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'
import { resetScoringMocks, scoringState } from '#tests/mocks/agent-scoring'
import { getToast } from '~/sessions.server'
import { action, loader } from './item'

const PATH = (bucket: string, id: number) => `/demo-portal/solutions/ai-agent-scoring/${bucket}/${id}`

type Body = { item: ScoringItemDetail; audio: { src: string } | null }
type ActionBody = { intent: string; errors: { form?: string[]; fields?: Record<string, string[]> } }

async function load(bucket: string, id: number, key: DemoKey = 'supervisor') {
  const request = await requestWithTokens(PATH(bucket, id), tokensFor(key))
  return run<Body>(() => loader(args(request, { type: bucket, subtype: String(id) })))
}

async function post(bucket: ScoringBucket, id: number, fields: Record<string, string>, key: DemoKey = 'supervisor') {
  const request = await requestWithTokens(PATH(bucket, id), tokensFor(key), {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return run<ActionBody>(() => action(args(request, { type: bucket, subtype: String(id) })))
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))
  if (!cookie) return null
  return (await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } }))).toast
}

const itemOf = (id: number) => scoringState.items.find((i) => i.item_id === id)!

beforeEach(() => resetScoringMocks())

describe('a scored interaction: loader', () => {
  it('loads the conversation, the criteria and the audit trail', async () => {
    const result = await load('ai_reviewed', SCORING_IDS.lowConfidence)
    expect(result.status).toBe(200)
    expect(result.body.item.item_id).toBe(SCORING_IDS.lowConfidence)
    expect(result.body.item.criteria.length).toBeGreaterThan(0)
    expect(result.body.item.conversation.length).toBeGreaterThan(0)
    expect(result.body.audio).toBeNull()
  })

  it('sends an old link to the bucket the item is in now', async () => {
    const result = await load('pending', SCORING_IDS.acceptedChat)
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(PATH('ai_accepted', SCORING_IDS.acceptedChat))
  })

  it('answers 404 to an unknown item or bucket, and shows the API’s 403 to an agent on another’s item', async () => {
    const unknown = await load('ai_reviewed', SCORING_IDS.unknown)
    expect([unknown.status, unknown.body]).toEqual([404, ITEM_NOT_FOUND])
    expect((await load('nonsense', SCORING_IDS.lowConfidence)).status).toBe(404)
    expect((await load('ai_reviewed', 0)).status).toBe(404)
    const others = scoringState.items.find((i) => i.agent.id !== demoUsers.agent.id && i.bucket === 'ai_reviewed')!
    const forbidden = await load('ai_reviewed', others.item_id, 'agent')
    expect(forbidden.status).toBe(403)
    expect(forbidden.body).toBe('You can only open your own scored interactions.')
  })
})

describe('a scored interaction: deciding it', () => {
  it('rejects with the corrections named, and goes to the item in its new bucket with a toast', async () => {
    const item = itemOf(SCORING_IDS.lowConfidence)
    const seen = item.version
    const [first, second] = item.criteria
    const flipped = first!.ai_value === 'yes' ? 'no' : 'yes'
    const result = await post('ai_reviewed', item.item_id, {
      intent: 'decide',
      decision: 'reject',
      version: String(seen),
      [correctionField(first!.question_id, 'value')]: flipped,
      [correctionField(first!.question_id, 'reason')]: 'evidence_not_in_conversation',
      [correctionField(first!.question_id, 'comment')]: ' Never asked for the date of birth ',
      // left at the AI's answer: not a correction
      [correctionField(second!.question_id, 'value')]: '',
    })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(PATH('ai_rejected', item.item_id))
    expect(await toastOf(result.headers)).toMatchObject({
      title: 'Rejected',
      message: 'AI rejected, with 1 correction.',
    })
    expect(scoringState.decisions).toEqual([
      {
        item_id: item.item_id,
        decision: 'reject',
        version: seen,
        corrections: [
          {
            question_id: first!.question_id,
            value: flipped,
            reason_code: 'evidence_not_in_conversation',
            comment: 'Never asked for the date of birth',
          },
        ],
        by: 'supervisor',
      },
    ])
  })

  it('accepts as it stands', async () => {
    const item = itemOf(SCORING_IDS.allVerifiedHigh)
    const result = await post('ai_reviewed', item.item_id, {
      intent: 'decide',
      decision: 'accept',
      version: String(item.version),
    })
    expect(result.headers.get('Location')).toBe(PATH('ai_accepted', item.item_id))
    expect(scoringState.decisions[0]).toMatchObject({ decision: 'accept', corrections: [] })
  })

  it('asks for a reason, and for a disputed criterion before a rejection, without calling the API', async () => {
    const item = itemOf(SCORING_IDS.lowConfidence)
    const first = item.criteria[0]!
    const noReason = await post('ai_reviewed', item.item_id, {
      intent: 'decide',
      decision: 'accept',
      [correctionField(first.question_id, 'value')]: first.ai_value === 'no' ? 'yes' : 'no',
    })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors.fields?.[correctionField(first.question_id, 'reason')]).toEqual([
      'Say why the AI was wrong',
    ])
    const nothing = await post('ai_reviewed', item.item_id, { intent: 'decide', decision: 'reject' })
    expect(nothing.status).toBe(400)
    expect(nothing.body.errors.form).toEqual([NO_DISPUTE])
    expect(scoringState.decisions).toEqual([])
  })

  it('says so when someone else decided meanwhile (the version seen is stale)', async () => {
    const item = itemOf(SCORING_IDS.allVerifiedHigh)
    const result = await post('ai_reviewed', item.item_id, {
      intent: 'decide',
      decision: 'accept',
      version: String(item.version - 1),
    })
    expect(result.status).toBe(409)
    expect(result.body.errors.form?.[0]).toMatch(/changed/)
  })

  it('claims an item, and shows who has it when another supervisor got there first', async () => {
    const claimed = await post('ai_reviewed', SCORING_IDS.lowConfidence, { intent: 'claim' })
    expect(claimed.status).toBe(302)
    expect(await toastOf(claimed.headers)).toMatchObject({ title: 'Claimed' })
    expect(scoringState.claims).toEqual([{ item_id: SCORING_IDS.lowConfidence, by: 'supervisor' }])
    const taken = await post('ai_reviewed', SCORING_IDS.claimedByLena, { intent: 'claim' })
    expect(taken.status).toBe(409)
    expect(taken.body.errors.form?.[0]).toBe('Another supervisor has claimed this item')
  })

  it('sends a failed item back to be scored, and refuses a decided one with the API’s reason', async () => {
    const sent = await post('pending', SCORING_IDS.failedCall, { intent: 'rescore' })
    expect(sent.status).toBe(302)
    expect(sent.headers.get('Location')).toBe(PATH('pending', SCORING_IDS.failedCall))
    expect(await toastOf(sent.headers)).toMatchObject({ title: 'Sent for scoring' })
    expect(scoringState.rescored).toEqual([{ item_id: SCORING_IDS.failedCall, by: 'supervisor' }])
    expect(itemOf(SCORING_IDS.failedCall)).toMatchObject({ needs_attention: false, job_status: 'in_queue' })
    const decided = await post('ai_accepted', SCORING_IDS.acceptedChat, { intent: 'rescore' })
    expect(decided.status).toBe(409)
    expect(decided.body.errors.form?.[0]).toMatch(/ai_accepted/)
    expect((await post('pending', SCORING_IDS.failedCall, { intent: 'rescore' }, 'auditor')).status).toBe(403)
  })

  it('answers 400 to an unknown intent', async () => {
    expect((await post('ai_reviewed', SCORING_IDS.lowConfidence, { intent: 'delete' })).status).toBe(400)
  })
})
