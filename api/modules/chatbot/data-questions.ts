import { eq, inArray } from 'drizzle-orm'
import type { Role } from '#contract/accounts'
import type { DashboardFilters } from '#contract/dashboards'
import { evaluationListQuery, type EvaluationStatus } from '#contract/evaluations'
import type { Db } from '../../db/client'
import { evaluationRule, type Actor } from '../../auth/access'
import { campaigns, services, templateCategories, templateQuestions, users } from '../../db/schema'
import { DAY_MS } from '../../db/sql'
import { callEvaluationDashboard } from '../dashboards/store/overview'
import { agentPerformance } from '../dashboards/store/performance'
import { scoped } from '../dashboards/store/sql'
import { topTenViolations } from '../dashboards/store/violations'
import { listEvaluations } from '../evaluations/store/queries'
import { TEENS, UNITS } from '../../engines/text/spoken-numbers'

/*
 * trelliChat's questions about the portal's own figures (ARCHITECTURE §8). A fixed set of intents
 * read from the wording, each answered by the query behind the dashboard or list it links to, with
 * the asker's access: an agent's figures are over their own calls only, as on the dashboards. No
 * model ever writes a query.
 */

export type DataAnswer = {
  intent: 'count_calls' | 'average_score' | 'top_violations'
  figure: string
  link: string
  answer: string
}
type Intent = DataAnswer['intent']

/** Examples shown with "I don't know" on trelliChat. */
export const DATA_QUESTION_EXAMPLES: string[] = [
  'How many calls failed identity verification this week?',
  'How many calls were disputed last week?',
  'What is my average score this month?',
  "What is James Carter's average score last month?",
  "Claire Fontaine's team average score in the last 30 days",
  'Top violations last month',
  'How many calls in Card services yesterday?',
]

// The portal's pages (app/components/call-evaluation/evaluation-format.ts and dashboard-links.ts).
const PORTAL = '/demo-portal/solutions/call-evaluation'
const LIST_PAGE = `${PORTAL}/evaluation-list`
const DASHBOARD_PAGE = `${PORTAL}/evaluation-dashboard`
const PERFORMANCE_PAGE = `${PORTAL}/agent-performance-dashboard`

// ---------------------------------------------------------------- wording

/** Lower case, accents and curly quotes gone: what every pattern below reads. */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
const wordsOf = (text: string) => normalise(text).match(/[\p{L}\p{N}]+/gu) ?? []
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

