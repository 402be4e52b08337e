import { z } from 'zod'
import {
  createScoringBody,
  createScoringFields,
  rejectReasons,
  SCORING_TEXT_FILE_MAX_BYTES,
  scoringTextFileTypes,
  type Channel,
  type DecisionBody,
  type RejectReason,
  type ScoringBucket,
  type ScoringCalibration,
  type ScoringItemDetail,
  type ScoringKpi,
  type ScoringListQuery,
  type ScoringOrdering,
  type ScoringTurn,
} from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import { RECORDING_MAX_BYTES } from '#contract/speech'
import { ANSWER_LABELS, agreementPct, confusionTotal, emptyConfusion, roundedKappa, tally } from '#api/lib/agreement'
import {
  campaignTemplate,
  SCORING_NOW,
  scoredLike,
  scoringItems,
  scoringRowOf,
  scoringTemplates,
} from '#tests/fixtures/agent-scoring'
import { agents, campaigns, evaluationIds, recordingId } from '#tests/fixtures/evaluations'
import { templateFixtures } from '#tests/fixtures/templates'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'
import { error } from './auth'
import { answer, mock } from './endpoint'
import { page } from './face'

/*
 * AI agent scoring as the portal sees it (docs/decisions/015), built from the contract: the fixture
 * items (tests/fixtures/agent-scoring.ts) in a state tests read and change, the agent rule (agents
 * read only their own items), claims and decisions under the API's state machine with its 409s,
 * and an item created here moving one step on per read of its details: queued, started, scored.
 */

/** What `create/` was sent, and the item it made. */
export type CreatedItem = {
  item_id: number
  by: DemoKey
  kind: 'json' | 'multipart'
  channel: Channel
  agent_id: number
  campaign_id: number
  template_internal_id: string | undefined
  /** The pasted text, or the text file's. */
  text?: string
  file_name?: string
}

/** What the mock API holds and what it was sent; tests reset it in beforeEach. */
export const scoringState = {
  /** Every item as `details/` answers it (the fixtures, then what tests change or create). */
  items: [] as ScoringItemDetail[],
  claims: [] as { item_id: number; by: DemoKey }[],
  /** Items sent back to be scored again, with who asked. */
  rescored: [] as { item_id: number; by: DemoKey }[],
  /** The decisions that were applied, with who sent them. */
  decisions: [] as (DecisionBody & { by: DemoKey })[],
  created: [] as CreatedItem[],
  /** The URLs `export/` was asked. */
  exports: [] as URL[],
  nextId: 4001,
}

export function resetScoringMocks() {
  scoringState.items = scoringItems()
  scoringState.claims = []
  scoringState.rescored = []
  scoringState.decisions = []
  scoringState.created = []
  scoringState.exports = []
  scoringState.nextId = 4001
}
resetScoringMocks()

/** The API's messages (api/modules/agent-scoring, api/auth/access.ts). */
export const SCORING_NOT_FOUND = 'Scoring item not found'
export const NOT_YOUR_ITEM = 'You can only open your own scored interactions.'
const CHECK_FIELDS = 'Check the highlighted fields'
const TEXT_TOO_LARGE = `A conversation file is at most ${SCORING_TEXT_FILE_MAX_BYTES / 1024 / 1024} MB`
const NOT_A_CONVERSATION = "Upload a chat or e-mail as .txt, .json or .eml, or a call's audio"

const itemOf = (id: number) => scoringState.items.find((i) => i.item_id === id)
/** The agent rule: an agent reads only their own items. */
const mayRead = (key: DemoKey, item: ScoringItemDetail) => key !== 'agent' || item.agent.id === demoUsers.agent.id
const isDecided = (item: ScoringItemDetail) => item.bucket === 'ai_accepted' || item.bucket === 'ai_rejected'
const refOf = (user: { id: number; first_name: string; last_name: string }): Ref => ({
  id: user.id,
  name: `${user.first_name} ${user.last_name}`,
})

