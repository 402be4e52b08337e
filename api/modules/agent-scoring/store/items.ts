import { and, asc, eq } from 'drizzle-orm'
import type {
  Channel,
  EvidenceCheck,
  NotScorableReason,
  ScoringBucket,
  ScoringEvent,
  ScoringItemDetail,
} from '#contract/agent-scoring'
import type { Db } from '../../../db/client'
import {
  campaigns,
  recordings,
  scoringItemEvents,
  scoringItems,
  scoringResults,
  templateCategories,
  templateQuestions,
  templates,
  users,
  type ScoringEvidenceRow,
  type ScoringTurnRow,
} from '../../../db/schema'
import { fullName, type Tx } from '../../../db/sql'
import { NOT_YOUR_ITEM, scoringItemRule, type Actor } from '../../../auth/access'
import { HttpError, notFound } from '../../../lib/http-error'
import { threadOf } from '../../evaluations/store/thread'
import { NEEDS_HUMAN_BELOW } from '../confidence'
import { nextBucket } from '../state'
import { headColumns, itemHead, refOf, withHeadJoins } from './head'

export const NOT_FOUND = 'Scoring item not found'

export type NewItem = {
  channel: Channel
  title: string
  agentId: number
  campaignId: number
  /** The template version to score against. */
  templateId: number
  turns?: ScoringTurnRow[]
  recordingId?: number | null
  createdBy: number | null
}

/** A new item in `pending`, with its first line in the audit trail. */
export async function createItem(db: Db, item: NewItem) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(scoringItems)
      .values({ ...item, turns: item.turns ?? [], recordingId: item.recordingId ?? null })
      .returning({ id: scoringItems.id, bucket: scoringItems.bucket, version: scoringItems.version })
    if (!row) throw new Error('The insert returned no row')
    await tx
      .insert(scoringItemEvents)
      .values({ itemId: row.id, event: 'created', toBucket: 'pending', actorId: item.createdBy })
    return row
  })
}

type Change = {
  itemId: number
  event: ScoringEvent
  actorId: number | null
  /** The version the actor saw; a different one is a 409 (someone changed the item meanwhile). */
  seenVersion?: number
  /** What the audit trail keeps of why (corrections, a failure's reason). */
  detail?: Record<string, unknown>
  /** Columns that change with it. */
  set?: Partial<typeof scoringItems.$inferInsert>
  /** Where the item stood when the caller read it in this transaction; read here when not given. */
  current?: { bucket: ScoringBucket; version: number }
}

export const conflict = (message: string, bucket: ScoringBucket, version: number) =>
  new HttpError(409, message, { bucket: [bucket], version: [String(version)] })

/**
 * Applies one event under the state machine (docs/decisions/015): the item must be where the event
 * may happen and, when the actor says which version they saw, still be that version. The update is
 * conditional on the version read, so of two changes at once one wins and the other is a 409.
 */
export async function applyChange(tx: Tx, change: Change) {
  const [item] = change.current
    ? [change.current]
    : await tx
        .select({ bucket: scoringItems.bucket, version: scoringItems.version })
        .from(scoringItems)
        .where(eq(scoringItems.id, change.itemId))
  if (!item) throw notFound(NOT_FOUND)
  const to = nextBucket(item.bucket, change.event)
  if (to === null) throw conflict(`The item is ${item.bucket}: it cannot be ${change.event}`, item.bucket, item.version)
  if (change.seenVersion !== undefined && change.seenVersion !== item.version) {
    throw conflict('The item changed since you opened it; reload it and decide again', item.bucket, item.version)
  }
  const [updated] = await tx
    .update(scoringItems)
    .set({
      ...change.set,
      bucket: to,
      version: to !== item.bucket ? item.version + 1 : item.version,
      updatedAt: new Date(),
    })
    .where(and(eq(scoringItems.id, change.itemId), eq(scoringItems.version, item.version)))
    .returning({ bucket: scoringItems.bucket, version: scoringItems.version })
  if (!updated) throw conflict('The item changed meanwhile; reload it and try again', item.bucket, item.version)
  await tx.insert(scoringItemEvents).values({
    itemId: change.itemId,
    event: change.event,
    fromBucket: item.bucket,
    toBucket: to,
    actorId: change.actorId,
    detail: change.detail ?? {},
  })
  return updated
}

/**
 * Back to pending to be scored again (a failure or a not-scorable verdict retried, a template fixed):
 * its results and its last scoring are cleared; the audit trail keeps who asked.
 */
export async function rescoreItem(db: Db, itemId: number, actorId: number) {
  return db.transaction(async (tx) => {
    const changed = await applyChange(tx, {
      itemId,
      event: 'rescore',
      actorId,
      set: {
        jobStatus: 'pending',
        failureReason: null,
        notScorableReason: null,
        engine: null,
        model: null,
        aiScore: null,
        aiAutoFail: false,
        confidence: null,
        scoredAt: null,
      },
    })
    await tx.delete(scoringResults).where(eq(scoringResults.itemId, itemId))
    return changed
  })
}