const PERIOD = /\b(today|yesterday|(this|current|last|previous|past) (week|month)|(last|past|previous) \d{1,3} days)\b/
const STATUS = /\b(disput\w*|acknowledg\w*|reviewed|under review|in review|ai[ -]?(evaluated|scored))\b/
const FAILED = /\b(fail(ed|s|ing)?|missed|did ?n[o']?t pass)\b/
const COUNT = /\b(how many|number of|count( of)?|total( number of)?)\b/
const COUNTED = /\b(calls?|evaluations?|interactions?|chats?|e-?mails?|disputes)\b/
const COUNT_QUALIFIER =
  /\b(campaign|service|category|line|team|agent|supervisor|my|did|were|was|had|have|got|in|for|of|auto[- ]?fail\w*)\b/
const VIOLATIONS =
  /\bviolations?\b|\b(top|most|biggest|commonest|main)( \d{1,2}| [a-z]+)?( (common(ly)?|frequent(ly)?|often))? (failed|missed|failures?|fails|mistakes)\b/
const AVERAGE = /\b(average|avg|mean)\b/
const SCORE = /\bscor(e|es|ing)\b/
const OWN_SCORE = /(\bmy|\bteam|'s) (average )?scores?\b/
const TRANSCRIPT = /^\s*(agent|customer|caller|client)\s*:/im
/** Longer than this it is a pasted conversation, not a question about figures. */
const MAX_QUESTION = 400

function intentOf(message: string): Intent | null {
  if (message.length > MAX_QUESTION || TRANSCRIPT.test(message)) return null
  const text = normalise(message)
  if (VIOLATIONS.test(text)) return 'top_violations'
  if (COUNT.test(text) && COUNTED.test(text)) {
    const qualified = [PERIOD, STATUS, FAILED, COUNT_QUALIFIER].some((re) => re.test(text))
    return qualified || /\bdisputes\b/.test(text) ? 'count_calls' : null
  }
  if (SCORE.test(text) && !/\bcredit scores?\b/.test(text) && (AVERAGE.test(text) || OWN_SCORE.test(text))) {
    return 'average_score'
  }
  return null
}

/** Whether the wording looks like a data question at all (cheap regex test; used to decide before running queries). */
export function looksLikeDataQuestion(message: string): boolean {
  return intentOf(message) !== null
}

// ---------------------------------------------------------------- periods (UTC days, weeks from Monday)

type Period = { name: string; from: string; to: string }

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The period the wording names; this month when it names none. */
function periodOf(text: string, now: Date): Period {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
  const lastDays = text.match(/\b(?:last|past|previous) (\d{1,3}) days\b/)
  const days = lastDays ? Number(lastDays[1]) : 0
  if (days >= 1 && days <= 366) {
    const name = days === 1 ? 'in the last day' : `in the last ${days} days`
    return { name, from: isoDay(today - (days - 1) * DAY_MS), to: isoDay(today) }
  }
  if (/\btoday\b/.test(text)) return { name: 'today', from: isoDay(today), to: isoDay(today) }
  if (/\byesterday\b/.test(text)) return { name: 'yesterday', from: isoDay(today - DAY_MS), to: isoDay(today - DAY_MS) }
  if (/\b(this|current) week\b/.test(text)) return { name: 'this week', from: isoDay(monday), to: isoDay(today) }
  if (/\b(last|previous) week\b/.test(text)) {
    return { name: 'last week', from: isoDay(monday - 7 * DAY_MS), to: isoDay(monday - DAY_MS) }
  }
  if (/\bpast week\b/.test(text)) {
    return { name: 'in the last 7 days', from: isoDay(today - 6 * DAY_MS), to: isoDay(today) }
  }
  if (/\b(last|previous) month\b/.test(text)) {
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)
    return { name: 'last month', from: isoDay(start), to: isoDay(monthStart - DAY_MS) }
  }
  if (/\bpast month\b/.test(text))
    return { name: 'in the last 30 days', from: isoDay(today - 29 * DAY_MS), to: isoDay(today) }
  return { name: 'this month', from: isoDay(monthStart), to: isoDay(today) }
}

/** "23–28 Nov 2026", "30 Nov – 6 Dec 2026", "28 Nov 2026". */
function datesOf({ from, to }: Period) {
  const [fy, fm, fd] = from.split('-').map(Number)
  const [ty, tm, td] = to.split('-').map(Number)
  const full = (y: number, m: number, d: number) => `${d} ${MONTHS[m - 1]} ${y}`
  if (from === to) return full(ty, tm, td)
  if (fy === ty && fm === tm) return `${fd}–${full(ty, tm, td)}`
  if (fy === ty) return `${fd} ${MONTHS[fm - 1]} – ${full(ty, tm, td)}`
  return `${full(fy, fm, fd)} – ${full(ty, tm, td)}`
}
const periodText = (period: Period) => `${period.name} (${datesOf(period)})`

// ---------------------------------------------------------------- campaigns and services

type Place = { campaign?: { id: number; name: string }; service?: { id: number; name: string } }

/** Where a name stands in the words (whole words), or -1. */
function indexOfWords(words: string[], name: string[], equal = (a: string, b: string) => a === b, from = 0) {
  if (!name.length) return -1
  for (let i = from; i + name.length <= words.length; i++) {
    if (name.every((w, j) => equal(words[i + j], w))) return i
  }
  return -1
}

/** The campaign and service the wording names (the longest names win); their words are blanked out. */
async function placeOf(db: Db, words: string[]): Promise<{ place: Place; rest: string[]; ambiguous?: string }> {
  const [campaignRows, serviceRows] = await Promise.all([
    db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).orderBy(campaigns.id),
    db
      .select({ id: services.id, name: services.name, campaignId: services.campaignId })
      .from(services)
      .orderBy(services.id),
  ])
  const rest = [...words]
  const longest = <T extends { name: string }>(rows: T[]) => {
    const found = rows
      .map((row) => ({ row, name: wordsOf(row.name) }))
      .filter((r) => indexOfWords(rest, r.name) >= 0)
      .sort((a, b) => b.name.length - a.name.length)
    if (!found.length) return []
    const best = found.filter((f) => f.name.join(' ') === found[0].name.join(' '))
    const at = indexOfWords(rest, best[0].name)
    rest.fill('|', at, at + best[0].name.length)
    return best.map((f) => f.row)
  }
  const place: Place = {}
  const servicesFound = longest(serviceRows)
  const [campaign] = longest(campaignRows)
  if (campaign) place.campaign = { id: campaign.id, name: campaign.name }
  const inCampaign = campaign ? servicesFound.filter((s) => s.campaignId === campaign.id) : servicesFound
  if (inCampaign.length > 1) return { place, rest, ambiguous: inCampaign[0].name }
  const service = inCampaign[0] ?? servicesFound[0]
  if (service) place.service = { id: service.id, name: service.name }
  return { place, rest }
}

function placeText(place: Place) {
  if (place.service && place.campaign) return ` in ${place.service.name} (${place.campaign.name})`
  if (place.service) return ` in ${place.service.name}`
  return place.campaign ? ` in ${place.campaign.name}` : ''
}

// ---------------------------------------------------------------- whom the question is about

type Person = { id: number; name: string; role: Role }
type Subject =
  | { kind: 'everyone' }
  | { kind: 'agent' | 'team'; person: Person; self: boolean }
  /** Someone the asker may not see. */
  | { kind: 'refused' }
  | { kind: 'unknown'; name: string }
  | { kind: 'ambiguous'; names: string[] }
  /** "my" from someone with no calls or team of their own. */
  | { kind: 'no_own' | 'no_team' }

/** Two words are the same name, allowing one typo in a name of five letters or more. */
function sameName(a: string, b: string) {
  if (a === b) return true
  if (Math.max(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1)
}

/** Words before a lone first or last name that make it a name: "for Carter", "Carter's". */
const NAME_CUES = new Set(['for', 'of', 'by', 'about', 'agent', 'supervisor', 'did', 'does', 'has', 'is', 'was'])

/** 3 for the full name, 2 for the last name and 1 for the first name with a cue; 0 when absent. */
function nameScore(words: string[], first: string[], last: string[]) {
  if (first.length && last.length && indexOfWords(words, [...first, ...last], sameName) >= 0) return 3
  const parts: [string[], number][] = [
    [last, 2],
    [first, 1],
  ]
  for (const [part, score] of parts) {
    for (let at = indexOfWords(words, part, sameName); at >= 0; at = indexOfWords(words, part, sameName, at + 1)) {
      if (words[at + part.length] === 's' || NAME_CUES.has(words[at - 1])) return score
    }
  }
  return 0
}

/** Words a possessive may follow that are not somebody's name. */
const NOT_NAMES = new Set(
  (
    'what whats is was the a an of for about how team today yesterday week month year agent agents caller ' +
    'customer company campaign service everyone everybody it that there here who let this last and my our your ' +
    'their his her call calls day days s me i it us them dashboard portal list page bank centre center business'
  ).split(' '),
)

/** The name in a possessive ("Zed Unknown's") that matched nobody. */
function unmatchedPossessive(rest: string[]) {
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] !== 's') continue
    const name = rest.slice(Math.max(0, i - 2), i).filter((w) => w !== '|' && !NOT_NAMES.has(w) && !/\d/.test(w))
    if (name.length) return name.map(capital).join(' ')
  }
  return null
}

