import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { IconPlus } from '~/components/icons'
import { useState } from 'react'
import { z } from 'zod'
import { endpoints } from '#contract/endpoints'
import { templateInternalId, type TemplateSummary } from '#contract/templates'
import { TEMPLATE_LIST_PATH, useCanManageTemplates } from '~/components/call-evaluation/template-form/access'
import { TemplateDeleteForm, TemplateDeletePanel } from '~/components/call-evaluation/template-delete-confirm'
import { TemplateListFilters, TemplateListPager } from '~/components/call-evaluation/template-list-filters'
import { TemplateListTable } from '~/components/call-evaluation/template-list-table'
import { backToList, deleteAction } from '~/lib/delete-action.server'
import { readForm } from '~/lib/forms.server'
import { getTemplate, listTemplates, templateFailure } from '~/services/templates.server'
import { createUpstream } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { ConfirmModal } from '~/components/layout/confirm-action'
import { useListHref } from '~/lib/list-links'

export const meta: MetaFunction = () => [{ title: pageTitle('Templates') }]

const CONFIRM = 'confirm-delete'
const listParams = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  q: z.string().trim().max(100).catch(''),
  status: z.enum(['active', 'archived', 'all']).catch('active'),
  [CONFIRM]: templateInternalId.optional().catch(undefined),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const { [CONFIRM]: confirmId, ...query } = listParams.parse(Object.fromEntries(new URL(request.url).searchParams))
  // The list and the template to confirm a delete of, at once; a missing one just shows no confirmation.
  const [list, confirming] = await Promise.all([
    listTemplates(api, query).then(
      (page) => ({ page, error: null }),
      async (thrown: unknown) => ({ page: null, error: (await templateFailure(thrown)).message }),
    ),
    confirmId
      ? getTemplate(api, confirmId).catch(async (thrown: unknown) => void (await templateFailure(thrown)))
      : null,
  ])
  const confirm = confirming
    ? { template_internal_id: confirming.template_internal_id, name: confirming.name, version: confirming.version }
    : null
  return data({ query, ...list, confirm }, { headers: api.headers })
}

const deleteBody = z.object({ intent: z.literal('delete'), template_internal_id: templateInternalId })

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const parsed = deleteBody.safeParse(Object.fromEntries(form))
  return deleteAction({
    request,
    target: parsed.success ? parsed.data.template_internal_id : null,
    remove: (api, template_internal_id) => api.request(endpoints.archiveTemplate, { query: { template_internal_id } }),
    back: backToList(form.get('redirectTo'), TEMPLATE_LIST_PATH, CONFIRM),
    messages: { done: 'Template deleted successfully', choose: 'Choose a template to delete' },
    failure: templateFailure,
  })
}

export default function TemplateListPage() {
  const { query, page, error, confirm } = useLoaderData<typeof loader>()
  const canManage = useCanManageTemplates()
  const withParams = useListHref()
  const [asking, setAsking] = useState<TemplateSummary | null>(null)
  const redirectTo = withParams({ [CONFIRM]: null })

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>Templates</Title>
          <Text c="dimmed">
            The QA templates calls are evaluated against: categories, questions and their evidence.
          </Text>
        </div>
        {canManage ? (
          <Button component={Link} to={`${TEMPLATE_LIST_PATH}/add`} leftSection={<IconPlus size={16} aria-hidden />}>
            New template
          </Button>
        ) : null}
      </Group>
      {confirm && canManage ? (
        <TemplateDeletePanel template={confirm} redirectTo={redirectTo} cancelHref={redirectTo} />
      ) : null}
      <Card padding="md">
        <Stack gap="md">
          <TemplateListFilters q={query.q} status={query.status} />
          <TemplateListTable
            templates={page?.results ?? null}
            failure={{ title: 'Failed to load template list', message: error }}
            empty="No templates yet."
            noMatch={query.q ? `No templates match “${query.q}”.` : 'No templates match these filters.'}
            filtered={Boolean(query.q) || query.status !== 'active'}
            canManage={canManage}
            confirmHref={(id) => withParams({ [CONFIRM]: id })}
            onDelete={setAsking}
            footer={
              page ? (
                <TemplateListPager
                  page={query.page}
                  totalPages={page.total_pages}
                  count={page.count}
                  hrefFor={(n) => withParams({ page: String(n), [CONFIRM]: null })}
                />
              ) : null
            }
          />
        </Stack>
      </Card>
      <ConfirmModal title="Delete template" target={asking} onClose={() => setAsking(null)}>
        {(asking, controls) => <TemplateDeleteForm template={asking} redirectTo={redirectTo} {...controls} />}
      </ConfirmModal>
    </Stack>
  )
}
