import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '#contract/accounts'
import type { EvaluationStatus, TranscriptSegment } from '#contract/evaluations'
import type { TemplateInput } from '#contract/templates'
import { paths } from '#contract/paths'
import { callEvaluations, campaigns, services, users } from '#api/db/schema'
import { goodCall, makeEvaluation, unverifiedCall } from '#api/modules/evaluations/fixtures'
import { setupEvaluationWorld, type Person, type Who } from '#api/modules/evaluations/test-setup'
import { createTemplate, latestVersionId } from '#api/modules/templates/store'
import { createUser, type TestApp } from '#api/test-utils'
import { answerDataQuestion, DATA_QUESTION_EXAMPLES, looksLikeDataQuestion, type DataAnswer } from './data-questions'

/*
 * The calls below, asked about on Saturday 28 Nov 2026 at 15:00 UTC (this week: 23–28 Nov). Scores
 * come from the local engine on the transcripts: a good call, one without the identity check (an
 * auto-fail, 0) and one where the agent gave no name (Opening loses points).
 *
 *   call  agent  call time (UTC)     campaign / service         transcript  supervisor  status
 *   c1    James  28 Nov 10:00        Retail / Card services     good        Claire      ai_evaluated
 *   c2    James  27 Nov 10:00        Retail / Card services     unverified  Claire      disputed
 *   c3    James  24 Nov 10:00        Energy / Payment plans     no name     -           acknowledged
 *   c4    Priya  25 Nov 10:00        Retail / Card services     unverified  Claire      disputed
 *   c5    Priya  23 Nov 00:00        Retail / Current accounts  good        Claire      reviewed
 *   c6    Priya  22 Nov 23:59        Retail / Card services     unverified  -           under_review
 *   c7    James  16 Nov 10:00        Retail / Card services     good        Claire      ai_evaluated
 *   c8    James   2 Nov 10:00        Retail / Card services     unverified  Claire      disputed
 *   c9    Priya  15 Oct 10:00        Retail / Card services     no name     Claire      reviewed
 *   c10   James  31 Oct 10:00        Energy / Payment plans     unverified  -           ai_evaluated
 *   c11   James   1 Sep 10:00        Retail / Card services     good        Claire      acknowledged
 */

const NOW = new Date('2026-11-28T15:00:00Z')
const VERIFY = "Did the agent verify the caller's identity?"
const NAME = 'Did the agent give their name?'

const question = (text: string, phrase: string) => ({
  question_text: text,
  weight: 1,
  expected_answer: 'yes' as const,
  evidence_phrases: [phrase],
  speaker: 'agent' as const,
  within_first_s: null,
  within_last_s: null,
  within_first_messages: null,
  within_last_messages: null,
  applies_when_phrases: [],
  applies_when_speaker: 'customer' as const,
})
const inboundQa: TemplateInput = {
  name: 'Inbound QA',
  description: '',
  categories: [
    {
      name: 'Opening',
      weight: 1,
      auto_failed: false,
      questions: [
        question('Did the agent thank the caller for calling?', 'thank you for calling'),
        question(NAME, 'my name is'),
      ],
    },
    {
      name: 'Identity verification',
      weight: 2,
      auto_failed: true,
      questions: [question(VERIFY, 'verify your date of birth')],
    },
  ],
}
const noNameCall: TranscriptSegment[] = goodCall.map((s, i) =>
  i === 0 ? { ...s, text: 'Thank you for calling Acme Bank, how can I help?' } : s,
)

const roleOf: Record<Who, Role> = {
  admin: 'admin',
  supervisor: 'qa_supervisor',
  auditor: 'auditor',
  auditor2: 'auditor',
  agent: 'agent',
  agent2: 'agent',
  visitor: 'visitor',
}

let t: TestApp
let as: Record<Who, Person>
let ids: { retail: number; energy: number; card: number; current: number; payment: number }
const scores: Record<string, number> = {}

