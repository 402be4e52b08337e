import { invariantResponse } from '@epic-web/invariant'
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { endpoints } from '#contract/endpoints'
import { templateInternalId } from '#contract/templates'
import { ErrorScreen } from '~/components/error-screen'
import {
  FORBIDDEN_MESSAGE,
  TEMPLATE_LIST_PATH,
  useCanManageTemplates,
} from '~/components/call-evaluation/template-form/access'
import { parseTemplateForm } from '~/components/call-evaluation/template-form/schema'
import { TemplateForm } from '~/components/call-evaluation/template-form/template-form'
import { formatUpdatedAt } from '~/components/call-evaluation/template-list-table'
import { readForm } from '~/lib/forms.server'
import { getTemplate, templateFailure } from '~/services/templates.server'
import { createUpstream } from '~/services/upstream.server'
import { redirectWithToast } from '~/sessions.server'
import { pageTitle } from '~/theme'

/** One module for `manage-template/add` and `manage-template/:internalTemplateId` (SPEC §2: they share a page). */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.template ? data.template.name : 'New template') },
]

function idParam(params: LoaderFunctionArgs['params']) {
  const id = params.internalTemplateId
  if (id === undefined) return null
  invariantResponse(templateInternalId.safeParse(id).success, 'Template not found', { status: 404 })
  return id
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params)
  if (!id) return { template: null }
  const api = await createUpstream(request)
  const template = await getTemplate(api, id)
  return data({ template }, { headers: api.headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params)
  const formData = await readForm(request)
  // The template being edited is the one in the URL, whatever the form says.
  if (id) formData.set('template_internal_id', id)
  const submission = parseTemplateForm(formData, { update: id !== null })
  if (submission.status !== 'success') {
    // A list intent (add, remove, move) without JavaScript is not an error: it answers the changed form.
    return data({ result: submission.reply() }, { status: submission.status === 'error' ? 400 : 200 })
  }
  const api = await createUpstream(request)
  try {
    if (id) await api.request(endpoints.updateTemplate, { body: { ...submission.value, template_internal_id: id } })
    else await api.request(endpoints.createTemplate, { body: submission.value })
    const message = id ? 'Template updated successfully' : 'Template created successfully'
    return await redirectWithToast(TEMPLATE_LIST_PATH, { message }, { headers: api.headers })
  } catch (thrown) {
    const failure = await templateFailure(thrown)
    // the API names fields by path ("categories.0.name"); conform by "categories[0].name"
    const fieldErrors = Object.fromEntries(
      Object.entries(failure.fieldErrors).map(([path, messages]) => [
        path.replace(/\.(\d+)(?=\.|$)/g, '[$1]'),
        messages,
      ]),
    )
    return data(
      { result: submission.reply({ formErrors: [failure.message], fieldErrors }) },
      { status: failure.status, headers: api.headers },
    )
  }
}

export default function TemplateEditPage() {
  const { template } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const canManage = useCanManageTemplates()

  if (!template && !canManage) return <NotAllowed />
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={TEMPLATE_LIST_PATH} size="sm">
          ← Templates
        </Anchor>
        <Group gap="sm" mt={4}>
          <Title order={1}>{template ? template.name : 'New template'}</Title>
          {template ? <Badge variant="light">v{template.version}</Badge> : null}
        </Group>
        <Text c="dimmed" size="sm">
          {template
            ? `Last saved ${formatUpdatedAt(template.updated_at)}${template.updated_by ? ` by ${template.updated_by}` : ''}.${canManage ? ' Saving makes a new version; evaluations keep the version they were scored with.' : ''}`
            : 'Group the questions a QA reviewer asks into weighted categories. The AI answers each from the call transcript.'}
        </Text>
      </div>
      {template && !canManage ? (
        <Alert color="blue" title="Read only">
          {FORBIDDEN_MESSAGE}
        </Alert>
      ) : null}
      <TemplateForm
        key={template?.template_internal_id ?? 'new'}
        template={template}
        lastResult={actionData?.result}
        readOnly={!canManage}
      />
    </Stack>
  )
}

function NotAllowed() {
  return (
    <Alert color="red" title="You cannot create templates" role="alert" maw={640}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{FORBIDDEN_MESSAGE}</Text>
        <Button component={Link} to={TEMPLATE_LIST_PATH} variant="default" size="xs">
          Back to templates
        </Button>
      </Stack>
    </Alert>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 403) {
    return <ErrorScreen error={new Error(FORBIDDEN_MESSAGE)} />
  }
  return <ErrorScreen error={error} />
}
