import { eq } from 'drizzle-orm'
import type { AnswerValue, EvaluationStatus } from '#contract/evaluations'
import type { TemplateInput } from '#contract/templates'
import {
  callEvaluations,
  evaluationCategoryScores,
  evaluationQuestionScores,
  departments,
  locations,
  recordings,
  reviewSessions,
  staffProfiles,
  users,
} from '../../db/schema'
import { seedEvaluationBasics } from '../evaluations/fixtures'
import { setupEvaluationWorld } from '../evaluations/test-setup'
import { createTemplate, getTemplateVersion, latestVersionId, updateTemplate } from '../templates/store'
import { createUser } from '../../test-utils'

/*
 * A small, hand-made data set whose dashboard figures are worked out by hand in
 * api/modules/dashboards/routes.test.ts. Scores are written directly (not scored from transcripts) so every
 * number is known:
 *
 *   template "Dash QA" (v1, then v2 "Dash QA 2026") and "Dash collections", each with
 *     Opening (Q1 greet: expected yes, Q2 interrupt: expected no) and
 *     Verification (auto-fail; Q3 verify: expected yes);
 *   a call scores the mean of its scored categories, 0 when Verification fails.
 *
 *   id  agent  campaign template   call day    AI answers   auditor      effective  status
 *   E1  A1     A        QA v1      2026-01-05  y n y  100   -            100        ai_evaluated
 *   E2  A1     A        QA v1      2026-01-06  y y y   75   y n y  100   100        reviewed (auditor)
 *   E3  A1     B        collect.   2026-01-12  y n n    0AF -              0 AF     disputed
 *   E4  A2     A        QA v1      2026-01-13  n y y   50   n n y   75    75        acknowledged (auditor2)
 *   E5  A2     A        collect.   2026-01-20  y n -  100   -            100        ai_evaluated
 *   E6  A3     A        QA v2      2026-01-21  n y n    0AF n y (kept) 0AF  0 AF     reviewed (auditor)
 *   E7  A3     A        QA v2      2026-01-22  not scored yet                        ai_evaluated
 *
 *   Agents: A1 = agent (department D1, location L1), A2 = agent2 (D1, L2), A3 = a third agent (D2, L2).
 *   The supervisor is on E1, E2, E4, E6 and E7. Service A belongs to campaign A, B to B.
 *   Customer (agent) sentiment: E1 0.5 (0.25), E2 0.25 (0.5), E3 -0.5 (0), E4 0 (0.25),
 *   E5 -0.25 (0), E6 -0.75 (-0.25), E7 none.
 *   Review sessions: auditor 10 min on E2 and 20 min on E6 (never ended, last seen at 20 min);
 *   auditor2 4 + 2 min on E4; the supervisor 3 min on E1 without saving a review.
 */

type Answers = [AnswerValue, AnswerValue, AnswerValue]

const question = (text: string, expected: 'yes' | 'no') => ({
  question_text: text,
  weight: 1,
  expected_answer: expected,
  evidence_phrases: ['whatever'],
  speaker: 'agent' as const,
  within_first_s: null,
  within_last_s: null,
  within_first_messages: null,
  within_last_messages: null,
  applies_when_phrases: [],
  applies_when_speaker: 'customer' as const,
})

export const Q1 = 'Did the agent greet the caller?'
export const Q2 = 'Did the agent interrupt the caller?'
export const Q3 = 'Did the agent verify the caller?'

const dashTemplate = (name: string): TemplateInput => ({
  name,
  description: '',
  categories: [
    { name: 'Opening', weight: 1, auto_failed: false, questions: [question(Q1, 'yes'), question(Q2, 'no')] },
    { name: 'Verification', weight: 1, auto_failed: true, questions: [question(Q3, 'yes')] },
  ],
})

/** Category and call scores of three answers, by the rules above. */
export function scoresOf([q1, q2, q3]: Answers) {
  const opening = [q1 === 'n/a' ? null : q1 === 'yes', q2 === 'n/a' ? null : q2 === 'no'].filter(
    (p): p is boolean => p !== null,
  )
  const openingScore = opening.length ? (100 * opening.filter(Boolean).length) / opening.length : null
  const verificationScore = q3 === 'n/a' ? null : q3 === 'yes' ? 100 : 0
  const verificationFailed = q3 === 'no'
  const scored = [openingScore, verificationScore].filter((s): s is number => s !== null)
  const score = verificationFailed ? 0 : scored.length ? scored.reduce((a, b) => a + b) / scored.length : null
  return {
    categories: [
      { score: openingScore, failed: false },
      { score: verificationScore, failed: verificationFailed },
    ],
    score,
    autoFail: verificationFailed,
  }
}

