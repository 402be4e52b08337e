import { beforeEach, describe, expect, it } from 'vitest'
import type { ScoringCalibration } from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import { args, run } from '#tests/fixtures/remix'
import { TEMPLATE_IDS } from '#tests/fixtures/templates'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { resetScoringMocks } from '#tests/mocks/agent-scoring'
import { server } from '#tests/mocks/handlers'
import { loader } from './calibration'

const CALIBRATION = '/demo-portal/solutions/ai-agent-scoring/calibration'

type Body = {
  options: { value: string; label: string }[]
  chosen: string | null
  calibration: ScoringCalibration | null
  error: string | null
  forbidden: boolean
}

async function load(search = '', who: DemoKey = 'auditor') {
  return run<Body>(async () => loader(args(await requestWithTokens(`${CALIBRATION}${search}`, tokensFor(who)))))
}

beforeEach(() => resetScoringMocks())

describe('calibration loader', () => {
  it('defaults to the first active template, and lists its criteria lowest agreement first', async () => {
    const asked: string[] = []
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url)
      if (url.pathname === endpoints.scoringCalibration.path) asked.push(url.search)
    })
    const result = await load()
    server.events.removeAllListeners()
    expect(result.status).toBe(200)
    expect(result.body.chosen).toBe(TEMPLATE_IDS.inbound)
    expect(asked).toEqual([`?template_internal_id=${TEMPLATE_IDS.inbound}`])
    const calibration = result.body.calibration!
    expect(calibration.overall).toMatchObject({ decisions: 4, criteria: 16, agreed: 13 })
    expect(calibration.criteria.map((c) => [c.question, c.agreement_pct])).toEqual([
      ["Did the agent verify the customer's identity?", 50],
      ['Did the agent offer further help?', 75],
      ['Did the agent greet the customer?', 100],
      ['Did the agent give their name?', 100],
    ])
    expect(result.body.options.map((o) => o.label)).toContain('Legacy retention (archived)')
  })

  it('shows the template asked for', async () => {
    const result = await load(`?template_internal_id=${TEMPLATE_IDS.collections}`)
    expect(result.body.chosen).toBe(TEMPLATE_IDS.collections)
    expect(result.body.calibration?.template.name).toBe('Collections compliance')
    expect(result.body.calibration?.criteria[0]).toMatchObject({
      question: 'Did the agent avoid threatening language?',
      reasons: { criterion_unclear: 1 },
    })
  })

  it('tells an agent plainly that calibration is not for them (the API’s 403)', async () => {
    const result = await load('', 'agent')
    expect(result.status).toBe(403)
    expect(result.body.forbidden).toBe(true)
    expect(result.body.calibration).toBeNull()
    expect(result.body.error).toMatch(/agents may not/)
  })

  it('says which template is unknown or malformed', async () => {
    const unknown = await load(`?template_internal_id=${TEMPLATE_IDS.unknown}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe('Template not found')
    const malformed = await load('?template_internal_id=nonsense')
    expect(malformed.status).toBe(400)
    expect(malformed.body.error).toBe('Unknown template')
  })
})