beforeAll(async () => {
  const world = await setupEvaluationWorld()
  ;({ t, as } = world)
  const db = t.db
  const rename = (id: number, firstName: string, lastName: string) =>
    db.update(users).set({ firstName, lastName }).where(eq(users.id, id))
  await rename(as.agent.id, 'James', 'Carter')
  await rename(as.agent2.id, 'Priya', 'Shah')
  await rename(as.supervisor.id, 'Claire', 'Fontaine')
  const ann = await createUser(t, { role: 'agent' })
  await rename(ann.id, 'Ann', 'Carter')

  const retail = world.basics.campaign
  await db.update(campaigns).set({ name: 'Retail banking inbound' }).where(eq(campaigns.id, retail.id))
  const [current] = await db.insert(services).values({ campaignId: retail.id, name: 'Current accounts' }).returning()
  const [energy] = await db
    .insert(campaigns)
    .values({ code: 'T-ENERGY', name: 'Energy collections', client: 'Northwind Energy' })
    .returning()
  const [payment] = await db.insert(services).values({ campaignId: energy.id, name: 'Payment plans' }).returning()
  ids = {
    retail: retail.id,
    energy: energy.id,
    card: world.basics.service.id,
    current: current.id,
    payment: payment.id,
  }

  const template = await createTemplate(db, inboundQa, as.supervisor.id)
  const versionId = (await latestVersionId(db, template.template_internal_id))!
  const transcripts = { good: goodCall, unverified: unverifiedCall, noName: noNameCall }
  const call = async (
    key: string,
    agent: 'agent' | 'agent2',
    time: string,
    place: 'card' | 'current' | 'payment',
    transcript: keyof typeof transcripts,
    claire: boolean,
    status: EvaluationStatus,
  ) => {
    const evaluation = await makeEvaluation(db, world.basics, {
      agentId: as[agent].id,
      templateVersionId: versionId,
      campaignId: place === 'payment' ? energy.id : retail.id,
      serviceId: ids[place],
      supervisorId: claire ? as.supervisor.id : null,
      callTime: new Date(time),
      segments: transcripts[transcript],
    })
    await db.update(callEvaluations).set({ status }).where(eq(callEvaluations.id, evaluation.id))
    scores[key] = evaluation.aiScore!
  }
  await call('c1', 'agent', '2026-11-28T10:00:00Z', 'card', 'good', true, 'ai_evaluated')
  await call('c2', 'agent', '2026-11-27T10:00:00Z', 'card', 'unverified', true, 'disputed')
  await call('c3', 'agent', '2026-11-24T10:00:00Z', 'payment', 'noName', false, 'acknowledged')
  await call('c4', 'agent2', '2026-11-25T10:00:00Z', 'card', 'unverified', true, 'disputed')
  await call('c5', 'agent2', '2026-11-23T00:00:00Z', 'current', 'good', true, 'reviewed')
  await call('c6', 'agent2', '2026-11-22T23:59:00Z', 'card', 'unverified', false, 'under_review')
  await call('c7', 'agent', '2026-11-16T10:00:00Z', 'card', 'good', true, 'ai_evaluated')
  await call('c8', 'agent', '2026-11-02T10:00:00Z', 'card', 'unverified', true, 'disputed')
  await call('c9', 'agent2', '2026-10-15T10:00:00Z', 'card', 'noName', true, 'reviewed')
  await call('c10', 'agent', '2026-10-31T10:00:00Z', 'payment', 'unverified', false, 'ai_evaluated')
  await call('c11', 'agent', '2026-09-01T10:00:00Z', 'card', 'good', true, 'acknowledged')
})
afterAll(() => t.close())

const ask = (message: string, who: Who = 'supervisor') =>
  answerDataQuestion(t.db, { id: as[who].id, role: roleOf[who] }, message, NOW)

async function answered(message: string, who: Who = 'supervisor'): Promise<DataAnswer> {
  const answer = await ask(message, who)
  expect(answer, message).not.toBeNull()
  return answer!
}

/** The link's page and its query, as the page reads it. */
function linkOf(answer: DataAnswer) {
  const url = new URL(answer.link, 'http://portal.test')
  return { page: url.pathname, params: Object.fromEntries(url.searchParams), search: url.search }
}