export type CriterionResult = {
  questionId: number
  value: 'yes' | 'no' | 'n/a'
  rationale: string
  evidence: ScoringEvidenceRow[]
  check: EvidenceCheck
  confidence: number
}

export type Scored = {
  engine: 'local' | 'llm'
  model: string | null
  score: number | null
  autoFail: boolean
  results: CriterionResult[]
}

/** Where the scoring job is (queued, started): what the item's page shows while it waits. */
export async function setJobStatus(db: Db, itemId: number, status: 'in_queue' | 'started') {
  await db.update(scoringItems).set({ jobStatus: status }).where(eq(scoringItems.id, itemId))
}

/** An item's bucket and version, as it stands (no access check: for its creator and the job). */
export async function itemState(db: Db, itemId: number) {
  const [state] = await db
    .select({ bucket: scoringItems.bucket, version: scoringItems.version })
    .from(scoringItems)
    .where(eq(scoringItems.id, itemId))
  if (!state) throw notFound(NOT_FOUND)
  return state
}

/** What the scoring job reads of an item: for a call, where its recording's transcription is. */
export async function itemToScore(db: Db, itemId: number) {
  const [item] = await db
    .select({
      turns: scoringItems.turns,
      templateId: scoringItems.templateId,
      bucket: scoringItems.bucket,
      channel: scoringItems.channel,
      recordingId: scoringItems.recordingId,
      recordingStatus: recordings.status,
      recordingSegments: recordings.segments,
      recordingFailure: recordings.failureReason,
    })
    .from(scoringItems)
    .leftJoin(recordings, eq(recordings.id, scoringItems.recordingId))
    .where(eq(scoringItems.id, itemId))
  return item ?? null
}

/** A call's transcript, once read, becomes the item's turns (redacted by the speech module). */
export async function setTurns(db: Db, itemId: number, turns: ScoringTurnRow[]) {
  await db.update(scoringItems).set({ turns, updatedAt: new Date() }).where(eq(scoringItems.id, itemId))
}

/** The pending items waiting for this recording's transcript. */
export async function itemsAwaiting(db: Db, recordingId: number) {
  const rows = await db
    .select({ id: scoringItems.id })
    .from(scoringItems)
    .where(and(eq(scoringItems.recordingId, recordingId), eq(scoringItems.bucket, 'pending')))
  return rows.map((r) => r.id)
}

/** The job's result: the criteria's answers replace any earlier ones, and the item is ai_reviewed. */
export async function markScored(db: Db, itemId: number, scored: Scored) {
  return db.transaction(async (tx) => {
    await tx.delete(scoringResults).where(eq(scoringResults.itemId, itemId))
    if (scored.results.length) {
      await tx.insert(scoringResults).values(
        scored.results.map((r) => ({
          itemId,
          questionId: r.questionId,
          aiValue: r.value,
          rationale: r.rationale,
          evidence: r.evidence,
          evidenceCheck: r.check,
          confidence: r.confidence,
        })),
      )
    }
    const confidence = scored.results.length ? Math.min(...scored.results.map((r) => r.confidence)) : null
    return applyChange(tx, {
      itemId,
      event: 'scored',
      actorId: null,
      detail: { engine: scored.engine, model: scored.model, score: scored.score },
      set: {
        jobStatus: 'completed',
        failureReason: null,
        notScorableReason: null,
        engine: scored.engine,
        model: scored.model,
        aiScore: scored.score,
        aiAutoFail: scored.autoFail,
        confidence,
        scoredAt: new Date(),
      },
    })
  })
}

/** The job could not score it: the item stays pending, marked for attention, with the reason. */
export async function markUnscored(
  db: Db,
  itemId: number,
  outcome: { failed: string } | { notScorable: NotScorableReason },
) {
  return db.transaction((tx) =>
    'failed' in outcome
      ? applyChange(tx, {
          itemId,
          event: 'failed',
          actorId: null,
          detail: { reason: outcome.failed },
          set: { jobStatus: 'failed', failureReason: outcome.failed },
        })
      : applyChange(tx, {
          itemId,
          event: 'not_scorable',
          actorId: null,
          detail: { reason: outcome.notScorable },
          set: { jobStatus: 'completed', notScorableReason: outcome.notScorable },
        }),
  )
}

/** A supervisor takes an item to work on: the others see who has it. Someone else's claim is a 409. */
export async function claimItem(db: Db, itemId: number, actorId: number) {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ claimedBy: scoringItems.claimedBy, bucket: scoringItems.bucket, version: scoringItems.version })
      .from(scoringItems)
      .where(eq(scoringItems.id, itemId))
    if (!item) throw notFound(NOT_FOUND)
    if (item.claimedBy !== null && item.claimedBy !== actorId) {
      throw new HttpError(409, 'Another supervisor has claimed this item', { claimed_by: [String(item.claimedBy)] })
    }
    return applyChange(tx, {
      itemId,
      event: 'claimed',
      actorId,
      set: { claimedBy: actorId, claimedAt: new Date() },
      current: item,
    })
  })
}

