import fs from 'node:fs'
import { count, eq } from 'drizzle-orm'
import type { TranscriptSegment } from '#contract/evaluations'
import type { Db } from '../db/client'
import {
  callEvaluations,
  campaigns,
  evaluationCategoryScores,
  evaluationQuestionScores,
  evaluationStatusHistory,
  evaluationTypes,
  recordings,
  reviewSessions,
  services,
  staffProfiles,
  templates,
  users,
} from '../db/schema'
import {
  scoreTranscript,
  scoreValues,
  type Answer,
  type CallScore,
  type TemplateCategory,
} from '../engines/scoring/score'
import type { BlobStore } from '../lib/blob-store'
import type { NewEvaluation } from '../modules/evaluations/store/create'
import { getTemplateVersion } from '../modules/templates/store'
import { toEngineTemplate } from '../modules/templates/to-engine'
import { audioPath, callTranscript, hasAudio } from './calls'
import { conversations, type Conversation } from './calls/conversations'

const DAY = 24 * 60 * 60 * 1000
export const SEEDED_EVALUATIONS = 320

/** A small deterministic generator, so every fresh install shows the same demo. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Agent = { id: number; firstName: string; lastName: string; campaignId: number | null; supervisorId: number | null }
type Planned = {
  conversation: Conversation
  agent: Agent
  segments: TranscriptSegment[]
  customer: string
  callTime: Date
  audio: boolean
}

/**
 * A business-hours moment `daysAgo` days before now. A weekend moves to the Monday after, so the
 * oldest calls stay inside the 90 days, or, in the last few days, to the Friday before, so none is
 * in the future.
 */
function callTimeAt(now: Date, daysAgo: number, rand: () => number) {
  const day = new Date(now.getTime() - daysAgo * DAY)
  const weekday = day.getUTCDay()
  const recent = daysAgo < 4
  if (weekday === 0) day.setTime(day.getTime() + (recent ? -2 : 1) * DAY)
  if (weekday === 6) day.setTime(day.getTime() + (recent ? -1 : 2) * DAY)
  day.setUTCHours(8 + Math.floor(rand() * 10), Math.floor(rand() * 60), Math.floor(rand() * 60), 0)
  return day.getTime() > now.getTime() ? new Date(now.getTime() - 3600_000) : day
}

/** The conversation as another agent and customer would have had it: their names in the words. */
function retold(c: Conversation, agent: Agent, customer: string): TranscriptSegment[] {
  const { segments } = callTranscript(c.key)
  const [first, ...rest] = c.customer_name.split(' ')
  const [newFirst, ...newRest] = customer.split(' ')
  return segments.map((s) => ({
    ...s,
    text: s.text
      .replaceAll(c.agent_first_name, agent.firstName)
      .replaceAll(c.customer_name, customer)
      .replaceAll(first, newFirst)
      .replaceAll(rest.join(' ') || '\u0000', newRest.join(' ') || newFirst),
  }))
}

const customers = [
  'Alan Whitfield',
  'Beatriz Costa',
  'Connor Hughes',
  'Deborah Mills',
  'Eilidh Fraser',
  'Farid Rahimi',
  'Gemma Lawson',
  'Harold Finch',
  'Imogen Price',
  'Joseph Banda',
  'Karen Doyle',
  'Lena Hoffmann',
  'Mohammed Aziz',
  'Nicola Byrne',
  'Oscar Lindqvist',
  'Patricia Nwosu',
  'Quentin Hale',
  'Rosa Martinez',
  'Stuart Kerr',
  'Tanya Ivanova',
  'Umar Siddiqui',
  'Valerie Tan',
  'William Foster',
  'Yasmin Khalil',
]

type SeedAudio = NonNullable<NewEvaluation['audio']>