type Spec = {
  agentId: number
  campaignId: number
  serviceId: number
  supervisorId: number | null
  versionId: number
  day: string
  purpose: string
  customerName: string
  status: EvaluationStatus
  ai: Answers | null
  auditor?: { by: number; answers: (AnswerValue | null)[] }
  sentiment: [number, number] | null
}

export async function setupDashboardWorld() {
  const world = await setupEvaluationWorld()
  const { t, as } = world
  const db = t.db
  const a = world.basics
  const b = await seedEvaluationBasics(db, as.supervisor.id)

  const agent3 = await createUser(t, { role: 'agent' })
  await db.update(users).set({ firstName: 'Agent3', lastName: 'Person' }).where(eq(users.id, agent3.id))
  const [d1, d2] = await db
    .insert(departments)
    .values([{ name: 'Dash inbound' }, { name: 'Dash collections' }])
    .returning()
  const [l1, l2] = await db
    .insert(locations)
    .values([{ name: 'Dash Leeds' }, { name: 'Dash Cardiff' }])
    .returning()
  const profile = (userId: number, departmentId: number, locationId: number, code: string) => ({
    userId,
    departmentId,
    locationId,
    employeeCode: code,
    supervisorId: as.supervisor.id,
  })
  await db
    .insert(staffProfiles)
    .values([
      profile(as.agent.id, d1.id, l1.id, 'DASH-1'),
      profile(as.agent2.id, d1.id, l2.id, 'DASH-2'),
      profile(agent3.id, d2.id, l2.id, 'DASH-3'),
    ])

  const qa = await createTemplate(db, dashTemplate('Dash QA'), as.supervisor.id)
  const qaV1 = (await latestVersionId(db, qa.template_internal_id))!
  await updateTemplate(db, qa.template_internal_id, dashTemplate('Dash QA 2026'), as.supervisor.id)
  const qaV2 = (await latestVersionId(db, qa.template_internal_id))!
  const collections = await createTemplate(db, dashTemplate('Dash collections'), as.supervisor.id)
  const collectionsV1 = (await latestVersionId(db, collections.template_internal_id))!

  async function insert(spec: Spec) {
    const version = (await getTemplateVersion(db, spec.versionId))!
    const [opening, verification] = version.categories
    const questions = [
      { category: 0, id: opening.questions[0].internal_id },
      { category: 0, id: opening.questions[1].internal_id },
      { category: 1, id: verification.questions[0].internal_id },
    ]
    const ai = spec.ai ? scoresOf(spec.ai) : null
    const effective = spec.auditor ? scoresOf(spec.auditor.answers.map((v, i) => v ?? spec.ai![i]) as Answers) : null
    const callTime = new Date(`${spec.day}T10:00:00Z`)
    const [recording] = await db
      .insert(recordings)
      .values({
        status: 'completed',
        durationS: 60,
        segments: [],
        customerSentiment: spec.sentiment?.[0] ?? null,
        agentSentiment: spec.sentiment?.[1] ?? null,
        createdAt: callTime,
      })
      .returning({ id: recordings.id })
    const [evaluation] = await db
      .insert(callEvaluations)
      .values({
        recordingId: recording.id,
        agentId: spec.agentId,
        supervisorId: spec.supervisorId,
        campaignId: spec.campaignId,
        serviceId: spec.serviceId,
        templateId: spec.versionId,
        callTime,
        customerName: spec.customerName,
        purpose: spec.purpose,
        status: spec.status,
        scoringStatus: ai ? 'completed' : 'pending',
        engine: ai ? 'local' : null,
        aiScore: ai?.score ?? null,
        aiAutoFail: ai?.autoFail ?? false,
        auditorScore: effective ? effective.score : null,
        auditorAutoFail: effective ? effective.autoFail : null,
        reviewedBy: spec.auditor?.by ?? null,
        reviewedAt: spec.auditor ? new Date(callTime.getTime() + 86_400_000) : null,
        createdAt: callTime,
      })
      .returning({ id: callEvaluations.id })
    if (!ai) return evaluation.id
    const categoryRows = await db
      .insert(evaluationCategoryScores)
      .values(
        [opening, verification].map((c, i) => ({
          evaluationId: evaluation.id,
          categoryId: c.internal_id,
          aiScore: ai.categories[i].score,
          aiFailed: ai.categories[i].failed,
          auditorScore: effective ? effective.categories[i].score : null,
          auditorFailed: effective ? effective.categories[i].failed : null,
        })),
      )
      .returning({ id: evaluationCategoryScores.id })
    await db.insert(evaluationQuestionScores).values(
      questions.map((q, i) => ({
        evaluationId: evaluation.id,
        categoryScoreId: categoryRows[q.category].id,
        questionId: q.id,
        aiValue: spec.ai![i],
        auditorValue: spec.auditor?.answers[i] ?? null,
      })),
    )
    return evaluation.id
  }

  const common = { supervisorId: as.supervisor.id, campaignId: a.campaign.id, serviceId: a.service.id }
  const inB = { supervisorId: null, campaignId: b.campaign.id, serviceId: b.service.id }
  const e = {
    E1: await insert({
      ...common,
      agentId: as.agent.id,
      versionId: qaV1,
      day: '2026-01-05',
      purpose: 'Card declined',
      customerName: 'Ada "The Countess" Lovelace, Esq.',
      status: 'ai_evaluated',
      ai: ['yes', 'no', 'yes'],
      sentiment: [0.5, 0.25],
    }),
    E2: await insert({
      ...common,
      agentId: as.agent.id,
      versionId: qaV1,
      day: '2026-01-06',
      purpose: 'Card declined',
      customerName: '+44 7700 900123',
      status: 'reviewed',
      ai: ['yes', 'yes', 'yes'],
      auditor: { by: as.auditor.id, answers: ['yes', 'no', 'yes'] },
      sentiment: [0.25, 0.5],
    }),
    E3: await insert({
      ...inB,
      agentId: as.agent.id,
      versionId: collectionsV1,
      day: '2026-01-12',
      purpose: 'Refund',
      customerName: '=SUM(A1:A2)',
      status: 'disputed',
      ai: ['yes', 'no', 'no'],
      sentiment: [-0.5, 0],
    }),
    E4: await insert({
      ...common,
      agentId: as.agent2.id,
      versionId: qaV1,
      day: '2026-01-13',
      purpose: 'Refund',
      customerName: '@cmd',
      status: 'acknowledged',
      ai: ['no', 'yes', 'yes'],
      auditor: { by: as.auditor2.id, answers: ['no', 'no', 'yes'] },
      sentiment: [0, 0.25],
    }),
    E5: await insert({
      ...common,
      supervisorId: null,
      agentId: as.agent2.id,
      versionId: collectionsV1,
      day: '2026-01-20',
      purpose: 'Refund',
      customerName: 'Line one\nline two',
      status: 'ai_evaluated',
      ai: ['yes', 'no', 'n/a'],
      sentiment: [-0.25, 0],
    }),
    E6: await insert({
      ...common,
      agentId: agent3.id,
      versionId: qaV2,
      day: '2026-01-21',
      purpose: 'Address change',
      customerName: '-2+3',
      status: 'reviewed',
      ai: ['no', 'yes', 'no'],
      // the auditor left Q3 alone: the AI's answer stands
      auditor: { by: as.auditor.id, answers: ['no', 'yes', null] },
      sentiment: [-0.75, -0.25],
    }),
    E7: await insert({
      ...common,
      agentId: agent3.id,
      versionId: qaV2,
      day: '2026-01-22',
      purpose: 'Address change',
      customerName: 'Plain Name',
      status: 'ai_evaluated',
      ai: null,
      sentiment: null,
    }),
  }

  const minutes = (m: number) => m * 60_000
  const session = (evaluationId: number, userId: number, day: string, from: number, to: number, ended = true) => {
    const start = new Date(`${day}T12:00:00Z`).getTime()
    return {
      evaluationId,
      userId,
      startedAt: new Date(start + minutes(from)),
      lastSeenAt: new Date(start + minutes(to)),
      endedAt: ended ? new Date(start + minutes(to)) : null,
    }
  }
  await db
    .insert(reviewSessions)
    .values([
      session(e.E2, as.auditor.id, '2026-01-07', 0, 10),
      session(e.E6, as.auditor.id, '2026-01-22', 0, 20, false),
      session(e.E4, as.auditor2.id, '2026-01-14', 0, 4),
      session(e.E4, as.auditor2.id, '2026-01-14', 30, 32),
      session(e.E1, as.supervisor.id, '2026-01-06', 0, 3),
    ])

  return {
    ...world,
    e,
    agents: { A1: as.agent.id, A2: as.agent2.id, A3: agent3.id },
    campaigns: { A: a.campaign.id, B: b.campaign.id },
    services: { A: a.service.id, B: b.service.id },
    departments: { D1: d1.id, D2: d2.id },
    locations: { L1: l1.id, L2: l2.id },
    templates: { qa: qa.template_internal_id, collections: collections.template_internal_id },
  }
}

export type DashboardWorld = Awaited<ReturnType<typeof setupDashboardWorld>>
