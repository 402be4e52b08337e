import { asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Channel, EvidenceCheck, RejectReason } from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import { scoringItems, templateCategories, templateQuestions } from '../../db/schema'
import type { TestApp } from '../../test-utils'
import { seedEvaluationBasics } from '../evaluations/fixtures'
import { setupEvaluationWorld, type Person, type Who } from '../evaluations/test-setup'
import { latestVersionId } from '../templates/store'
import { createItem, markScored, markUnscored, setJobStatus } from './store/items'

/*
 * A queue of scored interactions for the list, KPI, calibration and export tests, on its own two
 * campaigns and templates (A and B) so it stands apart from whatever else a test file creates.
 *
 *   pending      P1 chat (not yet queued)      P2 e-mail, failed        P3 agent2, not scorable   P4 queued
 *   ai_reviewed  R1 all verified, high         R2 one criterion at 0.4  R3 agent2, B, one quote repaired
 *   decided      D1 accepted    D2–D4 rejected, with the corrections below (template A's three questions)
 *
 *   AI answers (→ correction, reason)   Q1 thank                Q2 name                        Q3 verify
 *   D1 accepted                         yes                     yes                            yes
 *   D2                                  yes → no wrong_verdict  no                             yes
 *   D3                                  no                      no                             yes → no criterion_unclear
 *   D4                                  yes                     n/a → n/a evidence_not_in…     yes → no criterion_unclear
 *
 * Items are created on fixed January days (P1 the 5th … D4 the 23rd) and decided now.
 */

type Answer = 'yes' | 'no' | 'n/a'
/** One criterion's result; `quote: false` for an answer that rests on nothing said (no quote to check). */
type Criterion = { value: Answer; confidence?: number; check?: EvidenceCheck; quote?: false }

export type ScoringQueue = Awaited<ReturnType<typeof seedScoringQueue>>

export type ScoringWorld = Awaited<ReturnType<typeof setupScoringWorld>>

/** An app with one user per role (api/modules/evaluations/test-setup.ts) and the queue above. */
export async function setupScoringWorld() {
  const { t, as } = await setupEvaluationWorld()
  return { t, as, q: await seedScoringQueue(t, as) }
}

export async function seedScoringQueue(t: TestApp, as: Record<Who, Person>) {
  const basicsA = await seedEvaluationBasics(t.db, as.supervisor.id)
  const basicsB = await seedEvaluationBasics(t.db, as.supervisor.id)
  const versionA = (await latestVersionId(t.db, basicsA.template.template_internal_id))!
  const versionB = (await latestVersionId(t.db, basicsB.template.template_internal_id))!
  const questionsOf = async (versionId: number) =>
    (
      await t.db
        .select({ id: templateQuestions.id, text: templateQuestions.questionText })
        .from(templateQuestions)
        .innerJoin(templateCategories, eq(templateCategories.id, templateQuestions.categoryId))
        .where(eq(templateCategories.templateId, versionId))
        .orderBy(asc(templateCategories.position), asc(templateQuestions.position))
    ).map((q) => q.id)
  const qA = await questionsOf(versionA)
  const qB = await questionsOf(versionB)

  async function item(
    day: number,
    options: { title?: string; channel?: Channel; agent?: Person; b?: boolean } = {},
  ): Promise<number> {
    const { id } = await createItem(t.db, {
      channel: options.channel ?? 'chat',
      title: options.title ?? `Chat of January ${day}`,
      agentId: (options.agent ?? as.agent).id,
      campaignId: (options.b ? basicsB : basicsA).campaign.id,
      templateId: options.b ? versionB : versionA,
      turns: [
        { speaker: 'agent', text: 'Thank you for contacting Acme Bank, my name is Priya.' },
        { speaker: 'customer', text: 'My card was declined.' },
      ],
      createdBy: as.supervisor.id,
    })
    const createdAt = new Date(Date.UTC(2026, 0, day, 10))
    await t.db.update(scoringItems).set({ createdAt }).where(eq(scoringItems.id, id))
    return id
  }

  async function score(id: number, criteria: Criterion[], score: number | null, b = false) {
    const questions = b ? qB : qA
    await markScored(t.db, id, {
      engine: 'local',
      model: null,
      score,
      autoFail: false,
      results: criteria.map((c, i) => ({
        questionId: questions[i]!,
        value: c.value,
        rationale: 'From the first message.',
        evidence:
          c.quote === false ? [] : [{ quote: 'my name is Priya', speaker: 'agent' as const, turn: 0, start_s: null }],
        check: c.check ?? 'verified',
        confidence: c.confidence ?? 0.9,
      })),
    })
    return id
  }

  async function decide(id: number, decision: 'accept' | 'reject', corrections: [number, Answer, RejectReason][] = []) {
    const res = await t.app.inject({
      method: 'PUT',
      url: endpoints.decideScoringItem.path,
      headers: as.supervisor.auth,
      payload: {
        item_id: id,
        decision,
        corrections: corrections.map(([q, value, reason_code]) => ({ question_id: qA[q]!, value, reason_code })),
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    return id
  }

  const yes: Criterion = { value: 'yes' }
  const P1 = await item(5)
  const P2 = await item(6, { channel: 'email', title: 'E-mail of January 6' })
  await markUnscored(t.db, P2, { failed: 'The LLM did not answer' })
  const P3 = await item(7, { agent: as.agent2 })
  await markUnscored(t.db, P3, { notScorable: 'too_few_words' })
  const P4 = await item(8)
  await setJobStatus(t.db, P4, 'in_queue')
  // R1's n/a rests on nothing said: no quote, so nothing for the check to verify or fail
  const noQuote: Criterion = { value: 'n/a', quote: false, check: 'unverified', confidence: 0.7 }
  const R1 = await score(await item(10), [noQuote, yes, { value: 'yes', confidence: 0.95 }], 100)
  const R2 = await score(
    await item(11, { title: '=HYPERLINK("http://x"), "quoted"' }),
    [yes, { value: 'no', confidence: 0.4 }, yes],
    50,
  )
  const R3 = await score(
    await item(12, { agent: as.agent2, b: true }),
    [yes, yes, { value: 'yes', check: 'repaired' }],
    null,
    true,
  )
  const D1 = await decide(await score(await item(20), [yes, yes, yes], 100), 'accept')
  const D2 = await decide(await score(await item(21), [yes, { value: 'no' }, yes], 100), 'reject', [
    [0, 'no', 'wrong_verdict'],
  ])
  const D3 = await decide(await score(await item(22), [{ value: 'no' }, { value: 'no' }, yes], 50), 'reject', [
    [2, 'no', 'criterion_unclear'],
  ])
  const D4 = await decide(await score(await item(23), [yes, { value: 'n/a' }, yes], 100), 'reject', [
    [1, 'n/a', 'evidence_not_in_conversation'],
    [2, 'no', 'criterion_unclear'],
  ])
  return {
    A: { campaignId: basicsA.campaign.id, internalId: basicsA.template.template_internal_id },
    B: { campaignId: basicsB.campaign.id, internalId: basicsB.template.template_internal_id },
    items: { P1, P2, P3, P4, R1, R2, R3, D1, D2, D3, D4 },
  }
}
