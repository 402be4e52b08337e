import { endpoints } from '#contract/endpoints'
import type { Template, TemplateInput } from '#contract/templates'
import { summaryOf, templateFixtures, templateFrom } from '#tests/fixtures/templates'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'
import { error } from './auth'
import { answer, mock } from './endpoint'

const NOT_FOUND = 'Template not found'

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
// Only admins and QA supervisors manage templates: the table's roles, checked by mock().
export const templateHandlers = [
  mock(endpoints.getTemplate, ({ query }) => {
    const { template_internal_id: id, page, page_size: size, q, status } = query
    if (id) {
      const found = byId(id)
      return found ? answer(found, 'Template retrieved successfully') : error(404, NOT_FOUND)
    }
    const needle = q?.toLowerCase()
    const matching = templateFixtures
      .filter((t) => status === 'all' || t.status === status)
      .filter((t) => !needle || `${t.name} ${t.description}`.toLowerCase().includes(needle))
    const totalPages = Math.ceil(matching.length / size)
    return answer(
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

  mock(endpoints.createTemplate, ({ body, key }) => saved(body, key), 'Template created successfully'),

  mock(
    endpoints.updateTemplate,
    ({ body: { template_internal_id: id, ...input }, key }) => {
      const base = byId(id)
      return base ? saved(input, key, base) : error(404, NOT_FOUND)
    },
    'Template updated successfully',
  ),

  mock(
    endpoints.archiveTemplate,
    ({ query }) => {
      const found = byId(query.template_internal_id)
      // no calls are scored with the fixtures' templates, so they are deleted rather than archived
      return found ? { template_internal_id: found.template_internal_id, archived: false } : error(404, NOT_FOUND)
    },
    'Template deleted successfully',
  ),
]
