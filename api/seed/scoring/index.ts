import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Channel } from '#contract/agent-scoring'
import type { Db } from '../../db/client'
import { newBlobKey, type BlobStore } from '../../lib/blob-store'
import {
  campaigns,
  recordings,
  scoringItemEvents,
  scoringItems,
  scoringResults,
  templateQuestions,
  templates,
  users,
  type ScoringTurnRow,
} from '../../db/schema'
import { redactSegments } from '../../engines/text/redact'
import { transcribedCall } from '../../modules/evaluations/store/create'
import { chatFromText, emailFromText } from '../../modules/agent-scoring/conversation'
import { runItemScoring } from '../../modules/agent-scoring/job'
import { decideItem, type Correction } from '../../modules/agent-scoring/store/decide'
import { claimItem, createItem, markUnscored } from '../../modules/agent-scoring/store/items'
import { callTranscript, conversations, hasAudio } from '../calls'
import { collectionsQuestions, inboundQuestions } from '../calls/conversations'
import { demoAgents, demoCampaigns } from '../demo-data'
import { putCallAudio } from '../evaluations'
import { failedCall, seedCalls, seedTexts, type Outcome, type SeedCorrection } from './conversations'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

type Sides = { agentNames: string[]; client: string }

type Plan = {
  title: string
  channel: Channel
  campaign: string
  agent: string
  daysAgo: number
  outcome: Outcome
  /** A chat's or an e-mail's messages; a call's words are its recording's. */
  turns: (sides: Sides) => ScoringTurnRow[]
  /** The demo call (api/seed/calls) whose transcript and audio the item's own recording holds. */
  call?: string
}

const questionText: Record<string, string> = { ...inboundQuestions, ...collectionsQuestions }

/** Every interaction the seed puts in the queue, in one list. */
export function scoringPlans(): Plan[] {
  const texts = seedTexts.map((t): Plan => ({
    ...t,
    turns: (sides) => (t.channel === 'chat' ? chatFromText(t.text, sides) : emailFromText(t.text, sides)),
  }))
  const calls = seedCalls.map((c): Plan => {
    const call = conversations.find((x) => x.key === c.key)
    if (!call) throw new Error(`No demo call "${c.key}"`)
    const agent = demoAgents.find((a) => a.firstName === call.agent_first_name && a.campaign === call.campaign)
    if (!agent) throw new Error(`No demo agent for "${c.key}"`)
    return {
      title: `${call.purpose} (${call.customer_name})`,
      channel: 'call',
      campaign: call.campaign,
      agent: `${agent.firstName} ${agent.lastName}`,
      daysAgo: c.daysAgo,
      outcome: c.outcome,
      turns: () => [],
      call: c.key,
    }
  })
  return [...texts, ...calls, { ...failedCall, channel: 'call', turns: () => [] }]
}

/**
 * The AI agent scoring queue's demo (issue 15): about 60 calls, chats and e-mails over the three
 * campaigns, scored by the local engine as the job scores them, some claimed or decided by the QA
 * supervisors, dated over the past month. Idempotent by title: an item the seed made once is never
 * made again, whatever happened to it since.
 */
export async function seedScoringItems(db: Db, now: Date, blobs: BlobStore | null = null) {
  const plans = scoringPlans()
  const present = new Set(
    (
      await db
        .select({ title: scoringItems.title })
        .from(scoringItems)
        .where(
          inArray(
            scoringItems.title,
            plans.map((p) => p.title),
          ),
        )
    ).map((r) => r.title),
  )
  const todo = plans.filter((p) => !present.has(p.title))
  if (!todo.length) return 0

  const agentId = new Map(
    (
      await db
        .select({ id: users.id, first: users.firstName, last: users.lastName })
        .from(users)
        .where(eq(users.role, 'agent'))
    ).map((u) => [`${u.first} ${u.last}`, u.id]),
  )
  const supervisorId = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'qa_supervisor'))).map(
      (u) => [u.email, u.id],
    ),
  )
  const decider = supervisorId.get('supervisor@demo.local')
  if (decider === undefined) return 0
  const campaignRows = await db
    .select({ id: campaigns.id, code: campaigns.code, client: campaigns.client, template: templates.id })
    .from(campaigns)
    .innerJoin(
      templates,
      and(eq(templates.internalId, campaigns.defaultTemplateInternalId), eq(templates.isLatest, true)),
    )
    .where(
      inArray(
        campaigns.code,
        demoCampaigns.map((c) => c.code),
      ),
    )
  const campaignOf = new Map(campaignRows.map((c) => [c.code, c]))

  let created = 0
  for (const [i, plan] of todo.entries()) {
    const campaign = campaignOf.get(plan.campaign)
    const agent = agentId.get(plan.agent)
    if (!campaign || !agent) continue
    const times = timesOf(i, plan.daysAgo, now)
    const recording = plan.call ? await seedRecording(db, blobs, plan.call, times.createdAt) : null
    const item = await createItem(db, {
      channel: plan.channel,
      title: plan.title,
      agentId: agent,
      campaignId: campaign.id,
      templateId: campaign.template,
      turns:
        recording?.turns ?? redactSegments(plan.turns({ agentNames: [plan.agent], client: campaign.client })).segments,
      recordingId: recording?.id ?? null,
      createdBy: null,
    })
    created++
    // dated before it is decided: an accepted item's evaluation takes the item's date as the call's
    await db
      .update(scoringItems)
      .set({ createdAt: times.createdAt, updatedAt: times.createdAt })
      .where(eq(scoringItems.id, item.id))
    const done = await playOut(db, item.id, plan.outcome, { supervisorId, decider })
    await backdate(db, item.id, times, done)
  }
  return created
}

