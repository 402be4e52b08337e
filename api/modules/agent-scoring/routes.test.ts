import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scoringItemDetail, type ScoringItemDetail } from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import type { EvaluationBasics } from '#api/modules/evaluations/fixtures'
import { setupEvaluationWorld, type Person, type Who } from '#api/modules/evaluations/test-setup'
import type { TestApp } from '#api/test-utils'
import { scoringExportColumns } from './store/queue'
import { seedScoringQueue, type ScoringQueue } from './test-data'

let t: TestApp
let as: Record<Who, Person>
let basics: EvaluationBasics

beforeAll(async () => {
  ;({ t, as, basics } = await setupEvaluationWorld())
})
afterAll(() => t.close())

const goodChat = [
  'Customer: hi, my card was declined at a shop this morning',
  'Agent: Thank you for calling Acme Bank, my name is Priya. I can look into that.',
  'Agent: Can I verify your date of birth first?',
  'Customer: sure, 4 May 1988. my card is 4111 1111 1111 1111',
  'Agent: Thanks. The card is unblocked now. Have a great day.',
].join('\n')

const create = (payload: Record<string, unknown>, who: Who = 'supervisor') =>
  t.app.inject({
    method: 'POST',
    url: endpoints.createScoringItem.path,
    headers: as[who].auth,
    payload: {
      channel: 'chat',
      text: goodChat,
      agent_id: as.agent.id,
      campaign_id: basics.campaign.id,
      template_internal_id: basics.template.template_internal_id,
      ...payload,
    },
  })

const details = (id: number, who: Who = 'supervisor') =>
  t.app.inject({ method: 'GET', url: `${endpoints.scoringItemDetails.path}?item_id=${id}`, headers: as[who].auth })

async function createdItem(payload: Record<string, unknown> = {}, who: Who = 'supervisor'): Promise<ScoringItemDetail> {
  const res = await create(payload, who)
  expect(res.statusCode, res.body).toBe(201)
  const read = await details(res.json().data.item_id)
  expect(read.statusCode, read.body).toBe(200)
  return scoringItemDetail.parse(read.json().data)
}

const decide = (payload: Record<string, unknown>, who: Who = 'supervisor') =>
  t.app.inject({ method: 'PUT', url: endpoints.decideScoringItem.path, headers: as[who].auth, payload })

