import { INTENT, serializeIntent, type Intent } from '@conform-to/dom'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import type { Template, TemplateInput, UpdateTemplateBody } from '#contract/templates'
import { args, run } from '#tests/fixtures/remix'
import { TEMPLATE_IDS, templateFixtures, templateFrom } from '#tests/fixtures/templates'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, okReply, server } from '#tests/mocks/handlers'
import {
  emptyQuestion,
  toFormValue,
  type QuestionFormValue,
  type TemplateFormValue,
} from '~/components/call-evaluation/template-form/value'
import { getToast } from '~/sessions.server'
import { action, loader } from './edit'

const LIST = '/demo-portal/solutions/call-evaluation/manage-template'
const inbound = templateFixtures.find((t) => t.template_internal_id === TEMPLATE_IDS.inbound)!

type Reply = {
  result: {
    status?: string
    intent?: Intent
    initialValue: Record<string, unknown> & { categories?: { name?: string; questions?: unknown[] }[] }
    error?: Record<string, string[] | null>
  }
}

/** The fields a browser posts for a form value, named the way conform names them. */
function formEntries(value: unknown, prefix = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => formEntries(item, `${prefix}[${i}]`))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => formEntries(item, prefix ? `${prefix}.${key}` : key))
  if (value === false || value === null || value === undefined) return []
  return [[prefix, value === true ? 'on' : String(value)]]
}

async function submit(
  value: TemplateFormValue,
  { id, who = 'supervisor', intent }: { id?: string; who?: DemoKey; intent?: Intent } = {},
) {
  const body = new URLSearchParams(formEntries(value))
  if (intent) body.set(INTENT, serializeIntent(intent))
  const url = id ? `${LIST}/${id}` : `${LIST}/add`
  const request = await requestWithTokens(url, tokensFor(who), { method: 'POST', body })
  return run<Reply>(() => action(args(request, id ? { internalTemplateId: id } : {})))
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))!
  return (await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } }))).toast
}

const { template_internal_id: _id, ...newValue } = toFormValue(inbound)
const created = { ...newValue, name: 'Outbound retention' }

describe('template form loader', () => {
  it('has no template to load on the add page', async () => {
    const request = await requestWithTokens(`${LIST}/add`, tokensFor('supervisor'))
    expect((await run(() => loader(args(request)))).body).toEqual({ template: null })
  })

  it('answers 403 on the add page to a role that may not manage templates', async () => {
    for (const who of ['agent', 'auditor'] as const) {
      const request = await requestWithTokens(`${LIST}/add`, tokensFor(who))
      const result = await run(() => loader(args(request)))
      expect(result.status, who).toBe(403)
      expect(result.body).toBe('Only admins and QA supervisors can manage templates.')
    }
  })

  it('loads the template being edited with its categories and questions', async () => {
    const request = await requestWithTokens(`${LIST}/${TEMPLATE_IDS.inbound}`, tokensFor('agent'))
    const result = await run<{ template: Template }>(() =>
      loader(args(request, { internalTemplateId: TEMPLATE_IDS.inbound })),
    )
    expect(result.body.template.name).toBe('Inbound customer service')
    expect(result.body.template.categories.map((c) => c.questions.length)).toEqual([2, 1])
  })

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [TEMPLATE_IDS.unknown, 'not-a-uuid']) {
      const request = await requestWithTokens(`${LIST}/${id}`, tokensFor('supervisor'))
      const result = await run(() => loader(args(request, { internalTemplateId: id })))
      expect(result.thrown).toBe(true)
      expect(result.status).toBe(404)
    }
  })
})

