// The shape of the labelled sets (tests/fixtures/scoring-agreement): the agreement set, the hold-out set that
// tuning never sees, and the fresh, blind, unseen and novel sets, each written blind (engine code unread, engine
// not run on it) as a measure on unseen material, as bench/scoring-agreement.ts relies on them. No accuracy
// threshold here: the bench prints the figures. (It lives here because the vitest projects include api/ and app/,
// not tests/.)
import { describe, expect, it } from 'vitest'
import { demoTemplates } from '#api/seed/templates-data'
import { blindConversations } from '#tests/fixtures/scoring-agreement/blind'
import { agreementConversations } from '#tests/fixtures/scoring-agreement/conversations'
import { freshConversations } from '#tests/fixtures/scoring-agreement/fresh'
import { holdoutConversations } from '#tests/fixtures/scoring-agreement/holdout'
import { novelConversations } from '#tests/fixtures/scoring-agreement/novel'
import { unseenConversations } from '#tests/fixtures/scoring-agreement/unseen'

const questionsOf = new Map(
  demoTemplates.map((t) => [t.name, t.categories.flatMap((c) => c.questions.map((q) => q.question_text))]),
)

it('no key of the hold-out set is in the agreement set', () => {
  const tuningKeys = new Set(agreementConversations.map((c) => c.key))
  expect(holdoutConversations.map((c) => c.key).filter((key) => tuningKeys.has(key))).toEqual([])
})

it('no key of the fresh set is in the agreement or the hold-out set', () => {
  const otherKeys = new Set([...agreementConversations, ...holdoutConversations].map((c) => c.key))
  expect(freshConversations.map((c) => c.key).filter((key) => otherKeys.has(key))).toEqual([])
})

it('no key of the blind set is in the agreement, the hold-out or the fresh set', () => {
  const otherKeys = new Set(
    [...agreementConversations, ...holdoutConversations, ...freshConversations].map((c) => c.key),
  )
  expect(blindConversations.map((c) => c.key).filter((key) => otherKeys.has(key))).toEqual([])
})

it('no key of the unseen set is in the agreement, the hold-out, the fresh or the blind set', () => {
  const otherKeys = new Set(
    [...agreementConversations, ...holdoutConversations, ...freshConversations, ...blindConversations].map(
      (c) => c.key,
    ),
  )
  expect(unseenConversations.map((c) => c.key).filter((key) => otherKeys.has(key))).toEqual([])
})

it('no key of the novel set is in the agreement, the hold-out, the fresh, the blind or the unseen set', () => {
  const otherKeys = new Set(
    [
      ...agreementConversations,
      ...holdoutConversations,
      ...freshConversations,
      ...blindConversations,
      ...unseenConversations,
    ].map((c) => c.key),
  )
  expect(novelConversations.map((c) => c.key).filter((key) => otherKeys.has(key))).toEqual([])
})

describe.each([
  ['agreement', agreementConversations],
  ['hold-out', holdoutConversations],
  ['fresh', freshConversations],
  ['blind', blindConversations],
  ['unseen', unseenConversations],
  ['novel', novelConversations],
] as const)('scoring %s set', (_, set) => {
  it('has at least 30 conversations with unique keys', () => {
    expect(set.length).toBeGreaterThanOrEqual(30)
    expect(new Set(set.map((c) => c.key)).size).toBe(set.length)
  })

  it('covers every channel, both templates and the three campaigns', () => {
    expect(new Set(set.map((c) => c.channel))).toEqual(new Set(['call', 'chat', 'email']))
    expect(new Set(set.map((c) => c.template))).toEqual(new Set(demoTemplates.map((t) => t.name)))
    expect(new Set(set.map((c) => c.campaign))).toEqual(new Set(['ACME-RETAIL', 'NORTHWIND-COLL', 'CONTOSO-PATIENT']))
  })

  it.each(set.map((c) => [c.key, c] as const))('%s answers exactly the questions of its template', (_, c) => {
    const questions = questionsOf.get(c.template)
    expect(questions, `unknown template "${c.template}"`).toBeDefined()
    expect(Object.keys(c.reference).sort()).toEqual([...new Set(questions)].sort())
    for (const value of Object.values(c.reference)) expect(['yes', 'no', 'n/a']).toContain(value)
  })

  it.each(set.map((c) => [c.key, c] as const))('%s has turns of both sides, timed as its channel is', (_, c) => {
    expect(c.turns.length).toBeGreaterThanOrEqual(4)
    expect(new Set(c.turns.map((t) => t.speaker))).toEqual(new Set(['agent', 'customer']))
    for (const t of c.turns) expect(t.text.trim()).not.toBe('')
    const times = c.turns.map((t) => t.at)
    if (c.channel === 'email') expect(times.every((at) => at === undefined)).toBe(true)
    if (c.channel === 'call') expect(times.every((at) => at !== undefined)).toBe(true)
    // a chat is timed throughout or not at all
    if (c.channel === 'chat') expect(new Set(times.map((at) => at === undefined)).size).toBe(1)
    const timed = times.filter((at) => at !== undefined)
    for (let i = 1; i < timed.length; i++) expect(timed[i]!).toBeGreaterThan(timed[i - 1]!)
    if (timed.length) expect(timed[0]).toBeGreaterThanOrEqual(0)
  })
})