async function subjectOf(db: Db, actor: Actor, words: string[], rest: string[], intent: Intent): Promise<Subject> {
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(inArray(users.role, ['agent', 'qa_supervisor']))
    .orderBy(users.id)
  const scored = people
    .map((p) => ({ p, score: nameScore(rest, wordsOf(p.firstName), wordsOf(p.lastName)) }))
    .filter((s) => s.score > 0)
  const top = Math.max(0, ...scored.map((s) => s.score))
  const best = scored.filter((s) => s.score === top)
  const named = (p: (typeof people)[number]): Person => ({
    id: p.id,
    name: `${p.firstName} ${p.lastName}`.trim(),
    role: p.role,
  })
  const seesAll = evaluationRule.readable(actor) === undefined
  const mine = words.some((w) => w === 'my' || w === 'mine' || w === 'i' || w === 'myself')
  const team = words.includes('team')
  if (best.length > 1)
    return seesAll ? { kind: 'ambiguous', names: best.map((b) => named(b.p).name) } : { kind: 'refused' }
  if (best.length === 1) {
    const person = named(best[0].p)
    const self = person.id === actor.id
    if (person.role === 'qa_supervisor') return seesAll ? { kind: 'team', person, self } : { kind: 'refused' }
    return evaluationRule.canRead(actor, { agentId: person.id }) ? { kind: 'agent', person, self } : { kind: 'refused' }
  }
  // a possessive inside what failed ("the account holder's name") is no person: counts do not ask
  const unknown = intent === 'count_calls' ? null : unmatchedPossessive(rest)
  if (unknown) return seesAll ? { kind: 'unknown', name: unknown } : { kind: 'refused' }
  const me: Person = { id: actor.id, name: 'you', role: actor.role }
  if (actor.role === 'agent') return team ? { kind: 'refused' } : { kind: 'agent', person: me, self: true }
  if (actor.role === 'qa_supervisor' && mine) return { kind: 'team', person: me, self: true }
  if (mine && team) return { kind: 'no_team' }
  if (mine && intent === 'average_score') return { kind: 'no_own' }
  return { kind: 'everyone' }
}

