import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import type { Template, TemplateInput } from '#contract/templates'
import { createUser, setupTestApp, type TestApp, tokensFor } from '#api/test-utils'
import { templates } from '#api/db/schema'
import { makeEvaluation, seedEvaluationBasics } from '#api/modules/evaluations/fixtures'

let t: TestApp
let agentId: number
const auth: Record<'supervisor' | 'admin' | 'auditor' | 'agent', { authorization: string }> = {} as never

const inbound: TemplateInput = {
  name: 'Inbound customer service',
  description: 'Greeting, verification, resolution and closing',
  categories: [
    {
      name: 'Opening',
      weight: 1,
      auto_failed: false,
      questions: [
        {
          question_text: 'Did the agent greet the caller and give their name?',
          weight: 2,
          expected_answer: 'yes',
          evidence_phrases: ['thank you for calling', 'my name is'],
          speaker: 'agent',
          within_first_s: 30,
          within_last_s: null,
          within_first_messages: null,
          within_last_messages: null,
          applies_when_phrases: [],
          applies_when_speaker: 'customer',
        },
      ],
    },
    {
      name: 'Compliance',
      weight: 3,
      auto_failed: true,
      questions: [
        {
          question_text: 'Did the agent verify the date of birth?',
          weight: 1,
          expected_answer: 'yes',
          evidence_phrases: ['verify your date of birth'],
          speaker: 'agent',
          within_first_s: null,
          within_last_s: null,
          within_first_messages: null,
          within_last_messages: null,
          applies_when_phrases: [],
          applies_when_speaker: 'customer',
        },
        {
          question_text: 'Did the agent explain the refund policy when asked?',
          weight: 1,
          expected_answer: 'yes',
          evidence_phrases: ['refund policy'],
          speaker: 'agent',
          within_first_s: null,
          within_last_s: null,
          within_first_messages: null,
          within_last_messages: null,
          applies_when_phrases: ['refund'],
          applies_when_speaker: 'customer',
        },
      ],
    },
  ],
}

const create = (body: unknown, role: keyof typeof auth = 'supervisor') =>
  t.app.inject({ method: 'POST', url: paths.createTemplate, headers: auth[role], payload: body as object })
const getOne = (id: string, role: keyof typeof auth = 'auditor') =>
  t.app.inject({ method: 'GET', url: `${paths.template}?template_internal_id=${id}`, headers: auth[role] })

beforeAll(async () => {
  t = await setupTestApp()
  for (const role of ['qa_supervisor', 'admin', 'auditor', 'agent'] as const) {
    const user = await createUser(t, { role })
    auth[role === 'qa_supervisor' ? 'supervisor' : role] = (await tokensFor(t, user)).auth
    if (role === 'agent') agentId = user.id
  }
})
afterAll(() => t.close())