/** A demo call's audio put in the blob store under `blobKey`: what its recording row says of it. */
export async function putCallAudio(blobs: BlobStore, key: string, blobKey: string): Promise<SeedAudio> {
  const { size } = await blobs.put(blobKey, fs.readFileSync(audioPath(key)))
  return { blobKey, mimeType: 'audio/ogg', sizeBytes: size, fileName: `${key}.ogg` }
}

/**
 * About 300 evaluated calls over the last 90 days: every conversation with real audio once, the
 * rest retold by the campaign's other agents. Scores come from the local engine; about 40 % carry
 * an auditor's review (the conversations' reference answers), some acknowledged or disputed.
 */
export async function seedEvaluations(db: Db, blobs: BlobStore | null, now: Date) {
  const [{ n }] = await db.select({ n: count() }).from(callEvaluations)
  if (n > 0) return 0
  const rand = random(20261122)
  const pick = <T>(items: T[]) => items[Math.floor(rand() * items.length)]

  const agents: Agent[] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      campaignId: staffProfiles.campaignId,
      supervisorId: staffProfiles.supervisorId,
    })
    .from(users)
    .innerJoin(staffProfiles, eq(staffProfiles.userId, users.id))
    .where(eq(users.role, 'agent'))
    .orderBy(users.id)
  if (!agents.length) return 0
  const [auditor] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'auditor@demo.local'))
  const campaignId = new Map((await db.select().from(campaigns)).map((c) => [c.code, c.id]))
  const serviceId = new Map((await db.select().from(services)).map((s) => [`${s.campaignId}:${s.name}`, s.id]))
  const typeId = new Map((await db.select().from(evaluationTypes)).map((t) => [t.code, t.id]))
  const latest = await db
    .select({ id: templates.id, name: templates.name })
    .from(templates)
    .where(eq(templates.isLatest, true))
  const engineTemplates = new Map<string, { id: number; engine: TemplateCategory[] }>()
  for (const t of latest) {
    const version = await getTemplateVersion(db, t.id)
    if (version) engineTemplates.set(t.name, { id: t.id, engine: toEngineTemplate(version) })
  }
  const usable = conversations.filter((c) => engineTemplates.has(c.template) && campaignId.has(c.campaign))
  if (!usable.length) return 0

  // every conversation with audio once, by the agent whose name is in it
  const plans: Planned[] = []
  for (const c of usable.filter((c) => hasAudio(c.key))) {
    const agent = agents.find((a) => a.firstName === c.agent_first_name) ?? agents[0]
    plans.push({
      conversation: c,
      agent,
      segments: callTranscript(c.key).segments,
      customer: c.customer_name,
      callTime: now,
      audio: true,
    })
  }
  // the rest retold by the agents of each campaign; the demo agent gets a fair share
  while (plans.length < SEEDED_EVALUATIONS) {
    const c = usable[Math.floor(rand() * usable.length)]
    const team = agents.filter((a) => a.campaignId === campaignId.get(c.campaign))
    const agent =
      plans.length % 25 === 0 && c.campaign === 'ACME-RETAIL' ? agents[0] : pick(team.length ? team : agents)
    const customer = pick(customers)
    plans.push({ conversation: c, agent, segments: retold(c, agent, customer), customer, callTime: now, audio: false })
  }
  // spread over 90 days, newest first in the plan order so the audio calls are recent
  plans.forEach((p, i) => {
    // at most 90 days back once set to business hours (which may move a call up to 16 h earlier)
    p.callTime = callTimeAt(now, (i / plans.length) * 88.5 + rand() * 1.5, rand)
  })

  const scored = plans.map((p) => {
    const template = engineTemplates.get(p.conversation.template)!
    return { plan: p, template, ai: scoreTranscript(template.engine, p.segments) }
  })

  const audioKeys = new Map<string, SeedAudio>()
  if (blobs) {
    for (const p of plans.filter((p) => p.audio)) {
      const key = p.conversation.key
      audioKeys.set(key, await putCallAudio(blobs, key, `recordings/seed/${key}.ogg`))
    }
  }

  await db.transaction(async (tx) => {
    const recordingRows = await tx
      .insert(recordings)
      .values(
        scored.map(({ plan }) => {
          const audio = plan.audio ? audioKeys.get(plan.conversation.key) : undefined
          return {
            blobKey: audio?.blobKey ?? null,
            mimeType: audio?.mimeType ?? null,
            sizeBytes: audio?.sizeBytes ?? null,
            fileName: audio?.fileName ?? null,
            durationS: Math.round(plan.segments.at(-1)?.end ?? 0),
            status: 'completed' as const,
            segments: plan.segments,
            createdAt: plan.callTime,
          }
        }),
      )
      .returning({ id: recordings.id })

    const review = scored.map(({ plan, template, ai }, i) => reviewOf(plan, template.engine, ai, rand, now, i))
    const evaluationRows = await tx
      .insert(callEvaluations)
      .values(
        scored.map(({ plan, template, ai }, i) => {
          const r = review[i]
          return {
            recordingId: recordingRows[i].id,
            agentId: plan.agent.id,
            supervisorId: plan.agent.supervisorId,
            campaignId: campaignId.get(plan.conversation.campaign)!,
            serviceId:
              serviceId.get(`${campaignId.get(plan.conversation.campaign)}:${plan.conversation.service}`) ?? null,
            evaluationTypeId: typeId.get(r ? (r.status === 'disputed' ? 'dispute' : 'manual_audit') : 'ai') ?? null,
            templateId: template.id,
            callTime: plan.callTime,
            customerName: plan.customer,
            purpose: plan.conversation.purpose,
            status: r?.status ?? ('ai_evaluated' as const),
            scoringStatus: 'completed' as const,
            engine: 'local' as const,
            aiScore: ai.score,
            aiAutoFail: ai.auto_fail,
            auditorScore: r?.score.score ?? null,
            auditorAutoFail: r ? r.score.auto_fail : null,
            scoredAt: new Date(plan.callTime.getTime() + 20 * 60_000),
            reviewedBy: r ? (r.byAuditor ? (auditor?.id ?? plan.agent.supervisorId) : plan.agent.supervisorId) : null,
            reviewedAt: r?.at ?? null,
            createdAt: plan.callTime,
            updatedAt: r?.at ?? plan.callTime,
          }
        }),
      )
      .returning({ id: callEvaluations.id, reviewedBy: callEvaluations.reviewedBy })

    const categoryRows = scored.flatMap(({ ai }, i) =>
      ai.categories.map((c, j) => ({
        evaluationId: evaluationRows[i].id,
        categoryId: c.category_id,
        aiScore: c.score,
        aiFailed: c.failed,
        auditorScore: review[i] ? review[i]!.score.categories[j].score : null,
        auditorFailed: review[i] ? review[i]!.score.categories[j].failed : null,
      })),
    )
    const categoryIds: number[] = []
    for (let from = 0; from < categoryRows.length; from += 1000) {
      const rows = await tx
        .insert(evaluationCategoryScores)
        .values(categoryRows.slice(from, from + 1000))
        .returning({ id: evaluationCategoryScores.id })
      categoryIds.push(...rows.map((r) => r.id))
    }
    let k = 0
    const questionRows = scored.flatMap(({ ai }, i) =>
      ai.categories.flatMap((c, j) => {
        const categoryScoreId = categoryIds[k++]
        return c.questions.map((q, m) => ({
          evaluationId: evaluationRows[i].id,
          categoryScoreId,
          questionId: q.question_id,
          aiValue: q.value,
          evaluationKeyWord: q.evaluation_key_word,
          startSeconds: q.start_seconds,
          justification: q.justification,
          auditorValue: review[i] ? review[i]!.score.categories[j].questions[m].value : null,
          updatedBy: review[i] ? evaluationRows[i].reviewedBy : null,
          updatedAt: review[i]?.at ?? null,
        }))
      }),
    )
    for (let from = 0; from < questionRows.length; from += 1000) {
      await tx.insert(evaluationQuestionScores).values(questionRows.slice(from, from + 1000))
    }

    const history = scored.flatMap(({ plan }, i) => {
      const r = review[i]
      const id = evaluationRows[i].id
      const rows = [
        {
          evaluationId: id,
          fromStatus: null,
          toStatus: 'ai_evaluated' as const,
          changedBy: null,
          comment: 'Scored by the AI',
          createdAt: new Date(plan.callTime.getTime() + 20 * 60_000),
        },
      ]
      if (!r) return rows
      const by = evaluationRows[i].reviewedBy
      rows.push({
        evaluationId: id,
        fromStatus: 'ai_evaluated' as never,
        toStatus: 'under_review' as never,
        changedBy: by as never,
        comment: '',
        createdAt: new Date(r.at.getTime() - r.minutes * 60_000),
      })
      if (r.status === 'under_review') return rows
      rows.push({
        evaluationId: id,
        fromStatus: 'under_review' as never,
        toStatus: 'reviewed' as never,
        changedBy: by as never,
        comment: 'Manual review saved',
        createdAt: r.at,
      })
      if (r.status === 'acknowledged' || r.status === 'disputed') {
        rows.push({
          evaluationId: id,
          fromStatus: 'reviewed' as never,
          toStatus: r.status as never,
          changedBy: plan.agent.id as never,
          comment: r.status === 'disputed' ? disputeComments[i % disputeComments.length] : '',
          createdAt: new Date(r.at.getTime() + 26 * 3600_000),
        })
      }
      return rows
    })
    for (let from = 0; from < history.length; from += 1000) {
      await tx.insert(evaluationStatusHistory).values(history.slice(from, from + 1000))
    }
    const sessions = scored.flatMap((_, i) => {
      const r = review[i]
      const by = evaluationRows[i].reviewedBy
      if (!r || !by) return []
      const startedAt = new Date(r.at.getTime() - r.minutes * 60_000)
      return [
        {
          evaluationId: evaluationRows[i].id,
          userId: by,
          startedAt,
          lastSeenAt: r.at,
          endedAt: r.status === 'under_review' ? r.at : r.at,
        },
      ]
    })
    if (sessions.length) await tx.insert(reviewSessions).values(sessions)
  })
  return plans.length
}