describe('POST /api/agent_scoring/create/ and GET details/', () => {
  it('scores a pasted chat: each criterion with its verified quote, the conversation redacted, the audit trail', async () => {
    const item = await createdItem()
    expect(item).toMatchObject({
      channel: 'chat',
      bucket: 'ai_reviewed',
      version: 2,
      title: 'Pasted chat',
      ai_score: 100,
    })
    expect(item.agent.id).toBe(as.agent.id)
    expect(item.template.internal_id).toBe(basics.template.template_internal_id)
    expect(item.conversation.map((c) => c.speaker)).toEqual(['customer', 'agent', 'agent', 'customer', 'agent'])
    expect(item.conversation[3]!.text).toBe('sure, [date of birth]. my card is [card number]')
    expect(item.criteria).toHaveLength(3)
    const verify = item.criteria.find((c) => c.question.includes('date of birth'))!
    expect(verify).toMatchObject({ ai_value: 'yes', evidence_check: 'verified', needs_human: false })
    expect(verify.evidence[0]).toMatchObject({ speaker: 'agent', turn: 2 })
    expect(verify.evidence[0]!.quote.toLowerCase()).toContain('verify your date of birth')
    expect(item.audit.map((a) => [a.event, a.to])).toEqual([
      ['created', 'pending'],
      ['scored', 'ai_reviewed'],
    ])
    expect(item.audit[0]!.by?.id).toBe(as.supervisor.id)
  })

  it('a criterion the conversation lacks is a no, with less confidence than a quoted yes', async () => {
    const item = await createdItem({ text: goodChat.replace('Can I verify your date of birth first?', 'Right.') })
    const verify = item.criteria.find((c) => c.question.includes('date of birth'))!
    const thanks = item.criteria.find((c) => c.question.includes('thank'))!
    expect(verify.ai_value).toBe('no')
    expect(verify.confidence).toBeLessThan(thanks.confidence)
    // the auto-fail category failed: the score is 0
    expect(item).toMatchObject({ ai_score: 0, ai_auto_fail: true })
  })

  it('an e-mail thread is scored oldest message first', async () => {
    const email = [
      'Thank you for calling, my name is Priya. I can verify your date of birth by phone. Kind regards, Priya',
      '',
      'On Mon, 3 Nov 2026 at 09:12, Tom <tom@example.com> wrote:',
      '> My card does not work.',
    ].join('\n')
    const item = await createdItem({ channel: 'email', text: email })
    expect(item.conversation.map((c) => c.speaker)).toEqual(['customer', 'agent'])
    expect(item.bucket).toBe('ai_reviewed')
  })

  it('too little to score stays pending, says why and needs attention', async () => {
    const item = await createdItem({ text: 'Agent: hello\nCustomer: bye' })
    expect(item).toMatchObject({ bucket: 'pending', not_scorable_reason: 'too_few_words', needs_attention: true })
    expect(item.criteria).toEqual([])
  })

  it('refuses what it cannot use with the field to fix (422)', async () => {
    const notAnAgent = await create({ agent_id: as.auditor.id })
    expect(notAnAgent.statusCode).toBe(422)
    expect(notAnAgent.json().errors.agent_id).toEqual(['Choose an active agent'])
    const noTemplate = await create({ template_internal_id: undefined })
    expect(noTemplate.statusCode).toBe(422)
    expect(noTemplate.json().errors.template_internal_id[0]).toMatch(/no default/)
    const unlabelled = await create({ text: 'hello, who is this?' })
    expect(unlabelled.statusCode).toBe(422)
    expect(unlabelled.json().errors.text[0]).toMatch(/Agent: Hello/)
    const badBody = await create({ channel: 'fax' })
    expect(badBody.statusCode).toBe(400)
  })

  it('a visitor may try it; an agent reads their own items only (403 for another’s)', async () => {
    const item = await createdItem({}, 'visitor')
    expect((await details(item.item_id, 'agent')).statusCode).toBe(200)
    expect((await details(item.item_id, 'agent2')).statusCode).toBe(403)
    expect((await details(item.item_id, 'auditor')).statusCode).toBe(200)
    expect((await details(999_999)).statusCode).toBe(404)
  })

  it('an agent may try it on another agent’s conversation: created, though they cannot open it', async () => {
    const res = await create({}, 'agent2')
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().data.bucket).toBe('ai_reviewed')
    expect((await details(res.json().data.item_id, 'agent2')).statusCode).toBe(403)
  })
})