describe('templates', () => {
  it('a QA supervisor creates a template; everyone signed in reads it back in order', async () => {
    const res = await create(inbound)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Template created successfully')
    const created: Template = res.json().data
    expect(created).toMatchObject({
      version: 1,
      name: inbound.name,
      status: 'active',
      category_count: 2,
      question_count: 3,
    })
    expect(created.updated_by).toMatch(/^Test User/)

    const read = await getOne(created.template_internal_id, 'agent')
    expect(read.statusCode).toBe(200)
    const body: Template = read.json().data
    expect(body.categories.map((c) => [c.name, c.weight, c.auto_failed])).toEqual([
      ['Opening', 1, false],
      ['Compliance', 3, true],
    ])
    expect(body.categories[1].questions[1]).toMatchObject({
      question_text: 'Did the agent explain the refund policy when asked?',
      evidence_phrases: ['refund policy'],
      applies_when_phrases: ['refund'],
      applies_when_speaker: 'customer',
    })
    expect(body.categories[0].questions[0].within_first_s).toBe(30)
  })

  it('only admins and QA supervisors manage templates', async () => {
    expect((await create(inbound, 'admin')).statusCode).toBe(200)
    for (const role of ['auditor', 'agent'] as const) {
      const res = await create(inbound, role)
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe('You do not have permission to perform this action.')
    }
    expect((await t.app.inject({ method: 'GET', url: paths.template })).statusCode).toBe(401)
  })

  it('refuses a template without categories, questions or phrases, with field errors', async () => {
    const res = await create({
      name: ' ',
      categories: [{ name: 'Empty', questions: [{ question_text: 'Q', evidence_phrases: [] }] }],
    })
    expect(res.statusCode).toBe(400)
    const errors = res.json().errors as Record<string, string[]>
    expect(errors.name).toEqual(['Template name is required'])
    expect(errors['categories.0.questions.0.evidence_phrases']).toEqual(['Give at least one phrase'])
    const both = structuredClone(inbound)
    both.categories[0].questions[0].within_last_s = 20
    const conflict = await create(both)
    expect(conflict.statusCode).toBe(400)
    expect(conflict.json().errors['categories.0.questions.0.within_last_s']).toEqual([
      'Choose the first or the last seconds of the call, not both',
    ])
  })

  it('saving makes a new version and the list shows only the latest', async () => {
    const first: Template = (await create({ ...inbound, name: 'Collections compliance' })).json().data
    const edited = structuredClone(inbound)
    edited.name = 'Collections compliance v2'
    edited.categories = [edited.categories[1]]
    const res = await t.app.inject({
      method: 'PUT',
      url: paths.updateTemplate,
      headers: auth.supervisor,
      payload: { ...edited, template_internal_id: first.template_internal_id },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Template updated successfully')
    expect(res.json().data).toMatchObject({ version: 2, name: 'Collections compliance v2', category_count: 1 })

    const list = await t.app.inject({ method: 'GET', url: `${paths.template}?q=collections`, headers: auth.auditor })
    expect(list.statusCode).toBe(200)
    expect(list.json().data).toMatchObject({ count: 1, current_page: 1, total_pages: 1 })
    expect(list.json().data.results[0]).toMatchObject({ version: 2, question_count: 2 })
  })

  it('pages the list and escapes the search', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${paths.template}?page_size=2`, headers: auth.agent })
    expect(page.json().data).toMatchObject({ count: 3, total_pages: 2, next: 2, previous: null })
    const wild = await t.app.inject({ method: 'GET', url: `${paths.template}?q=%25`, headers: auth.agent })
    expect(wild.json().data.count).toBe(0)
    const bad = await t.app.inject({ method: 'GET', url: `${paths.template}?page_size=500`, headers: auth.agent })
    expect(bad.statusCode).toBe(400)
  })

  it('deletes a template; unknown or malformed ids are 404 and 400', async () => {
    const created: Template = (await create({ ...inbound, name: 'Short-lived' })).json().data
    const url = `${paths.template}?template_internal_id=${created.template_internal_id}`
    expect((await t.app.inject({ method: 'DELETE', url, headers: auth.auditor })).statusCode).toBe(403)
    const res = await t.app.inject({ method: 'DELETE', url, headers: auth.supervisor })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Template deleted successfully')
    expect((await getOne(created.template_internal_id)).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'DELETE', url, headers: auth.supervisor })).statusCode).toBe(404)
    expect((await getOne('not-a-uuid')).statusCode).toBe(400)
    const missing = await t.app.inject({
      method: 'PUT',
      url: paths.updateTemplate,
      headers: auth.supervisor,
      payload: { ...inbound, template_internal_id: '00000000-0000-4000-8000-000000000000' },
    })
    expect(missing.statusCode).toBe(404)
  })

  it('archives every version instead of deleting when a call was scored with any of them', async () => {
    const created: Template = (await create({ ...inbound, name: 'Used in a call' })).json().data
    const internalId = created.template_internal_id
    const [v1] = await t.db.select().from(templates).where(eq(templates.internalId, internalId))
    const basics = await seedEvaluationBasics(t.db, agentId)
    // scored with version 1; then the template moves on to version 2
    await makeEvaluation(t.db, basics, { agentId, templateVersionId: v1.id })
    const edited = await t.app.inject({
      method: 'PUT',
      url: paths.updateTemplate,
      headers: auth.supervisor,
      payload: { ...inbound, name: 'Used in a call v2', template_internal_id: internalId },
    })
    expect(edited.statusCode).toBe(200)

    const url = `${paths.template}?template_internal_id=${internalId}`
    const res = await t.app.inject({ method: 'DELETE', url, headers: auth.supervisor })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      data: { template_internal_id: internalId, archived: true },
      message: 'Template deleted successfully',
    })
    const versions = await t.db.select().from(templates).where(eq(templates.internalId, internalId))
    expect(versions.map((v) => [v.version, v.status]).sort()).toEqual([
      [1, 'archived'],
      [2, 'archived'],
    ])
    // gone from the active list, still readable for the calls scored with it
    const active = await t.app.inject({ method: 'GET', url: `${paths.template}?q=used in a call`, headers: auth.agent })
    expect(active.json().data.count).toBe(0)
    const archived = await t.app.inject({
      method: 'GET',
      url: `${paths.template}?q=used in a call&status=archived`,
      headers: auth.agent,
    })
    expect(archived.json().data.results.map((r: Template) => r.template_internal_id)).toEqual([internalId])
    expect((await getOne(internalId)).json().data.status).toBe('archived')
    // a second delete archives again, harmlessly
    expect((await t.app.inject({ method: 'DELETE', url, headers: auth.supervisor })).statusCode).toBe(200)
    // and the unused basics template really goes
    const unused = basics.template.template_internal_id
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${paths.template}?template_internal_id=${unused}`,
      headers: auth.admin,
    })
    expect(gone.json().data).toEqual({ template_internal_id: unused, archived: false })
    expect((await getOne(unused)).statusCode).toBe(404)
  })
  it('keeps a window in messages for chats and e-mails beside the one in seconds', async () => {
    const chatty = structuredClone(inbound)
    chatty.categories[0].questions[0].within_first_messages = 2
    const created: Template = (await create(chatty)).json().data
    const read: Template = (await getOne(created.template_internal_id, 'agent')).json().data
    expect(read.categories[0].questions[0]).toMatchObject({ within_first_s: 30, within_first_messages: 2 })
    expect(read.categories[1].questions[0]).toMatchObject({ within_first_messages: null, within_last_messages: null })
    const both = structuredClone(chatty)
    both.categories[0].questions[0].within_last_messages = 1
    const conflict = await create(both)
    expect(conflict.statusCode).toBe(400)
    expect(conflict.json().errors['categories.0.questions.0.within_last_messages']).toEqual([
      'Choose the first or the last messages, not both',
    ])
  })
})