/** A move the state machine refuses: 409 with where the item stands. */
const conflict = (message: string, item: ScoringItemDetail) =>
  error(409, message, { bucket: [item.bucket], version: [String(item.version)] })

function audit(
  item: ScoringItemDetail,
  event: ScoringItemDetail['audit'][number]['event'],
  from: ScoringBucket | null,
  by: { id: number; name: string } | null,
  detail: Record<string, unknown> = {},
) {
  item.audit.push({ event, from, to: item.bucket, by, at: SCORING_NOW, detail })
}

// ---------------------------------------------------------------- the queue

type Filter = Partial<Omit<ScoringListQuery, 'page' | 'page_size' | 'ordering'>>

/** The items the caller may read that the filters select (api/modules/agent-scoring/store/filters.ts). */
function matching(key: DemoKey, f: Filter) {
  return scoringState.items.filter((i) => {
    const day = i.created_at.slice(0, 10)
    return (
      mayRead(key, i) &&
      (!f.bucket || i.bucket === f.bucket) &&
      (!f.channel || i.channel === f.channel) &&
      (!f.template_internal_id || i.template.internal_id === f.template_internal_id) &&
      (f.agent_id === undefined || i.agent.id === f.agent_id) &&
      (f.campaign_id === undefined || i.campaign.id === f.campaign_id) &&
      (!f.date_from || day >= f.date_from) &&
      (!f.date_to || day <= f.date_to) &&
      (f.confidence_max === undefined || (i.confidence !== null && i.confidence <= f.confidence_max)) &&
      (f.needs_attention === undefined || i.needs_attention === f.needs_attention)
    )
  })
}

/** Nulls (not scored yet) last whichever the direction. */
const nullsLast = (x: number | null, y: number | null, sign: number) =>
  x === y ? 0 : x === null ? 1 : y === null ? -1 : sign * (x - y)
const oldestFirst = (a: ScoringItemDetail, b: ScoringItemDetail) =>
  a.created_at.localeCompare(b.created_at) || a.item_id - b.item_id

/** The API's orderings; `needs_human`: the least confident first, then the oldest. */
function ordered(items: ScoringItemDetail[], ordering: ScoringOrdering) {
  if (ordering === 'needs_human')
    return [...items].sort((a, b) => nullsLast(a.confidence, b.confidence, 1) || oldestFirst(a, b))
  const sign = ordering.startsWith('-') ? -1 : 1
  const field = ordering.replace(/^-/, '') as 'created_at' | 'confidence' | 'ai_score'
  return [...items].sort((a, b) =>
    field === 'created_at'
      ? sign * oldestFirst(a, b)
      : nullsLast(a[field], b[field], sign) || sign * (a.item_id - b.item_id),
  )
}

// ---------------------------------------------------------------- agreement, as api/modules/agent-scoring/store/calibration.ts counts it

type Criterion = ScoringItemDetail['criteria'][number]

/** Decided results: AI rows × the answer that stands; agreed where no correction was given. */
function agreementOf(results: Criterion[]) {
  const confusion = emptyConfusion()
  const reasons = Object.fromEntries(rejectReasons.map((r) => [r, 0])) as Record<RejectReason, number>
  let agreed = 0
  for (const r of results) {
    tally(confusion, r.ai_value, r.corrected_value ?? r.ai_value)
    if (r.corrected_value === null) agreed += 1
    if (r.reason_code) reasons[r.reason_code] += 1
  }
  const figures = {
    agreed,
    agreement_pct: agreementPct(agreed, confusionTotal(confusion)),
    kappa: roundedKappa(confusion),
  }
  return { confusion, reasons, figures }
}

/** The most frequent reason; among equals, the first in the contract's order. */
const topReason = (reasons: Record<RejectReason, number>) =>
  rejectReasons.reduce<RejectReason | null>((top, r) => (reasons[r] > (top ? reasons[top] : 0) ? r : top), null)