describe('PUT claim/ and decision/', () => {
  it('only QA supervisors and admins claim and decide', async () => {
    const item = await createdItem()
    const claim = (who: Who) =>
      t.app.inject({
        method: 'PUT',
        url: endpoints.claimScoringItem.path,
        headers: as[who].auth,
        payload: { item_id: item.item_id },
      })
    expect((await claim('auditor')).statusCode).toBe(403)
    expect((await decide({ item_id: item.item_id, decision: 'accept' }, 'agent')).statusCode).toBe(403)
    const claimed = await claim('supervisor')
    expect(claimed.statusCode, claimed.body).toBe(200)
    expect((await claim('admin')).statusCode).toBe(409)
    const read = scoringItemDetail.parse((await details(item.item_id)).json().data)
    expect(read.claimed_by?.id).toBe(as.supervisor.id)
  })

  it('a rejection keeps the corrections per criterion and a second decision without the version is a 409', async () => {
    const item = await createdItem()
    const question = item.criteria[0]!.question_id
    const rejected = await decide({
      item_id: item.item_id,
      decision: 'reject',
      corrections: [
        { question_id: question, value: 'no', reason_code: 'wrong_verdict', comment: 'Said after the window' },
      ],
    })
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(rejected.json().data).toEqual({ item_id: item.item_id, bucket: 'ai_rejected', version: 3 })
    const read = scoringItemDetail.parse((await details(item.item_id)).json().data)
    expect(read.criteria.find((c) => c.question_id === question)).toMatchObject({
      corrected_value: 'no',
      reason_code: 'wrong_verdict',
      comment: 'Said after the window',
    })
    expect(read.audit.at(-1)).toMatchObject({ event: 'rejected', from: 'ai_reviewed', to: 'ai_rejected' })
    expect((await decide({ item_id: item.item_id, decision: 'accept' }, 'admin')).statusCode).toBe(409)
    const changed = await decide({ item_id: item.item_id, decision: 'accept', version: 3 }, 'admin')
    expect(changed.json().data).toMatchObject({ bucket: 'ai_accepted', version: 4 })
  })

  it('a rejection without corrections, or a reason outside the list, is refused', async () => {
    const item = await createdItem()
    expect((await decide({ item_id: item.item_id, decision: 'reject' })).statusCode).toBe(400)
    const badReason = await decide({
      item_id: item.item_id,
      decision: 'reject',
      corrections: [{ question_id: item.criteria[0]!.question_id, value: 'no', reason_code: 'because' }],
    })
    expect(badReason.statusCode).toBe(400)
  })
})

describe('GET list/, kpi/, calibration/ and export/', () => {
  let queue: ScoringQueue
  beforeAll(async () => {
    queue = await seedScoringQueue(t, as)
  })
  const get = (url: string, who: Who = 'supervisor') => t.app.inject({ method: 'GET', url, headers: as[who].auth })
  const inA = () => `campaign_id=${queue.A.campaignId}`
  const itemIds = (res: { json: () => { data: { results: { item_id: number }[] } } }) =>
    res.json().data.results.map((r) => r.item_id)

  it('list/ answers a page of a bucket in the envelope; an agent gets only their own', async () => {
    const res = await get(`${endpoints.listScoringItems.path}?bucket=ai_reviewed&page=1&${inA()}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ count: 2, total_pages: 1, current_page: 1, next: null, previous: null })
    expect(itemIds(res)).toEqual([queue.items.R2, queue.items.R1])
    const everyone = await get(`${endpoints.listScoringItems.path}?bucket=pending&${inA()}`, 'auditor')
    expect(everyone.json().data.count).toBe(4)
    const own = await get(`${endpoints.listScoringItems.path}?bucket=pending&${inA()}`, 'agent2')
    expect(itemIds(own)).toEqual([queue.items.P3])
  })

  it('refuses a bad query with the field to fix (400)', async () => {
    const bad = async (query: string) => {
      const res = await get(`${endpoints.listScoringItems.path}?${query}`)
      expect(res.statusCode, query).toBe(400)
      return Object.keys(res.json().errors)
    }
    expect(await bad('bucket=nonsense')).toEqual(['bucket'])
    expect(await bad('date_from=2026-02-01&date_to=2026-01-01')).toEqual(['date_to'])
    expect(await bad('confidence_max=2')).toEqual(['confidence_max'])
    expect(await bad('ordering=secret')).toEqual(['ordering'])
    expect(await bad('channel=fax')).toEqual(['channel'])
    expect((await get(`${endpoints.scoringKpi.path}?date_from=2026-02-30`)).statusCode).toBe(400)
    expect((await get(`${endpoints.exportScoringItems.path}?bucket=nonsense`)).statusCode).toBe(400)
    expect((await get(endpoints.scoringCalibration.path)).statusCode).toBe(400)
  })

  it('kpi/ answers the figures of the filtered items', async () => {
    const res = await get(`${endpoints.scoringKpi.path}?${inA()}`, 'visitor')
    expect(res.statusCode, res.body).toBe(200)
    const { data } = res.json()
    expect(data.buckets.map((b: { count: number }) => b.count)).toEqual([4, 2, 1, 3])
    expect(data.agreement).toMatchObject({ decisions: 4, criteria: 12, agreed: 8, kappa: 0.576 })
    expect(data.most_rejected[0]).toMatchObject({ corrections: 2, top_reason: 'criterion_unclear' })
  })

  it('calibration/ is for reviewers: an agent gets 403, an unknown template 404', async () => {
    const url = `${endpoints.scoringCalibration.path}?template_internal_id=${queue.A.internalId}`
    expect((await get(url, 'agent')).statusCode).toBe(403)
    const res = await get(url, 'auditor')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.criteria.map((c: { agreement_pct: number }) => c.agreement_pct)).toEqual([50, 75, 75])
    const unknown = `${endpoints.scoringCalibration.path}?template_internal_id=00000000-0000-4000-8000-000000000000`
    expect((await get(unknown)).statusCode).toBe(404)
  })

  it('export/ sends the filtered bucket as CSV, cells escaped and formulas defused', async () => {
    const res = await get(`${endpoints.exportScoringItems.path}?bucket=ai_reviewed&${inA()}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="agent-scoring-ai_reviewed-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(res.headers['x-total-count']).toBe('2')
    expect(res.body.startsWith('\uFEFF')).toBe(true)
    const [header, ...rows] = parse(res.body.slice(1)) as string[][]
    expect(header).toEqual([...scoringExportColumns])
    const cells = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])))
    expect(cells.map((c) => Number(c.item_id))).toEqual([queue.items.R2, queue.items.R1])
    expect(cells[0]).toMatchObject({
      bucket: 'AI reviewed',
      title: `'=HYPERLINK("http://x"), "quoted"`,
      agent: 'Agent Person',
      needs_human: 'yes',
      all_verified_high: 'no',
      ai_score: '50',
    })
    expect(cells[1]).toMatchObject({ needs_human: 'no', all_verified_high: 'yes' })
    // the raw bytes: quoted, quotes doubled, the formula behind an apostrophe
    expect(res.body).toContain(`,"'=HYPERLINK(""http://x""), ""quoted""",`)
    const own = await get(`${endpoints.exportScoringItems.path}?${inA()}`, 'agent2')
    expect(parse(own.body.slice(1))).toHaveLength(2) // the header and P3
  })
})