/** "Your", "James Carter's", "Your team's", "Claire Fontaine's team's": whose figures these are. */
function ownerOf(subject: Subject) {
  if (subject.kind === 'agent') return subject.self ? 'your' : `${subject.person.name}'s`
  if (subject.kind === 'team') return subject.self ? "your team's" : `${subject.person.name}'s team's`
  return null
}

// ---------------------------------------------------------------- what a call failed

type Failure =
  | { kind: 'question'; text: string }
  | { kind: 'category'; name: string }
  | { kind: 'auto_fail' }
  | { kind: 'unknown'; phrase: string }

/** Words that end the failed thing: a period, a place, a person, a status. */
const PHRASE_ENDS = new Set(
  (
    'today yesterday this last past previous current in for during over since by from and with were was are is ' +
    'across between within who whose where when'
  ).split(' '),
)
const PHRASE_NOISE = new Set(
  'the a an on at to of their his her question questions check checks step part section category categories'.split(' '),
)

/** A rough stem, so "verification" finds "verify" and "greeting" finds "greet". */
function stem(word: string) {
  const bare = word.replace(/(ations?|ings?|ions?|ed|es|s|e|ly)$/, '')
  return (bare.length >= 3 ? bare : word).slice(0, 5)
}

/** The best of `texts` for the phrase: most of its words, then the most specific; at least half of them. */
function bestText(phrase: string[], texts: string[]) {
  const wanted = [...new Set(phrase.map(stem))]
  let best: { text: string; matched: number; share: number } | null = null
  for (const text of texts) {
    const stems = new Set(wordsOf(text).map(stem))
    const matched = wanted.filter((s) => stems.has(s)).length
    const share = matched / stems.size
    if (
      !best ||
      matched > best.matched ||
      (matched === best.matched && (share > best.share || (share === best.share && text < best.text)))
    ) {
      best = { text, matched, share }
    }
  }
  return best && best.matched >= Math.max(1, Math.ceil(wanted.length / 2)) ? best : null
}

async function failureOf(db: Db, text: string): Promise<Failure | null> {
  if (/\bauto[- ]?fail/.test(text)) return { kind: 'auto_fail' }
  const verb = FAILED.exec(text)
  if (!verb) return null
  const after = wordsOf(text.slice(verb.index + verb[0].length))
  const end = after.findIndex((w) => PHRASE_ENDS.has(w))
  const phrase = (end < 0 ? after : after.slice(0, end)).filter((w) => !PHRASE_NOISE.has(w))
  if (!phrase.length) return { kind: 'auto_fail' }
  const rows = await db
    .selectDistinct({ question: templateQuestions.questionText, category: templateCategories.name })
    .from(templateQuestions)
    .innerJoin(templateCategories, eq(templateCategories.id, templateQuestions.categoryId))
  const question = bestText(phrase, [...new Set(rows.map((r) => r.question))])
  const category = bestText(phrase, [...new Set(rows.map((r) => r.category))])
  if (category && (!question || category.matched > question.matched)) return { kind: 'category', name: category.text }
  if (question) return { kind: 'question', text: question.text }
  return { kind: 'unknown', phrase: phrase.join(' ') }
}

// ---------------------------------------------------------------- statuses

