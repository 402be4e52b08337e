import { invariantResponse } from '@epic-web/invariant'
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { endpoints } from '#contract/endpoints'
import { templateInternalId } from '#contract/templates'
import { ErrorScreen } from '~/components/error-screen'
import {
  canManageTemplates,
  FORBIDDEN_MESSAGE,
  TEMPLATE_LIST_PATH,
  useCanManageTemplates,
} from '~/components/call-evaluation/template-form/access'
import { parseTemplateForm } from '~/components/call-evaluation/template-form/schema'
import { TemplateForm } from '~/components/call-evaluation/template-form/template-form'
import { readForm } from '~/lib/forms.server'
import { getTemplate, templateFailure } from '~/services/templates.server'
import { createUpstream, errorResponse } from '~/services/upstream.server'
import { redirectWithToast } from '~/sessions.server'
import { pageTitle } from '~/theme'
import { formatDateTime } from '~/components/call-evaluation/evaluation-format'

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
  const api = await createUpstream(request)
  if (!id) {
    // a new template is for the roles that manage them: anyone else gets this page's 403
    const me = await api.request(endpoints.userDetail)
    if (!canManageTemplates(me.role)) throw errorResponse(403, FORBIDDEN_MESSAGE, api.headers)
    return data({ template: null }, { headers: api.headers })
  }
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
            ? `Last saved ${formatDateTime(template.updated_at)}${template.updated_by ? ` by ${template.updated_by}` : ''}.${canManage ? ' Saving makes a new version; evaluations keep the version they were scored with.' : ''}`
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

// A role that may not manage templates opening "New template" gets the refusal page (403) in the frame.
export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