describe('PUT rescore/', () => {
  const rescore = (itemId: number, who: Who = 'supervisor') =>
    t.app.inject({
      method: 'PUT',
      url: endpoints.rescoreScoringItem.path,
      headers: as[who].auth,
      payload: { item_id: itemId },
    })

  it('scores an AI-reviewed item again from scratch, with who asked in the audit trail', async () => {
    const item = await createdItem()
    expect(item.bucket).toBe('ai_reviewed')
    const res = await rescore(item.item_id)
    expect(res.statusCode, res.body).toBe(200)
    // no queue here: it is scored again at once
    expect(res.json().data).toMatchObject({ item_id: item.item_id, bucket: 'ai_reviewed' })
    const again = scoringItemDetail.parse((await details(item.item_id)).json().data)
    expect(again.criteria.map((c) => [c.question_id, c.ai_value])).toEqual(
      item.criteria.map((c) => [c.question_id, c.ai_value]),
    )
    expect(again.audit.map((e) => e.event)).toEqual(['created', 'scored', 'rescore', 'scored'])
    expect(again.audit[2]!.by?.id).toBe(as.supervisor.id)
  })

  it('is refused on a decided item (409), to those who do not decide (403), and on an unknown one (404)', async () => {
    const item = await createdItem()
    expect((await rescore(item.item_id, 'auditor')).statusCode).toBe(403)
    expect((await rescore(item.item_id, 'agent')).statusCode).toBe(403)
    expect((await decide({ item_id: item.item_id, decision: 'accept' })).statusCode).toBe(200)
    expect((await rescore(item.item_id)).statusCode).toBe(409)
    expect((await rescore(999_999)).statusCode).toBe(404)
  })
})
