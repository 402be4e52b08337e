import { beforeEach, describe, expect, it } from 'vitest'
import { SCORING_IDS, scoringRowOf } from '#tests/fixtures/agent-scoring'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { serverHtml } from '#tests/fixtures/server-html'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { resetScoringMocks, scoringState } from '#tests/mocks/agent-scoring'
import { getToast } from '~/sessions.server'
import ScoringBucketPage, { action, loader } from './bucket'

const LIST = '/demo-portal/solutions/ai-agent-scoring/ai_reviewed?ordering=-created_at'

async function post(items: string[], { who = 'supervisor' as DemoKey, intent = 'bulk-accept' } = {}) {
  const body = new URLSearchParams({ intent })
  for (const item of items) body.append('item', item)
  const request = await requestWithTokens(LIST, tokensFor(who), { method: 'POST', body })
  return run<{ error?: string }>(() => action(args(request, { type: 'ai_reviewed' })))
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))
  if (!cookie) return null
  return (await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } }))).toast
}

const versionOf = (id: number) => scoringState.items.find((i) => i.item_id === id)!.version

beforeEach(() => resetScoringMocks())

describe('accepting AI-reviewed drafts in bulk', () => {
  it('accepts each selected draft at the version its row showed, and comes back to the same list', async () => {
    const id = SCORING_IDS.allVerifiedHigh
    const version = versionOf(id)
    const result = await post([`${id}:${version}`])
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(LIST)
    expect(await toastOf(result.headers)).toMatchObject({ type: 'success', title: 'Accepted 1 of 1' })
    expect(scoringState.decisions).toEqual([
      { item_id: id, decision: 'accept', corrections: [], version, by: 'supervisor' },
    ])
  })

  it('leaves a draft that changed meanwhile, and says which', async () => {
    const fresh = SCORING_IDS.allVerifiedHigh
    const stale = SCORING_IDS.unsureEmail
    const result = await post([`${fresh}:${versionOf(fresh)}`, `${stale}:${versionOf(stale) - 1}`])
    const toast = await toastOf(result.headers)
    expect(toast).toMatchObject({ type: 'warning', title: 'Accepted 1 of 2' })
    expect(toast?.message).toContain(`#${stale}:`)
    expect(scoringState.decisions.map((d) => d.item_id)).toEqual([fresh])
  })

  it('refuses a selection that is not one, and the API refuses those who do not decide', async () => {
    expect((await post([])).status).toBe(400)
    expect((await post(['12; drop table'])).status).toBe(400)
    expect((await post(['1:1'], { intent: 'delete' })).status).toBe(400)
    const auditor = await post([`${SCORING_IDS.allVerifiedHigh}:${versionOf(SCORING_IDS.allVerifiedHigh)}`], {
      who: 'auditor',
    })
    expect(await toastOf(auditor.headers)).toMatchObject({ title: 'Accepted 0 of 1' })
    expect(scoringState.decisions).toEqual([])
  })
})

describe('the bulk accept without JavaScript', () => {
  async function page(who: DemoKey) {
    const url = '/demo-portal/solutions/ai-agent-scoring/ai_reviewed'
    const result = await run(async () =>
      loader(args(await requestWithTokens(url, tokensFor(who)), { type: 'ai_reviewed' })),
    )
    return serverHtml({
      url,
      path: 'solutions/ai-agent-scoring/:type',
      Component: ScoringBucketPage,
      data: result.body,
      user: userFixture(who),
    })
  }

  it('is a plain POST form; only drafts verified with high confidence get a checkbox in it', async () => {
    const { document } = await page('supervisor')
    const form = document.querySelector('form[aria-label="Accept in bulk"]')!
    expect(form.getAttribute('method')).toBe('post')
    const boxes = [...document.querySelectorAll(`input[type="checkbox"][form="${form.id}"]`)]
    const values = boxes.map((b) => b.getAttribute('value'))
    const eligible = new Set(
      scoringState.items
        .filter((i) => i.bucket === 'ai_reviewed')
        .map((i) => scoringRowOf(i))
        .filter((r) => r.all_verified_high)
        .map((r) => `${r.item_id}:${r.version}`),
    )
    expect(values.length).toBeGreaterThan(0)
    expect(values.every((v) => eligible.has(v!))).toBe(true)
    expect(values.some((v) => v!.startsWith(`${SCORING_IDS.lowConfidence}:`))).toBe(false)
  })

  it('is not offered to an auditor', async () => {
    const { document } = await page('auditor')
    expect(document.querySelector('form[aria-label="Accept in bulk"]')).toBeNull()
    expect(document.querySelector('input[type="checkbox"][name="item"]')).toBeNull()
  })
})