/** What the seed did to an item: the job ran (whatever it found), it scored it, a supervisor claimed or decided it. */
type Done = { attempted: boolean; scored: boolean; claimed: boolean; decided: boolean }

/** Takes an item where its plan says: scored by the local engine as the job does it, then claimed or decided. */
async function playOut(
  db: Db,
  itemId: number,
  outcome: Outcome,
  people: { supervisorId: Map<string, number>; decider: number },
): Promise<Done> {
  const done: Done = { attempted: false, scored: false, claimed: false, decided: false }
  if (outcome.to === 'waiting') return done
  done.attempted = true
  if (outcome.to === 'failed') {
    await markUnscored(db, itemId, { failed: outcome.reason })
    return done
  }
  try {
    done.scored = 'score' in (await runItemScoring(db, null, { item_id: itemId }))
  } catch {
    // the job has marked it failed, with the reason, as a queue's last retry would leave it
    return done
  }
  if (!done.scored) return done
  if (outcome.to === 'claimed') {
    await claimItem(db, itemId, people.supervisorId.get(outcome.by) ?? people.decider)
    done.claimed = true
  }
  if (outcome.to === 'accepted' || outcome.to === 'rejected') {
    const corrections = await standingCorrections(db, itemId, outcome.corrections ?? [])
    await decideItem(db, {
      itemId,
      actorId: people.decider,
      // a rejection the engine has since stopped deserving becomes an acceptance
      decision: outcome.to === 'rejected' && corrections.length ? 'reject' : 'accept',
      corrections,
    })
    done.decided = true
  }
  return done
}

/**
 * A demo call's recording of its own, as the speech module leaves one: completed, its words
 * redacted (the item's turns are the same words), and its audio, with a blob store, under a new key,
 * so neither its evaluation nor its deletion ever touches another recording's.
 */
async function seedRecording(db: Db, blobs: BlobStore | null, call: string, at: Date) {
  const heard = callTranscript(call).segments
  const { segments, redactions } = redactSegments(heard)
  const audio = blobs && hasAudio(call) ? await putCallAudio(blobs, call, newBlobKey('recordings/seed', '.ogg')) : null
  const [row] = await db
    .insert(recordings)
    .values({
      ...transcribedCall(segments, audio),
      unredactedSegments: redactions.length ? heard : null,
      redactionCount: redactions.length,
      createdAt: at,
    })
    .returning({ id: recordings.id })
  return { id: row!.id, turns: segments }
}

/** The supervisor's corrections that still differ from the engine's answers, by question id. */
async function standingCorrections(db: Db, itemId: number, wanted: SeedCorrection[]): Promise<Correction[]> {
  if (!wanted.length) return []
  const results = await db
    .select({
      questionId: scoringResults.questionId,
      aiValue: scoringResults.aiValue,
      text: templateQuestions.questionText,
    })
    .from(scoringResults)
    .innerJoin(templateQuestions, eq(templateQuestions.id, scoringResults.questionId))
    .where(eq(scoringResults.itemId, itemId))
  return wanted.flatMap((c) => {
    const result = results.find((r) => r.text === questionText[c.question])
    if (!result || result.aiValue === c.value) return []
    return [{ questionId: result.questionId, value: c.value, reasonCode: c.reason, comment: c.comment }]
  })
}

type Times = { createdAt: Date; scoredAt: Date; claimedAt: Date; decidedAt: Date }

/**
 * When things happened to the i-th item that came in `daysAgo` days back (the hour varies by
 * position): scored minutes later, claimed within hours, decided a day or two later, never in the future.
 */
function timesOf(i: number, daysAgo: number, now: Date): Times {
  const latest = now.getTime() - 10 * MINUTE
  const createdAt = new Date(now.getTime() - daysAgo * DAY - (1 + ((i * 7) % 10)) * HOUR - ((i * 13) % 60) * MINUTE)
  return {
    createdAt,
    scoredAt: new Date(createdAt.getTime() + (2 + (i % 4)) * MINUTE),
    claimedAt: new Date(Math.min(latest, createdAt.getTime() + (3 + (i % 5)) * HOUR)),
    decidedAt: new Date(Math.min(latest, createdAt.getTime() + (20 + ((i * 11) % 30)) * HOUR)),
  }
}

/** The item's and its audit trail's times set to `times`, for what was done to it. */
async function backdate(db: Db, itemId: number, times: Times, done: Done) {
  const { createdAt, scoredAt, claimedAt, decidedAt } = times
  await db
    .update(scoringItems)
    .set({
      updatedAt: done.decided ? decidedAt : done.claimed ? claimedAt : done.attempted ? scoredAt : createdAt,
      ...(done.scored && { scoredAt }),
      ...(done.claimed && { claimedAt }),
      ...(done.decided && { decidedAt }),
    })
    .where(eq(scoringItems.id, itemId))
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`
  await db
    .update(scoringItemEvents)
    .set({
      createdAt: sql`case ${scoringItemEvents.event}
        when 'created' then ${at(createdAt)}
        when 'claimed' then ${at(claimedAt)}
        when 'accepted' then ${at(decidedAt)}
        when 'rejected' then ${at(decidedAt)}
        else ${at(scoredAt)} end`,
    })
    .where(eq(scoringItemEvents.itemId, itemId))
}