function kpiOf(key: DemoKey, f: Filter): ScoringKpi {
  const items = matching(key, f)
  const decided = items.filter(isDecided)
  const month = SCORING_NOW.slice(0, 7)
  const thisMonth = decided.filter((i) => i.decided_at?.startsWith(month))
  const pending = items.filter((i) => i.bucket === 'pending')
  const oldest = pending.map((i) => i.created_at).sort()[0]

  const corrected = new Map<string, ScoringKpi['most_rejected'][number] & { reasons: Record<RejectReason, number> }>()
  for (const item of decided) {
    for (const c of item.criteria) {
      if (c.corrected_value === null) continue
      const key = JSON.stringify([item.template.internal_id, c.category, c.question])
      const entry = corrected.get(key) ?? {
        template: { internal_id: item.template.internal_id, name: item.template.name },
        category: c.category,
        question: c.question,
        corrections: 0,
        top_reason: null,
        reasons: agreementOf([]).reasons,
      }
      entry.corrections += 1
      if (c.reason_code) entry.reasons[c.reason_code] += 1
      corrected.set(key, entry)
    }
  }
  const agreement = agreementOf(thisMonth.flatMap((i) => i.criteria))
  return {
    buckets: (['pending', 'ai_reviewed', 'ai_accepted', 'ai_rejected'] as const).map((bucket) => ({
      bucket,
      count: items.filter((i) => i.bucket === bucket).length,
    })),
    pending: {
      needs_attention: pending.filter((i) => i.needs_attention).length,
      in_progress: pending.filter((i) => i.job_status === 'in_queue' || i.job_status === 'started').length,
      oldest_age_s: oldest ? Math.floor((Date.parse(SCORING_NOW) - Date.parse(oldest)) / 1000) : null,
    },
    agreement: {
      month,
      decisions: thisMonth.length,
      criteria: confusionTotal(agreement.confusion),
      ...agreement.figures,
    },
    most_rejected: [...corrected.values()]
      .sort((a, b) => b.corrections - a.corrections || a.question.localeCompare(b.question))
      .slice(0, 5)
      .map(({ reasons, ...c }) => ({ ...c, top_reason: topReason(reasons) })),
    recent: [...scoringState.items]
      .filter((i) => items.includes(i))
      .sort((a, b) => -oldestFirst(a, b))
      .slice(0, 10)
      .map((i) => scoringRowOf(i)),
  }
}

/** A template's questions: the scored templates' criteria, or a template fixture's questions (never decided). */
function questionsOf(internalId: string) {
  const scored = Object.values(scoringTemplates).find((t) => t.internal_id === internalId)
  if (scored) return { name: scored.name, questions: scored.criteria }
  const fixture = templateFixtures.find((t) => t.template_internal_id === internalId)
  if (!fixture) return null
  const questions = fixture.categories.flatMap((c) =>
    c.questions.map((q) => ({ category: c.name, question: q.question_text })),
  )
  return { name: fixture.name, questions }
}

function calibrationOf(key: DemoKey, f: Filter & { template_internal_id: string }): ScoringCalibration | Response {
  const template = questionsOf(f.template_internal_id)
  if (!template) return error(404, 'Template not found')
  const decided = matching(key, f).filter(isDecided)
  const results = decided.flatMap((i) => i.criteria)
  const criteria = template.questions.map(({ category, question }) => {
    const a = agreementOf(results.filter((r) => r.category === category && r.question === question))
    return {
      category,
      question,
      decisions: confusionTotal(a.confusion),
      ...a.figures,
      confusion: a.confusion,
      reasons: a.reasons,
    }
  })
  // never decided: after every percentage; among equals, the template's order
  const rank = (c: { agreement_pct: number | null }) => c.agreement_pct ?? 101
  const overall = agreementOf(results)
  return {
    template: { internal_id: f.template_internal_id, name: template.name },
    labels: [...ANSWER_LABELS],
    overall: { decisions: decided.length, criteria: results.length, ...overall.figures },
    criteria: criteria.sort((a, b) => rank(a) - rank(b) || b.decisions - a.decisions),
  }
}