/** The item's audit trail, oldest first. */
export function itemEvents(db: Db, itemId: number) {
  return db
    .select({
      event: scoringItemEvents.event,
      from: scoringItemEvents.fromBucket,
      to: scoringItemEvents.toBucket,
      actorId: scoringItemEvents.actorId,
      detail: scoringItemEvents.detail,
      at: scoringItemEvents.createdAt,
    })
    .from(scoringItemEvents)
    .where(eq(scoringItemEvents.itemId, itemId))
    .orderBy(asc(scoringItemEvents.createdAt), asc(scoringItemEvents.id))
}

// ---------------------------------------------------------------- reading and creating for the routes

const fieldError = (field: string, message: string) => new HttpError(422, message, { [field]: [message] })

/** Who and what a new item names, checked: an active agent, a campaign, and a live template version. */
export async function resolveNewItem(
  db: Db,
  input: { agent_id: number; campaign_id: number; template_internal_id?: string | undefined },
) {
  const [agent] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, input.agent_id), eq(users.role, 'agent'), eq(users.isActive, true)))
  if (!agent) throw fieldError('agent_id', 'Choose an active agent')
  const [campaign] = await db
    .select({ id: campaigns.id, client: campaigns.client, defaultTemplate: campaigns.defaultTemplateInternalId })
    .from(campaigns)
    .where(eq(campaigns.id, input.campaign_id))
  if (!campaign) throw fieldError('campaign_id', 'Choose a campaign')
  const internalId = input.template_internal_id ?? campaign.defaultTemplate
  if (!internalId) throw fieldError('template_internal_id', 'Choose a template: this campaign has no default one')
  const [template] = await db
    .select({ id: templates.id, status: templates.status })
    .from(templates)
    .where(and(eq(templates.internalId, internalId), eq(templates.isLatest, true)))
  if (!template || template.status !== 'active') throw fieldError('template_internal_id', 'Choose an active template')
  return {
    agentNames: [`${agent.firstName} ${agent.lastName}`.trim()],
    client: campaign.client,
    templateId: template.id,
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** One item for its page: 404 when unknown, 403 for an agent on someone else's. */
export async function itemDetail(db: Db, actor: Actor, itemId: number): Promise<ScoringItemDetail> {
  const [row] = await withHeadJoins(
    db
      .select({
        item: scoringItems,
        ...headColumns,
        recording: {
          id: recordings.id,
          status: recordings.status,
          blobKey: recordings.blobKey,
          durationS: recordings.durationS,
        },
      })
      .from(scoringItems)
      .$dynamic(),
  )
    .leftJoin(recordings, eq(recordings.id, scoringItems.recordingId))
    .where(eq(scoringItems.id, itemId))
  if (!row) throw notFound(NOT_FOUND)
  if (!scoringItemRule.canRead(actor, row.item)) throw new HttpError(403, NOT_YOUR_ITEM)
  const { item } = row
  const results = await db
    .select({
      result: scoringResults,
      question: templateQuestions.questionText,
      position: templateQuestions.position,
      category: templateCategories.name,
      categoryPosition: templateCategories.position,
      autoFail: templateCategories.autoFailed,
    })
    .from(scoringResults)
    .innerJoin(templateQuestions, eq(templateQuestions.id, scoringResults.questionId))
    .innerJoin(templateCategories, eq(templateCategories.id, templateQuestions.categoryId))
    .where(eq(scoringResults.itemId, itemId))
    .orderBy(asc(templateCategories.position), asc(templateQuestions.position))
  const events = await db
    .select({ event: scoringItemEvents, actorName: fullName(users) })
    .from(scoringItemEvents)
    .leftJoin(users, eq(users.id, scoringItemEvents.actorId))
    .where(eq(scoringItemEvents.itemId, itemId))
    .orderBy(asc(scoringItemEvents.createdAt), asc(scoringItemEvents.id))
  return {
    ...itemHead(item, row),
    engine: item.engine,
    model: item.model,
    scored_at: iso(item.scoredAt),
    recording: row.recording
      ? {
          recording_id: row.recording.id,
          status: row.recording.status,
          has_audio: row.recording.blobKey !== null,
          duration_s: row.recording.durationS,
        }
      : null,
    conversation: threadOf(item.turns),
    criteria: results
      .map(({ result: r, question, category, autoFail }) => ({
        question_id: r.questionId,
        category,
        question,
        auto_fail: autoFail,
        ai_value: r.aiValue,
        rationale: r.rationale,
        evidence: r.evidence,
        evidence_check: r.evidenceCheck,
        confidence: r.confidence,
        needs_human: r.confidence < NEEDS_HUMAN_BELOW,
        corrected_value: r.correctedValue,
        reason_code: r.reasonCode,
        comment: r.comment,
      }))
      // "needs a human" first, the page's order otherwise
      .sort((a, b) => Number(b.needs_human) - Number(a.needs_human)),
    audit: events.map(({ event: e, actorName }) => ({
      event: e.event,
      from: e.fromBucket,
      to: e.toBucket,
      by: refOf(e.actorId, actorName),
      at: e.createdAt.toISOString(),
      detail: e.detail,
    })),
  }
}