/** What the API answers the same user for the link's filters: the figures behind the linked page. */
async function api(path: string, answer: DataAnswer, who: Who, extra = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${path}${linkOf(answer).search}${extra}`,
    headers: as[who].auth,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}
const listCount = async (answer: DataAnswer, who: Who) =>
  (await api(paths.evaluationList, answer, who, '&page=1')).count as number

const LIST = '/demo-portal/solutions/call-evaluation/evaluation-list'
const DASHBOARD = '/demo-portal/solutions/call-evaluation/evaluation-dashboard'
const PERFORMANCE = '/demo-portal/solutions/call-evaluation/agent-performance-dashboard'
const mean = (...keys: string[]) => Math.round((10 * keys.reduce((sum, k) => sum + scores[k], 0)) / keys.length) / 10

describe('recognising a data question', () => {
  it.each([
    'How do I reset my card PIN?',
    'how many days does a refund take?',
    'hello',
    "what's my credit score?",
    'I lost my card',
    'The customer says how many calls will it take to sort this out',
    'Customer: how many calls were disputed this week?\nAgent: let me check',
  ])('returns null for “%s”', async (message) => {
    expect(looksLikeDataQuestion(message)).toBe(false)
    expect(await ask(message)).toBeNull()
  })

  it('answers every example it shows', async () => {
    expect(DATA_QUESTION_EXAMPLES.length).toBeGreaterThan(3)
    for (const example of DATA_QUESTION_EXAMPLES) {
      expect(looksLikeDataQuestion(example), example).toBe(true)
      await answered(example, 'admin')
    }
  })
})

describe('periods', () => {
  it.each([
    ['today', 1, 'today (28 Nov 2026)', '2026-11-28', '2026-11-28'],
    ['yesterday', 1, 'yesterday (27 Nov 2026)', '2026-11-27', '2026-11-27'],
    ['this week', 5, 'this week (23–28 Nov 2026)', '2026-11-23', '2026-11-28'],
    ['last week', 2, 'last week (16–22 Nov 2026)', '2026-11-16', '2026-11-22'],
    ['this month', 8, 'this month (1–28 Nov 2026)', '2026-11-01', '2026-11-28'],
    ['last month', 2, 'last month (1–31 Oct 2026)', '2026-10-01', '2026-10-31'],
    ['in the last 7 days', 6, 'in the last 7 days (22–28 Nov 2026)', '2026-11-22', '2026-11-28'],
    ['over the past 30 days', 9, 'in the last 30 days (30 Oct – 28 Nov 2026)', '2026-10-30', '2026-11-28'],
    ['in the last 90 days', 11, 'in the last 90 days (31 Aug – 28 Nov 2026)', '2026-08-31', '2026-11-28'],
    ['', 8, 'this month (1–28 Nov 2026)', '2026-11-01', '2026-11-28'],
  ])('“%s”: %i call(s)', async (period, n, label, from, to) => {
    const answer = await answered(`How many calls did we evaluate ${period}?`)
    expect(answer.intent).toBe('count_calls')
    expect(answer.figure).toBe(n === 1 ? '1 call' : `${n} calls`)
    expect(answer.answer).toBe(`There ${n === 1 ? 'was' : 'were'} ${answer.figure} ${label}.`)
    expect(linkOf(answer)).toMatchObject({ page: LIST, params: { date_from: from, date_to: to } })
    expect(await listCount(answer, 'supervisor')).toBe(n)
  })
})

describe('count of calls', () => {
  it('counts calls by status and links to the list with that status', async () => {
    const answer = await answered('how many calls were disputed this week?')
    expect(answer).toMatchObject({ intent: 'count_calls', figure: '2 calls' })
    expect(answer.answer).toBe('2 calls were disputed this week (23–28 Nov 2026).')
    expect(answer.link).toBe(`${LIST}?date_from=2026-11-23&date_to=2026-11-28&status=disputed`)
    expect(await listCount(answer, 'supervisor')).toBe(2)
  })

  it.each([
    ['How many calls are under review last week?', 'under_review', 1],
    ['How many acknowledged calls this week?', 'acknowledged', 1],
    ['How many calls were reviewed this week?', 'reviewed', 1],
    ['How many AI evaluated calls this month?', 'ai_evaluated', 2],
    ['How many disputes this month?', 'disputed', 3],
  ])('%s', async (message, status, n) => {
    const answer = await answered(message)
    expect(answer.figure).toBe(n === 1 ? '1 call' : `${n} calls`)
    expect(linkOf(answer).params.status).toBe(status)
    expect(await listCount(answer, 'supervisor')).toBe(n)
  })

  it('counts the calls that failed the question the words name (identity verification)', async () => {
    const answer = await answered('How many calls failed identity verification this week?')
    expect(answer.figure).toBe('2 calls')
    expect(answer.answer).toBe(`2 calls failed “${VERIFY}” this week (23–28 Nov 2026).`)
    expect(linkOf(answer)).toEqual({
      page: LIST,
      params: { date_from: '2026-11-23', date_to: '2026-11-28', failed_question: VERIFY },
      search: expect.any(String),
    })
    expect(await listCount(answer, 'supervisor')).toBe(2)
    const month = await answered('how many calls failed the identity check this month')
    expect(month.figure).toBe('4 calls')
    expect(linkOf(month).params.failed_question).toBe(VERIFY)
  })

  it('counts a category that lost points when no question has the words, and auto-fails', async () => {
    const opening = await answered('How many calls failed the opening this month?')
    expect(opening.figure).toBe('1 call')
    expect(opening.answer).toBe('1 call lost points in Opening this month (1–28 Nov 2026).')
    expect(linkOf(opening).params.failed_category).toBe('Opening')
    expect(await listCount(opening, 'supervisor')).toBe(1)

    const auto = await answered('how many calls were auto-failed this month?')
    expect(auto.figure).toBe('4 calls')
    expect(linkOf(auto).params.auto_fail).toBe('true')
    expect(await listCount(auto, 'supervisor')).toBe(4)
  })

  it('says so when no question matches the words', async () => {
    const answer = await answered('how many calls failed the xylophone check this week')
    expect(answer).toMatchObject({ intent: 'count_calls', figure: '' })
    expect(answer.answer).toBe("I couldn't find a question about “xylophone” in the scoring templates.")
  })

  it('counts by service (the “category”) and by campaign', async () => {
    const card = await answered('how many calls in the Card services category yesterday?')
    expect(card.figure).toBe('1 call')
    expect(card.answer).toBe('There was 1 call in Card services yesterday (27 Nov 2026).')
    expect(card.link).toBe(`${LIST}?date_from=2026-11-27&date_to=2026-11-27&service_id=${ids.card}`)
    expect(await listCount(card, 'supervisor')).toBe(1)

    const retail = await answered('How many calls in campaign Retail banking inbound this week?')
    expect(retail.figure).toBe('4 calls')
    expect(linkOf(retail).params).toEqual({
      date_from: '2026-11-23',
      date_to: '2026-11-28',
      campaign_id: String(ids.retail),
    })
    expect(await listCount(retail, 'supervisor')).toBe(4)

    const both = await answered('How many calls in Card services were disputed this month?')
    expect(both.figure).toBe('3 calls')
    expect(both.answer).toBe('3 calls in Card services were disputed this month (1–28 Nov 2026).')
    expect(await listCount(both, 'supervisor')).toBe(3)

    const energy = await answered('number of calls in Payment plans last month')
    expect(energy.figure).toBe('1 call')
    expect(await listCount(energy, 'supervisor')).toBe(1)
  })

  it("counts an agent's and a team's calls", async () => {
    const james = await answered('How many calls did James Carter have this week?')
    expect(james.answer).toBe('James Carter had 3 calls this week (23–28 Nov 2026).')
    expect(linkOf(james).params.agent_id).toBe(String(as.agent.id))
    expect(await listCount(james, 'supervisor')).toBe(3)

    const team = await answered("How many of Claire Fontaine's team calls were disputed this month?", 'admin')
    expect(team.answer).toBe("3 of Claire Fontaine's team's calls were disputed this month (1–28 Nov 2026).")
    expect(linkOf(team).params.supervisor_id).toBe(String(as.supervisor.id))
    expect(await listCount(team, 'admin')).toBe(3)
    // Claire naming herself is asking about her own team
    const herself = await answered("How many of Claire Fontaine's team calls were disputed this month?")
    expect(herself.answer).toBe("3 of your team's calls were disputed this month (1–28 Nov 2026).")
  })

  it('gives an agent their own calls only; everyone else sees every call', async () => {
    const question = 'how many calls were disputed this week?'
    const james = await answered(question, 'agent')
    expect(james.figure).toBe('1 call')
    expect(james.answer).toBe('1 of your calls was disputed this week (23–28 Nov 2026).')
    expect(linkOf(james).params.agent_id).toBe(String(as.agent.id))
    expect(await listCount(james, 'agent')).toBe(1)
    expect((await answered(question, 'agent2')).figure).toBe('1 call')
    for (const who of ['visitor', 'auditor', 'admin'] as const)
      expect((await answered(question, who)).figure).toBe('2 calls')

    const other = await answered('How many calls did Priya Shah have this week?', 'agent')
    expect(other).toMatchObject({ intent: 'count_calls', figure: '', answer: 'You can only see your own calls.' })
  })
})

describe('average score', () => {
  it("gives an agent's average by name, linking to their performance page", async () => {
    const answer = await answered("What is James Carter's average score this month?")
    const average = mean('c1', 'c2', 'c3', 'c7', 'c8')
    expect(answer).toMatchObject({ intent: 'average_score', figure: `${average} %` })
    expect(answer.answer).toBe(
      `James Carter's average score this month (1–28 Nov 2026) is ${average} % over 5 scored calls.`,
    )
    expect(answer.link).toBe(`${PERFORMANCE}?date_from=2026-11-01&date_to=2026-11-28&agent_id=${as.agent.id}`)
    expect((await api(paths.agentPerformance, answer, 'supervisor')).average_score).toBe(average)
  })

  it('finds the name whatever its case, with a typo or by the last name alone', async () => {
    const average = `${mean('c1', 'c2', 'c3', 'c7', 'c8')} %`
    for (const message of [
      "JAMES CARTER's average score this month",
      "what's jams carter's average score?",
      'average score for james carter this month',
    ]) {
      const answer = await answered(message, 'admin')
      expect(answer.figure, message).toBe(average)
    }
    expect((await answered("Shah's average score this week", 'admin')).figure).toBe(`${mean('c4', 'c5')} %`)
    const ambiguous = await answered("What is Carter's average score?", 'admin')
    expect(ambiguous.figure).toBe('')
    expect(ambiguous.answer).toContain('James Carter, Ann Carter')
    const unknown = await answered("What is Zed Unknown's average score?", 'admin')
    expect(unknown).toMatchObject({
      figure: '',
      answer: "I couldn't find an agent or QA supervisor called “Zed Unknown”.",
    })
  })

  it("gives a team's average (a QA supervisor's calls), by name or as “my team”", async () => {
    const average = mean('c1', 'c2', 'c4', 'c5')
    const byName = await answered("Claire Fontaine's team average score this week", 'admin')
    expect(byName.figure).toBe(`${average} %`)
    expect(byName.answer).toBe(
      `Claire Fontaine's team's average score this week (23–28 Nov 2026) is ${average} % over 4 scored calls.`,
    )
    expect(byName.link).toBe(`${DASHBOARD}?date_from=2026-11-23&date_to=2026-11-28&supervisor_id=${as.supervisor.id}`)
    expect((await api(paths.callEvaluationDashboard, byName, 'admin')).kpis.average_score).toBe(average)

    const mine = await answered("What is my team's average score this week?", 'supervisor')
    expect(mine.figure).toBe(`${average} %`)
    expect(mine.answer).toMatch(/^Your team's average score this week/)
    expect(mine.link).toBe(byName.link)
  })

  it('gives the average over everyone, or over a campaign', async () => {
    const all = await answered('What is the average score this month?', 'auditor')
    const average = mean('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8')
    expect(all.answer).toBe(`The average score this month (1–28 Nov 2026) is ${average} % over 8 scored calls.`)
    expect(all.link).toBe(`${DASHBOARD}?date_from=2026-11-01&date_to=2026-11-28`)
    expect((await api(paths.callEvaluationDashboard, all, 'auditor')).kpis.average_score).toBe(average)

    const energy = await answered('average score in Energy collections last month', 'auditor')
    expect(energy.figure).toBe(`${mean('c10')} %`)
    expect(linkOf(energy).params.campaign_id).toBe(String(ids.energy))

    const none = await answered('average score today in Payment plans', 'auditor')
    expect(none).toMatchObject({ figure: 'no scored calls' })
    expect(none.answer).toBe('There are no scored calls in Payment plans today (28 Nov 2026).')
  })

  it("gives an agent their own average and nobody else's", async () => {
    const own = await answered('my average score this month', 'agent')
    const average = mean('c1', 'c2', 'c3', 'c7', 'c8')
    expect(own.figure).toBe(`${average} %`)
    expect(own.answer).toBe(`Your average score this month (1–28 Nov 2026) is ${average} % over 5 scored calls.`)
    expect(own.link).toBe(`${PERFORMANCE}?date_from=2026-11-01&date_to=2026-11-28&agent_id=${as.agent.id}`)
    expect((await api(paths.agentPerformance, own, 'agent')).average_score).toBe(average)
    expect((await answered('average score last week', 'agent2')).figure).toBe(`${mean('c6')} %`)

    const priya = mean('c4', 'c5', 'c6')
    for (const message of [
      "What is Priya Shah's average score this month?",
      "Claire Fontaine's team average score this month",
      "What is my team's average score?",
    ]) {
      const answer = await answered(message, 'agent')
      expect(answer, message).toMatchObject({
        intent: 'average_score',
        figure: '',
        answer: 'You can only see your own scores.',
      })
      expect(answer.answer).not.toContain(String(priya))
      expect(linkOf(answer).params.agent_id).toBe(String(as.agent.id))
    }
  })

  it('tells someone without scores of their own to name an agent or a team', async () => {
    const answer = await answered('What is my average score?', 'admin')
    expect(answer).toMatchObject({ intent: 'average_score', figure: '' })
    expect(answer.answer).toMatch(/no scores of your own/)
  })
})