const CSV_COLUMNS = ['item_id', 'created_at', 'channel', 'bucket', 'title', 'agent', 'campaign', 'template', 'ai_score']
const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

// ---------------------------------------------------------------- creating an item

type NewItem = {
  kind: 'json' | 'multipart'
  channel: Channel
  agent_id: number
  campaign_id: number
  template_internal_id?: string | undefined
  title: string
  turns: ScoringTurn[]
  text?: string
  file_name?: string
  /** Who and what it names, as resolved. */
  sides: Sides
}

type Sides = { agent: Ref; campaign: Ref; template: ScoringItemDetail['template'] }
type Ref = { id: number; name: string }

/** An active agent, a campaign and an active template (the campaign's default unless named), or the API's 422. */
function resolve(input: {
  agent_id: number
  campaign_id: number
  template_internal_id?: string | undefined
}): Sides | Response {
  const refuse = (field: string, message: string) => error(422, message, { [field]: [message] })
  const agent = agents.find((a) => a.id === input.agent_id)
  if (!agent) return refuse('agent_id', 'Choose an active agent')
  const campaign = campaigns.find((c) => c.id === input.campaign_id)
  if (!campaign) return refuse('campaign_id', 'Choose a campaign')
  const internalId = input.template_internal_id ?? scoringTemplates[campaignTemplate(campaign.id)].internal_id
  const template = templateFixtures.find((t) => t.template_internal_id === internalId)
  if (!template || template.status !== 'active') return refuse('template_internal_id', 'Choose an active template')
  return {
    agent: { id: agent.id, name: agent.name },
    campaign: { id: campaign.id, name: campaign.name },
    template: { internal_id: internalId, name: template.name, version: template.version },
  }
}

const AGENT_LABEL = /^(agent|advisor|adviser|rep|support|operator)$/i