const disputeComments = [
  'I did verify the caller before discussing the account, please listen again from the start.',
  'The customer interrupted my closing; I did ask if there was anything else.',
  'The caller never asked for a refund, so that question should not count.',
  'I explained the next steps twice, around the middle of the call.',
]

type SeedReview = {
  status: 'under_review' | 'reviewed' | 'acknowledged' | 'disputed'
  score: CallScore
  at: Date
  minutes: number
  byAuditor: boolean
}

/** Older calls are more often reviewed; the auditor's values are the conversation's reference answers. */
function reviewOf(
  plan: Planned,
  template: TemplateCategory[],
  ai: CallScore,
  rand: () => number,
  now: Date,
  i: number,
): SeedReview | null {
  const age = (now.getTime() - plan.callTime.getTime()) / DAY
  const chance = age < 3 ? 0.1 : age < 20 ? 0.35 : 0.55
  if (rand() >= chance && i % 7 !== 3) return null
  const reference = plan.conversation.reference as Record<string, Answer>
  const score = scoreValues(
    template,
    (q) => reference[q.text] ?? ai.categories.flatMap((c) => c.questions).find((a) => a.question_id === q.id)?.value,
  )
  const at = new Date(Math.min(now.getTime() - 3600_000, plan.callTime.getTime() + (1 + rand() * 3) * DAY))
  const roll = rand()
  const status =
    age < 5 && roll < 0.3 ? 'under_review' : roll < 0.5 ? 'reviewed' : roll < 0.9 ? 'acknowledged' : 'disputed'
  return { status, score, at, minutes: 3 + Math.round(rand() * 11), byAuditor: rand() < 0.7 }
}