/** The status the wording names, in the order that keeps "under review" from reading as "reviewed". */
const STATUS_WORDS: [RegExp, EvaluationStatus][] = [
  [/\b(under|in) review\b/, 'under_review'],
  [/\bai[ -]?(evaluated|scored)\b/, 'ai_evaluated'],
  [/\bdisput(ed|es?)\b/, 'disputed'],
  [/\backnowledg(ed|es?)\b/, 'acknowledged'],
  [/\breviewed\b/, 'reviewed'],
]
const STATUS_PHRASE: Record<EvaluationStatus, [singular: string, plural: string]> = {
  ai_evaluated: ['was AI evaluated', 'were AI evaluated'],
  under_review: ['is under review', 'are under review'],
  reviewed: ['was reviewed', 'were reviewed'],
  acknowledged: ['was acknowledged', 'were acknowledged'],
  disputed: ['was disputed', 'were disputed'],
}
const statusOf = (text: string) => STATUS_WORDS.find(([re]) => re.test(text))?.[1]

// ---------------------------------------------------------------- links

type Params = Record<string, string | number | boolean | undefined>

function linkTo(page: string, params: Params) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value))
  const query = search.toString()
  return query ? `${page}?${query}` : page
}

// ---------------------------------------------------------------- the answers

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)
const calls = (n: number) => `${n} ${plural(n, 'call', 'calls')}`
const NO_FIGURE = ''

type Asked = { actor: Actor; period: Period; place: Place; subject: Subject; filter: DashboardFilters }

const REFUSALS: Record<Intent, string> = {
  count_calls: 'You can only see your own calls.',
  average_score: 'You can only see your own scores.',
  top_violations: 'You can only see your own results.',
}

/** The answer when the question is about someone it cannot be answered for; null when it can. */
function unanswerable(intent: Intent, { subject }: Asked, link: string): DataAnswer | null {
  const say = (answer: string): DataAnswer => ({ intent, figure: NO_FIGURE, link, answer })
  switch (subject.kind) {
    case 'refused':
      return say(REFUSALS[intent])
    case 'unknown':
      return say(`I couldn't find an agent or QA supervisor called “${subject.name}”.`)
    case 'ambiguous':
      return say(`More than one person matches that name (${subject.names.join(', ')}); use their full name.`)
    case 'no_own':
      return say('You have no scores of your own; ask about an agent or a team by name.')
    case 'no_team':
      return say("Only QA supervisors have a team; ask about a QA supervisor's team by name.")
    default:
      return null
  }
}