/** A pasted chat, one "Label: text" line per message (an unlabelled line continues the last one), or an e-mail as one message. */
function turnsOf(text: string, channel: Channel, agentName: string): ScoringTurn[] | Response {
  if (channel === 'email') return [{ index: 0, speaker: 'customer', text: text.trim(), start_s: null }]
  const turns: ScoringTurn[] = []
  for (const line of text.split(/\r?\n/).map((l) => l.trim())) {
    if (!line) continue
    const m = /^([\p{L}][\p{L} .'-]{0,40}):\s+(.+)$/u.exec(line)
    if (m) {
      const agent = AGENT_LABEL.test(m[1]!) || agentName.split(' ')[0] === m[1]
      turns.push({ index: turns.length, speaker: agent ? 'agent' : 'customer', text: m[2]!, start_s: null })
    } else if (turns.length) turns[turns.length - 1]!.text += ` ${line}`
    else {
      const message = 'Start each message with who wrote it, e.g. "Agent: Hello" or "Customer: Hi"'
      return error(422, message, { text: [message] })
    }
  }
  return turns
}

const jsonChat = z.array(z.object({ speaker: z.enum(['agent', 'customer']), text: z.string().trim().min(1) })).min(1)

function jsonTurns(text: string): ScoringTurn[] | Response {
  const message = 'Give the chat as a list of {"speaker": "agent" or "customer", "text": "…"} turns'
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return error(422, 'The file is not valid JSON', { file: ['The file is not valid JSON'] })
  }
  const parsed = jsonChat.safeParse(value)
  if (!parsed.success) return error(422, message, { file: [message] })
  return parsed.data.map((t, index) => ({ index, speaker: t.speaker, text: t.text, start_s: null }))
}

const isAudio = (file: File) =>
  file.type.startsWith('audio/') || /\.(wav|mp3|m4a|ogg|oga|opus|flac|webm)$/i.test(file.name)

/** JSON `{channel, text, …}`, or multipart with the conversation (or a call's audio) in `file`, checked like the API. */
async function readNewItem(request: Request): Promise<NewItem | Response> {
  if (!request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
    const body = createScoringBody.safeParse(await request.json().catch(() => undefined))
    if (!body.success) return error(400, CHECK_FIELDS, body.error.flatten().fieldErrors)
    const sides = resolve(body.data)
    if (sides instanceof Response) return sides
    const turns = turnsOf(body.data.text, body.data.channel, sides.agent.name)
    if (turns instanceof Response) return turns
    const title = body.data.channel === 'chat' ? 'Pasted chat' : 'Pasted e-mail'
    return { kind: 'json', ...body.data, title, turns, sides }
  }
  const form = await request.formData()
  const file = form.get('file')
  const fields = createScoringFields.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')))
  const errors: Record<string, string[]> = fields.success ? {} : fields.error.flatten().fieldErrors
  if (!(file instanceof File)) errors.file = ['Choose a conversation file or a recording']
  if (!fields.success || !(file instanceof File)) return error(400, CHECK_FIELDS, errors)
  if (file.size === 0) return error(400, 'The file is empty', { file: ['The file is empty'] })
  const sides = resolve(fields.data)
  if (sides instanceof Response) return sides
  const input = { ...fields.data, kind: 'multipart' as const, title: file.name, file_name: file.name, sides }
  if (isAudio(file)) {
    if (input.channel && input.channel !== 'call')
      return error(400, 'This file is audio: score it as a call', { channel: ['An audio file is a call'] })
    if (file.size > RECORDING_MAX_BYTES)
      return error(413, `The file is larger than ${RECORDING_MAX_BYTES / 1024 / 1024} MB`)
    return { ...input, channel: 'call', turns: [] }
  }
  if (file.size > SCORING_TEXT_FILE_MAX_BYTES) return error(413, TEXT_TOO_LARGE)
  const kind = scoringTextFileTypes.find((ext) => file.name.toLowerCase().endsWith(ext))
  if (!kind) return error(415, NOT_A_CONVERSATION, { file: [NOT_A_CONVERSATION] })
  const channel = kind === '.eml' ? 'email' : kind === '.json' ? 'chat' : (input.channel ?? 'chat')
  if (channel === 'call' || (input.channel && input.channel !== channel)) {
    const message = `A ${kind} file is ${channel === 'email' ? 'an e-mail' : 'a chat'}`
    return error(400, message, { channel: [message] })
  }
  const text = await file.text()
  // an .eml's body is what follows its headers
  const body =
    kind === '.eml'
      ? text
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n\n')
      : text
  const turns = kind === '.json' ? jsonTurns(text) : turnsOf(body, channel, sides.agent.name)
  if (turns instanceof Response) return turns
  return { ...input, channel, text: body, turns }
}

/** A new item in `pending`, queued; its details move it on (see `advance`). */
function createItem(input: NewItem, by: DemoKey) {
  const id = scoringState.nextId++
  const creator = demoUsers[by]
  const item: ScoringItemDetail = {
    item_id: id,
    channel: input.channel,
    bucket: 'pending',
    version: 1,
    title: input.title,
    ...input.sides,
    job_status: 'in_queue',
    failure_reason: null,
    not_scorable_reason: null,
    needs_attention: false,
    engine: null,
    model: null,
    ai_score: null,
    ai_auto_fail: false,
    confidence: null,
    claimed_by: null,
    decided_by: null,
    decided_at: null,
    evaluation_id: null,
    // after every fixture item, in the order they were made
    created_at: new Date(Date.parse(SCORING_NOW) + (id - 4000) * 1000).toISOString(),
    scored_at: null,
    recording:
      input.channel === 'call'
        ? { recording_id: recordingId(evaluationIds[0]!), status: 'in_queue', has_audio: true, duration_s: 28 }
        : null,
    conversation: input.turns,
    criteria: [],
    audit: [],
  }
  audit(item, 'created', null, refOf(creator))
  scoringState.items.push(item)
  scoringState.created.push({
    item_id: id,
    by,
    kind: input.kind,
    channel: input.channel,
    agent_id: input.agent_id,
    campaign_id: input.campaign_id,
    template_internal_id: input.template_internal_id,
    ...(input.text !== undefined && { text: input.text }),
    ...(input.file_name !== undefined && { file_name: input.file_name }),
  })
  return item
}

/** An item created here moves one step on each time its details are read: queued → started → scored. */
function advance(item: ScoringItemDetail) {
  if (item.bucket !== 'pending' || !scoringState.created.some((c) => c.item_id === item.item_id)) return
  if (item.job_status === 'in_queue') {
    item.job_status = 'started'
    if (item.recording) item.recording.status = 'started'
    return
  }
  if (item.job_status !== 'started') return
  Object.assign(item, scoredLike(item), {
    bucket: 'ai_reviewed',
    version: item.version + 1,
    job_status: 'completed',
    engine: 'local',
    scored_at: SCORING_NOW,
  })
  if (item.recording) item.recording.status = 'completed'
  audit(item, 'scored', 'pending', null, { engine: 'local', model: null, score: item.ai_score })
}

// ---------------------------------------------------------------- the handlers

export const scoringHandlers = [
  mock(
    endpoints.createScoringItem,
    async ({ key, request }) => {
      const input = await readNewItem(request)
      if (input instanceof Response) return input
      const item = createItem(input, key)
      const message = input.channel === 'call' ? 'Transcribing the call, then scoring it' : 'Queued for scoring'
      return answer({ item_id: item.item_id, bucket: item.bucket }, message)
    },
    'Queued for scoring',
  ),

  mock(
    endpoints.scoringItemDetails,
    ({ key, query }) => {
      const item = itemOf(query.item_id)
      if (!item) return error(404, SCORING_NOT_FOUND)
      if (!mayRead(key, item)) return error(403, NOT_YOUR_ITEM)
      advance(item)
      return item
    },
    'Scored interaction retrieved',
  ),

  // QA supervisors and admins only: the table's roles, checked by mock()
  mock(
    endpoints.claimScoringItem,
    ({ key, user, body }) => {
      const item = itemOf(body.item_id)
      if (!item) return error(404, SCORING_NOT_FOUND)
      if (item.claimed_by && item.claimed_by.id !== user.id)
        return error(409, 'Another supervisor has claimed this item', { claimed_by: [String(item.claimed_by.id)] })
      if (item.bucket !== 'pending' && item.bucket !== 'ai_reviewed')
        return conflict(`The item is ${item.bucket}: it cannot be claimed`, item)
      item.claimed_by = refOf(user)
      audit(item, 'claimed', item.bucket, refOf(user))
      scoringState.claims.push({ item_id: item.item_id, by: key })
      return { item_id: item.item_id, bucket: item.bucket, version: item.version }
    },
    'Claimed',
  ),

  // QA supervisors and admins only: back to pending and scored again, one step per read of its details
  mock(
    endpoints.rescoreScoringItem,
    ({ key, user, body }) => {
      const item = itemOf(body.item_id)
      if (!item) return error(404, SCORING_NOT_FOUND)
      if (isDecided(item)) return conflict(`The item is ${item.bucket}: it cannot be rescore`, item)
      const from = item.bucket
      Object.assign(item, {
        bucket: 'pending',
        version: from === 'pending' ? item.version : item.version + 1,
        job_status: 'in_queue',
        failure_reason: null,
        not_scorable_reason: null,
        needs_attention: false,
        criteria: [],
        ai_score: null,
        confidence: null,
      })
      audit(item, 'rescore', from, refOf(user))
      scoringState.rescored.push({ item_id: item.item_id, by: key })
      // it moves on like a created one
      scoringState.created.push({
        item_id: item.item_id,
        by: key,
        kind: 'json',
        channel: item.channel,
        agent_id: item.agent.id,
        campaign_id: item.campaign.id,
        template_internal_id: item.template.internal_id,
      })
      return { item_id: item.item_id, bucket: item.bucket, version: item.version }
    },
    'Queued for scoring',
  ),

  mock(endpoints.decideScoringItem, ({ key, user, body }) => {
    if (body.decision === 'reject' && body.corrections.length === 0)
      return error(400, 'Invalid request', { corrections: ['Name each criterion you dispute, with its reason'] })
    const item = itemOf(body.item_id)
    if (!item) return error(404, SCORING_NOT_FOUND)
    if (isDecided(item) && body.version === undefined)
      return conflict(`The item is already ${item.bucket}; send the version you saw to change the decision`, item)
    const unknown = body.corrections.filter((c) => !item.criteria.some((r) => r.question_id === c.question_id))
    if (unknown.length)
      return error(400, 'Invalid request', {
        corrections: [`Not a criterion of this item: ${unknown.map((c) => c.question_id).join(', ')}`],
      })
    const accept = body.decision === 'accept'
    const from = item.bucket
    if (!(accept ? ['ai_reviewed', 'ai_rejected'] : ['ai_reviewed', 'ai_accepted']).includes(from))
      return conflict(`The item is ${from}: it cannot be ${accept ? 'accepted' : 'rejected'}`, item)
    if (body.version !== undefined && body.version !== item.version)
      return conflict('The item changed since you opened it; reload it and decide again', item)

    Object.assign(item, {
      bucket: accept ? 'ai_accepted' : 'ai_rejected',
      version: item.version + 1,
      decided_by: refOf(user),
      decided_at: SCORING_NOW,
      claimed_by: null,
      evaluation_id: accept ? 7000 + item.item_id : null,
    })
    // the new decision's corrections replace the last one's
    item.criteria = item.criteria.map((c) => {
      const correction = body.corrections.find((x) => x.question_id === c.question_id)
      return {
        ...c,
        corrected_value: correction?.value ?? null,
        reason_code: correction?.reason_code ?? null,
        comment: correction?.comment ?? '',
      }
    })
    audit(item, accept ? 'accepted' : 'rejected', from, refOf(user), { corrections: body.corrections })
    scoringState.decisions.push({ ...body, by: key })
    return answer(
      { item_id: item.item_id, bucket: item.bucket, version: item.version },
      accept ? 'Accepted' : 'Rejected',
    )
  }),

  mock(
    endpoints.listScoringItems,
    ({ key, query: { page: pageNo, page_size: size, ordering, ...filter } }) =>
      page(
        ordered(matching(key, filter), ordering).map((i) => scoringRowOf(i)),
        pageNo,
        size,
      ),
    'Scored interactions retrieved',
  ),

  mock(endpoints.scoringKpi, ({ key, query }) => kpiOf(key, query), 'Agent scoring figures retrieved'),

  // agents are refused by the table's roles (mock() answers their 403)
  mock(endpoints.scoringCalibration, ({ key, query }) => calibrationOf(key, query), 'Calibration retrieved'),

  mock(endpoints.exportScoringItems, ({ key, query: { ordering, ...filter }, request }) => {
    scoringState.exports.push(new URL(request.url))
    const rows = ordered(matching(key, filter), ordering).map((i) =>
      [
        i.item_id,
        i.created_at,
        i.channel,
        i.bucket,
        i.title,
        i.agent.name,
        i.campaign.name,
        i.template.name,
        i.ai_score,
      ]
        .map(csvCell)
        .join(','),
    )
    return new Response(`\uFEFF${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="agent-scoring-${filter.bucket ?? 'all'}-${SCORING_NOW.slice(0, 10)}.csv"`,
        'X-Total-Count': String(rows.length),
        'X-Export-Truncated': 'false',
      },
    })
  }),
]
