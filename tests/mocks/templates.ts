import { http } from 'msw'
import { paths } from '#contract/paths'
import {
  templateIdQuery,
  templateInput,
  templateQuery,
  updateTemplateBody,
  type Template,
  type TemplateInput,
} from '#contract/templates'
import type { ZodError } from 'zod'
import { summaryOf, templateFixtures, templateFrom } from '#tests/fixtures/templates'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, authenticate, error, ok } from './auth'

const FORBIDDEN = 'You do not have permission to perform this action.'
const NOT_FOUND = 'Template not found'

/** Field errors the way the API names them: `categories.0.questions.1.weight`. */
function fieldErrors(zodError: ZodError) {
  const errors: Record<string, string[]> = {}
  for (const issue of zodError.issues) (errors[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message)
  return errors
}

/** Like the API: admins and QA supervisors manage templates, others get 403. */
function manager(request: Request): DemoKey | Response {
  const key = authenticate(request)
  if (key instanceof Response) return key
  const role: string = demoUsers[key].role
  return role === 'admin' || role === 'qa_supervisor' ? key : error(403, FORBIDDEN)
}

const byId = (id: string) => templateFixtures.find((t) => t.template_internal_id === id)

function saved(input: TemplateInput, key: DemoKey, base?: Template): Template {
  const user = demoUsers[key]
  return templateFrom(input, {
    template_internal_id: base?.template_internal_id,
    version: (base?.version ?? 0) + 1,
    updated_by: `${user.first_name} ${user.last_name}`,
    updated_at: new Date().toISOString(),
  })
}

// Stateless: writes answer as the API would without changing the fixtures, so tests stay independent.
export const templateHandlers = [
  http.get(UPSTREAM + paths.template, ({ request }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    const query = templateQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
    if (!query.success) return error(400, 'Invalid request', fieldErrors(query.error))
    const { template_internal_id: id, page, page_size: size, q, status } = query.data
    if (id) {
      const found = byId(id)
      return found ? ok(found, 'Template retrieved successfully') : error(404, NOT_FOUND)
    }
    const needle = q?.toLowerCase()
    const matching = templateFixtures
      .filter((t) => status === 'all' || t.status === status)
      .filter((t) => !needle || `${t.name} ${t.description}`.toLowerCase().includes(needle))
    const totalPages = Math.ceil(matching.length / size)
    return ok(
      {
        count: matching.length,
        total_pages: totalPages,
        current_page: page,
        next: page < totalPages ? page + 1 : null,
        previous: page > 1 ? page - 1 : null,
        results: matching.slice((page - 1) * size, page * size).map(summaryOf),
      },
      'Template list retrieved successfully',
    )
  }),

  http.post(UPSTREAM + paths.createTemplate, async ({ request }) => {
    const key = manager(request)
    if (key instanceof Response) return key
    const body = templateInput.safeParse(await request.json().catch(() => null))
    if (!body.success) return error(400, 'Invalid request', fieldErrors(body.error))
    return ok(saved(body.data, key), 'Template created successfully')
  }),

  http.put(UPSTREAM + paths.updateTemplate, async ({ request }) => {
    const key = manager(request)
    if (key instanceof Response) return key
    const body = updateTemplateBody.safeParse(await request.json().catch(() => null))
    if (!body.success) return error(400, 'Invalid request', fieldErrors(body.error))
    const { template_internal_id: id, ...input } = body.data
    const base = byId(id)
    return base ? ok(saved(input, key, base), 'Template updated successfully') : error(404, NOT_FOUND)
  }),

  http.delete(UPSTREAM + paths.template, ({ request }) => {
    const key = manager(request)
    if (key instanceof Response) return key
    const query = templateIdQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
    if (!query.success) return error(400, 'Invalid request', fieldErrors(query.error))
    const found = byId(query.data.template_internal_id)
    return found
      ? ok({ template_internal_id: found.template_internal_id }, 'Template deleted successfully')
      : error(404, NOT_FOUND)
  }),
]