describe('top violations', () => {
  it('lists the most failed questions, as the dashboard ranks them', async () => {
    const answer = await answered('What are the top violations this month?')
    expect(answer).toMatchObject({ intent: 'top_violations', figure: `${VERIFY} (4), ${NAME} (1)` })
    expect(answer.answer).toBe(
      `The most failed questions this month (1–28 Nov 2026): “${VERIFY}” (failed 4 of 8) and “${NAME}” (failed 1 of 8).`,
    )
    expect(answer.link).toBe(`${DASHBOARD}?date_from=2026-11-01&date_to=2026-11-28`)
    const dashboard = await api(paths.topTenViolations, answer, 'supervisor')
    expect(
      dashboard.results.map((r: { question_text: string; failed: number }) => [r.question_text, r.failed]),
    ).toEqual([
      [VERIFY, 4],
      [NAME, 1],
    ])
  })

  it('takes “top N”, a period, an agent or a team', async () => {
    expect((await answered('top 1 violation this month')).figure).toBe(`${VERIFY} (4)`)
    expect((await answered('most failed questions last month')).figure).toBe(`${NAME} (1), ${VERIFY} (1)`)
    const james = await answered("James Carter's top violations this week", 'admin')
    expect(james.figure).toBe(`${NAME} (1), ${VERIFY} (1)`)
    expect(james.answer).toMatch(/^The most failed questions on James Carter's calls this week \(23–28 Nov 2026\)/)
    expect(linkOf(james).params.agent_id).toBe(String(as.agent.id))
    const none = await answered('top violations today')
    expect(none).toMatchObject({ figure: 'none', answer: 'No question was failed today (28 Nov 2026).' })
  })

  it("gives an agent their own violations and refuses anyone else's", async () => {
    const own = await answered('top violations this month', 'agent2')
    expect(own.figure).toBe(`${VERIFY} (2)`)
    expect(own.answer).toMatch(/^The most failed question on your calls this month/)
    const dashboard = await api(paths.topTenViolations, own, 'agent2')
    expect(dashboard.results[0]).toMatchObject({ question_text: VERIFY, failed: 2 })
    const other = await answered("James Carter's top violations this month", 'agent2')
    expect(other).toMatchObject({ figure: '', answer: 'You can only see your own results.' })
  })
})