describe('template form action', () => {
  it("creates a template from the form, phrases one a line, then 'Template created successfully'", async () => {
    let sent: TemplateInput | null = null
    server.use(
      http.post(UPSTREAM + paths.createTemplate, async ({ request }) => {
        sent = (await request.json()) as TemplateInput
        return okReply(templateFrom(sent), 'Template created successfully')
      }),
    )
    const value = structuredClone(created)
    value.categories[0].questions[0].evidence_phrases = '  thank you for calling \r\n\r\ngood morning\n'
    value.categories[0].questions[1].within_last_s = ''
    value.categories[0].questions[0].within_first_messages = '2'
    value.categories[0].questions[1].within_last_messages = ''
    value.categories[0].questions[1].weight = ' '
    const result = await submit(value)
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(LIST)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Template created successfully', type: 'success' })
    expect(sent!.name).toBe('Outbound retention')
    expect(sent!.categories[0].questions[0].evidence_phrases).toEqual(['thank you for calling', 'good morning'])
    expect(sent!.categories[0].questions[0]).toMatchObject({ within_first_s: 30, within_first_messages: 2 })
    expect(sent!.categories[0].questions[1]).toMatchObject({
      within_first_s: null,
      within_last_s: null,
      within_last_messages: null,
      weight: 1,
    })
    expect(sent!.categories[1]).toMatchObject({ name: 'Identity verification', weight: 2, auto_failed: true })
    expect(sent!.categories[0].auto_failed).toBe(false)
  })

  it('answers 400 with field errors and the values back, without calling the API', async () => {
    server.use(http.post(UPSTREAM + paths.createTemplate, () => HttpResponse.error()))
    const value = structuredClone(created)
    value.name = '  '
    value.categories[0].weight = 101
    value.categories[0].questions[0].evidence_phrases = '\n \n'
    value.categories[0].questions[1].within_first_s = 10
    value.categories[0].questions[1].within_last_s = 10
    const result = await submit(value)
    expect(result.status).toBe(400)
    const error = result.body.result.error!
    expect(error.name).toEqual(['Template name is required'])
    expect(error['categories[0].weight']).toEqual(['Weight is at most 100'])
    expect(error['categories[0].questions[0].evidence_phrases']).toEqual(['Give at least one phrase'])
    expect(error['categories[0].questions[1].within_last_s']).toEqual([
      'Choose the first or the last seconds of the call, not both',
    ])
    expect(result.body.result.initialValue.categories?.[1].name).toBe('Identity verification')
  })

  it('adds, moves and removes questions and categories without JavaScript (list intents)', async () => {
    const insert: Intent<QuestionFormValue[]> = {
      type: 'insert',
      payload: { name: 'categories[0].questions', defaultValue: emptyQuestion },
    }
    const added = await submit(created, { intent: insert as Intent })
    expect(added.status).toBe(200)
    expect(added.body.result.status).toBeUndefined()
    const questions = added.body.result.initialValue.categories![0].questions!
    expect(questions).toHaveLength(3)
    expect(questions[2]).toMatchObject({ weight: '1', expected_answer: 'yes', speaker: 'agent' })

    const moved = await submit(created, {
      intent: { type: 'reorder', payload: { name: 'categories', from: 1, to: 0 } },
    })
    expect(moved.body.result.initialValue.categories!.map((c) => c.name)).toEqual(['Identity verification', 'Opening'])

    const removed = await submit(created, {
      intent: { type: 'remove', payload: { name: 'categories[0].questions', index: 0 } },
    })
    expect(removed.body.result.initialValue.categories![0].questions).toEqual([
      expect.objectContaining({ question_text: 'Did the agent give their name?' }),
    ])
  })

  it("saves an edit as the template in the URL, then 'Template updated successfully'", async () => {
    let sent: UpdateTemplateBody | null = null
    server.use(
      http.put(UPSTREAM + paths.updateTemplate, async ({ request }) => {
        const body = (await request.json()) as UpdateTemplateBody
        sent = body
        return okReply(templateFrom(body, { template_internal_id: body.template_internal_id, version: 4 }))
      }),
    )
    const value = { ...toFormValue(inbound), template_internal_id: TEMPLATE_IDS.collections }
    const result = await submit(value, { id: TEMPLATE_IDS.inbound })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(LIST)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Template updated successfully' })
    expect(sent!.template_internal_id).toBe(TEMPLATE_IDS.inbound)
    expect(sent!.categories[1].questions[0].applies_when_phrases).toEqual(['my card', 'card number'])
  })

  it('tells a role that cannot manage templates who can (the API answers 403)', async () => {
    const result = await submit(created, { who: 'agent' })
    expect(result.status).toBe(403)
    expect(result.body.result.error?.['']).toEqual(['Only admins and QA supervisors can manage templates.'])
  })

  it("shows the server's message as a form error when the API refuses or fails", async () => {
    const missing = await submit(toFormValue(inbound), { id: TEMPLATE_IDS.unknown })
    expect(missing.status).toBe(404)
    expect(missing.body.result.error?.['']).toEqual(['Template not found'])

    server.use(
      http.post(UPSTREAM + paths.createTemplate, () =>
        errorReply(400, 'Invalid request', { 'categories.0.name': ['Category name is required'] }),
      ),
    )
    const refused = await submit(created)
    expect(refused.status).toBe(400)
    expect(refused.body.result.error?.['']).toEqual(['Invalid request'])
    // the API's field error lands on the field it names, in conform's path syntax
    expect(refused.body.result.error?.['categories[0].name']).toEqual(['Category name is required'])
    expect(refused.body.result.initialValue.name).toBe('Outbound retention')

    server.use(http.post(UPSTREAM + paths.createTemplate, () => HttpResponse.error()))
    const down = await submit(created)
    expect(down.status).toBe(503)
    expect(down.body.result.error?.['']?.[0]).toMatch(/can't be reached/)
  })
})