async function countCalls(db: Db, text: string, asked: Asked): Promise<DataAnswer> {
  const { actor, period, place, subject, filter } = asked
  const status = statusOf(text)
  const failure = await failureOf(db, text)
  const extra = {
    failed_category: failure?.kind === 'category' ? failure.name : undefined,
    failed_question: failure?.kind === 'question' ? failure.text : undefined,
    status,
    auto_fail: failure?.kind === 'auto_fail' ? true : undefined,
  }
  const link = linkTo(LIST_PAGE, { ...filter, ...extra })
  const refused = unanswerable('count_calls', asked, link)
  if (refused) return refused
  if (failure?.kind === 'unknown') {
    const answer = `I couldn't find a question about “${failure.phrase}” in the scoring templates.`
    return { intent: 'count_calls', figure: NO_FIGURE, link, answer }
  }
  const query = evaluationListQuery.parse({ ...scoped(actor, { ...filter, ...extra }), page: 1, page_size: 1 })
  const n = (await listEvaluations(db, query)).count
  const be = (singular: string, many: string) => plural(n, singular, many)
  const predicates: string[] = []
  if (failure?.kind === 'question') predicates.push(`failed “${failure.text}”`)
  if (failure?.kind === 'category') predicates.push(`lost points in ${failure.name}`)
  if (failure?.kind === 'auto_fail') predicates.push(`${be('was', 'were')} auto-failed`)
  if (status) predicates.push(be(...STATUS_PHRASE[status]))
  const owner = ownerOf(subject)
  const where = placeText(place)
  const when = periodText(period)
  let answer: string
  if (predicates.length) {
    const lead = owner ? `${n} of ${owner} calls` : calls(n)
    answer = `${lead}${where} ${predicates.join(' and ')} ${when}.`
  } else if (owner) {
    const who = owner === 'your' ? 'You' : capital(owner.replace(/'s$/, ''))
    answer = `${who} had ${calls(n)}${where} ${when}.`
  } else {
    answer = `There ${be('was', 'were')} ${calls(n)}${where} ${when}.`
  }
  return { intent: 'count_calls', figure: calls(n), link, answer }
}

async function averageScore(db: Db, asked: Asked): Promise<DataAnswer> {
  const { actor, period, place, subject, filter } = asked
  const perAgent = subject.kind === 'agent' || subject.kind === 'refused'
  const link = linkTo(perAgent ? PERFORMANCE_PAGE : DASHBOARD_PAGE, filter)
  const refused = unanswerable('average_score', asked, link)
  if (refused) return refused
  const figures =
    subject.kind === 'agent'
      ? await agentPerformance(db, scoped(actor, { ...filter, interval: 'week' as const }), {
          ownOnly: actor.role === 'agent',
        })
      : (await callEvaluationDashboard(db, scoped(actor, filter))).kpis
  const { average_score: average, scored_calls: scored } = figures
  const owner = ownerOf(subject)
  const where = placeText(place)
  const when = periodText(period)
  if (average === null) {
    const who = owner ? capital(owner === 'your' ? 'you have' : `${owner.replace(/'s$/, '')} has`) : 'There are'
    return {
      intent: 'average_score',
      figure: 'no scored calls',
      link,
      answer: `${who} no scored calls${where} ${when}.`,
    }
  }
  const answer =
    `${owner ? capital(owner) : 'The'} average score${where} ${when} is ${average} % ` +
    `over ${scored} scored ${plural(scored, 'call', 'calls')}.`
  return { intent: 'average_score', figure: `${average} %`, link, answer }
}

const DEFAULT_VIOLATIONS = 5

function howManyOf(text: string) {
  const top = text.match(/\btop (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\b/)
  if (!top) return DEFAULT_VIOLATIONS
  const n = UNITS[top[1]] ?? TEENS[top[1]] ?? Number(top[1])
  return Math.min(10, Math.max(1, n))
}

async function topViolations(db: Db, text: string, asked: Asked): Promise<DataAnswer> {
  const { actor, period, place, subject, filter } = asked
  const link = linkTo(DASHBOARD_PAGE, filter)
  const refused = unanswerable('top_violations', asked, link)
  if (refused) return refused
  const rows = (await topTenViolations(db, scoped(actor, filter))).results.slice(0, howManyOf(text))
  const owner = ownerOf(subject)
  const on = `${owner ? ` on ${owner} calls` : ''}${placeText(place)}`
  const when = periodText(period)
  if (!rows.length)
    return { intent: 'top_violations', figure: 'none', link, answer: `No question was failed${on} ${when}.` }
  // the same question in two templates is two rows on the dashboard: name the template then
  const repeated = (q: string) => rows.filter((r) => r.question_text === q).length > 1
  const label = (r: (typeof rows)[number]) =>
    `${r.question_text}${repeated(r.question_text) ? ` [${r.template.name}]` : ''}`
  const figure = rows.map((r) => `${label(r)} (${r.failed})`).join(', ')
  const listed = rows.map((r) => `“${label(r)}” (failed ${r.failed} of ${r.answered})`)
  const list = listed.length > 1 ? `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}` : listed[0]
  const answer = `The most failed ${plural(rows.length, 'question', 'questions')}${on} ${when}: ${list}.`
  return { intent: 'top_violations', figure, link, answer }
}

/** null when the message is not a data question this recognises. */
export async function answerDataQuestion(
  db: Db,
  actor: Actor,
  message: string,
  now: Date = new Date(),
): Promise<DataAnswer | null> {
  const intent = intentOf(message)
  if (!intent) return null
  const text = normalise(message)
  const words = wordsOf(message)
  const period = periodOf(text, now)
  const { place, rest, ambiguous } = await placeOf(db, words)
  const subject = await subjectOf(db, actor, words, rest, intent)
  const filter: DashboardFilters = {
    date_from: period.from,
    date_to: period.to,
    campaign_id: place.campaign?.id,
    service_id: place.service?.id,
    agent_id: subject.kind === 'agent' ? subject.person.id : actor.role === 'agent' ? actor.id : undefined,
    supervisor_id: subject.kind === 'team' ? subject.person.id : undefined,
  }
  if (ambiguous) {
    const answer = `${ambiguous} is a service of more than one campaign; name the campaign too.`
    const page = intent === 'count_calls' ? LIST_PAGE : DASHBOARD_PAGE
    return { intent, figure: NO_FIGURE, link: linkTo(page, filter), answer }
  }
  const asked: Asked = { actor, period, place, subject, filter }
  if (intent === 'count_calls') return countCalls(db, text, asked)
  if (intent === 'average_score') return averageScore(db, asked)
  return topViolations(db, text, asked)
}
