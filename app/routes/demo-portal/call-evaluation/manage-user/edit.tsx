import { invariantResponse } from '@epic-web/invariant'
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { endpoints } from '#contract/endpoints'
import { userIdParam } from '#contract/users'
import { userMessages } from '#contract/user-messages'
import { ErrorScreen } from '~/components/error-screen'
import { formatLastLogin, USER_LIST_PATH } from '~/components/users/paths'
import { CreatedPanel } from '~/components/users/user-form/created-panel'
import { parseUserForm } from '~/components/users/user-form/schema'
import { UserForm } from '~/components/users/user-form/user-form'
import { readForm } from '~/lib/forms.server'
import { createUpstream, type UpstreamFailure } from '~/services/upstream.server'
import { requireAdmin, userFailure } from '~/services/users.server'
import { redirectWithToast } from '~/sessions.server'
import { pageTitle } from '~/theme'
import { fetchLookups, formOptions } from './form-options.server'
import { conformFieldErrors } from '~/lib/api-field-errors'

/** One module for `manage-user/add` and `manage-user/:id` (like manage-template: add and edit share a page). */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.user ? data.user.full_name : 'New user') },
]

function idParam(params: LoaderFunctionArgs['params']) {
  if (params.id === undefined) return null
  const parsed = userIdParam.safeParse(params)
  invariantResponse(parsed.success, userMessages.notFound, { status: 404 })
  return parsed.data.id
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params)
  const api = await createUpstream(request)
  const [me, user, lookups] = await Promise.all([
    requireAdmin(api),
    id === null
      ? null
      : api.request(endpoints.userById, { params: { id } }).catch(async (thrown: unknown) => {
          const { status, message } = await userFailure(thrown)
          throw new Response(message, { status, headers: api.headers })
        }),
    fetchLookups(api),
  ])
  const { options, unavailable } = formOptions(lookups, user)
  return data({ user, isSelf: user?.id === me.id, options, unavailable }, { headers: api.headers })
}

// The API's generic answer to a body it could not validate says less than the SPEC's message.
const GENERIC = new Set(['Invalid request', 'Invalid input'])

/** SPEC §8: 'Failed to create user', or the server's own reason (its non_field_errors, e.g. a duplicate email). */
function formMessage(failure: UpstreamFailure, fallback: string) {
  const reasons = failure.fieldErrors.non_field_errors
  if (failure.status < 500 && reasons?.length) return reasons.join(' ')
  if (failure.status >= 500 || GENERIC.has(failure.message)) return fallback
  return failure.message
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idParam(params)
  const formData = await readForm(request)
  // The user being edited is the one in the URL, whatever the form says.
  if (id !== null) formData.set('id', String(id))
  const submission = parseUserForm(formData, { edit: id !== null })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }), created: null }, { status: 400 })
  }
  const api = await createUpstream(request)
  try {
    if (id !== null) {
      await api.request(endpoints.editUser, { body: { ...submission.value, id } })
      return await redirectWithToast(USER_LIST_PATH, { message: userMessages.updated }, { headers: api.headers })
    }
    const { user, temporary_password } = await api.request(endpoints.createUser, { body: submission.value })
    if (!temporary_password) {
      return await redirectWithToast(USER_LIST_PATH, { message: userMessages.created }, { headers: api.headers })
    }
    // Shown once, in this answer only: never in a cookie, never cached.
    const headers = new Headers(api.headers)
    headers.set('Cache-Control', 'no-store')
    const created = { user: { id: user.id, full_name: user.full_name, email: user.email }, temporary_password }
    return data({ result: undefined, created }, { headers })
  } catch (thrown) {
    const failure = await userFailure(thrown)
    const { formErrors, fieldErrors } = conformFieldErrors(failure.fieldErrors)
    const message = formMessage(failure, id !== null ? userMessages.updateFailed : userMessages.createFailed)
    return data(
      {
        result: submission.reply({
          formErrors: [message, ...formErrors.filter((m) => m !== message)],
          fieldErrors,
          hideFields: ['password'],
        }),
        created: null,
      },
      { status: failure.status, headers: api.headers },
    )
  }
}

export default function UserEditPage() {
  const { user, isSelf, options, unavailable } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()

  if (actionData?.created) {
    return (
      <Stack gap="lg">
        <Title order={1}>New user</Title>
        <CreatedPanel
          user={actionData.created.user}
          temporaryPassword={actionData.created.temporary_password}
          message={userMessages.created}
        />
      </Stack>
    )
  }
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={USER_LIST_PATH} size="sm">
          ← Users
        </Anchor>
        <Group gap="sm" mt={4}>
          <Title order={1}>{user ? user.full_name : 'New user'}</Title>
          {user ? (
            <Badge variant="light" color={user.is_active ? 'teal' : 'gray'}>
              {user.is_active ? 'Active' : 'Inactive'}
            </Badge>
          ) : null}
        </Group>
        <Text c="dimmed" size="sm">
          {user
            ? `${user.email} · last login ${formatLastLogin(user.last_login)}${isSelf ? ' · this is you' : ''}`
            : 'An account to sign in with and, for agents and QA supervisors, their staff record.'}
        </Text>
      </div>
      {unavailable.length ? (
        <Alert color="yellow" title="Some lists could not be loaded">
          {unavailable.join(', ')}: their pickers show only the current value, which saving keeps.
        </Alert>
      ) : null}
      <UserForm key={user?.id ?? 'new'} user={user} isSelf={isSelf} options={options} lastResult={actionData?.result} />
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
