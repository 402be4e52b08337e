import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { IconDownload, IconPlus } from '~/components/icons'
import { useState } from 'react'
import { z } from 'zod'
import { roleLabel } from '#contract/roles'
import { endpoints } from '#contract/endpoints'
import type { ManagedUser } from '#contract/users'
import { USER_UPLOAD_MAX_BYTES, userUploadColumns } from '#contract/limits'
import { userMessages } from '#contract/user-messages'
import { ErrorScreen } from '~/components/error-screen'
import { USER_EXPORT_PATH, USER_LIST_PATH, type Option } from '~/components/users/paths'
import {
  UserDeactivateForm,
  UserDeactivatePanel,
  type DeactivateTarget,
} from '~/components/users/user-deactivate-confirm'
import { UserListFilters, UserListPager } from '~/components/users/user-list-filters'
import { UserTable } from '~/components/users/user-table'
import { UserUpload } from '~/components/users/user-upload'
import { backToList, deleteAction } from '~/lib/delete-action.server'
import { readForm } from '~/lib/forms.server'
import { createUpstream, orNull } from '~/services/upstream.server'
import { filtersOf, listUsers, readUserListParams, requireAdmin, userFailure } from '~/services/users.server'
import { redirectWithToast } from '~/sessions.server'
import { pageTitle } from '~/theme'
import { uploadAction } from './upload.server'
import { ConfirmModal } from '~/components/layout/confirm-action'
import { useListHref } from '~/lib/list-links'

export const meta: MetaFunction = () => [{ title: pageTitle('Users') }]

const CONFIRM = 'confirm-deactivate'
const SEARCHED = 'searched'

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const url = new URL(request.url)
  const query = readUserListParams(url.searchParams)
  const confirmId = z.coerce.number().int().positive().max(2_147_483_647).safeParse(url.searchParams.get(CONFIRM))
  // The admin check, the page, the filters' lookups and the user to confirm a deactivation of, at once.
  const [me, list, roles, departments, locations, confirming] = await Promise.all([
    requireAdmin(api),
    listUsers(api, { ...filtersOf(query), page: query.page }).then(
      (page) => ({ page, error: null }),
      async (thrown: unknown) => ({ page: null, error: (await userFailure(thrown)).message }),
    ),
    orNull(api.request(endpoints.roleList)),
    orNull(api.lookup(endpoints.departmentList)),
    orNull(api.lookup(endpoints.locationList, { query: { limit: 250 } })),
    confirmId.success ? orNull(api.request(endpoints.userById, { params: { id: confirmId.data } })) : null,
  ])
  if (url.searchParams.has(SEARCHED) && list.page) {
    // An explicit search says so once (SPEC §8), as a toast; the URL keeps only the filters.
    url.searchParams.delete(SEARCHED)
    throw await redirectWithToast(
      `${url.pathname}${url.search}`,
      { message: userMessages.listed },
      { headers: api.headers },
    )
  }
  const confirm: DeactivateTarget | null =
    confirming && confirming.is_active && confirming.id !== me.id
      ? { id: confirming.id, full_name: confirming.full_name, email: confirming.email }
      : null
  const options = {
    roles:
      roles?.results.map((r) => ({ value: r.code, label: r.name })) ??
      Object.entries(roleLabel).map(([value, label]) => ({ value, label })),
    departments: departments?.results.map((d) => ({ value: String(d.id), label: d.name })) ?? [],
    locations: locations?.results.map((l) => ({ value: String(l.id), label: l.name })) ?? [],
  }
  const upload = { maxMb: USER_UPLOAD_MAX_BYTES / 1024 / 1024, columns: userUploadColumns }
  return data({ me: { id: me.id }, query, ...list, options, confirm, upload }, { headers: api.headers })
}

const deactivateBody = z.object({
  intent: z.literal('deactivate'),
  id: z.coerce.number().int().positive().max(2_147_483_647),
})

export async function action({ request }: ActionFunctionArgs) {
  if (request.headers.get('Content-Type')?.startsWith('multipart/form-data')) return uploadAction(request)
  const form = await readForm(request)
  const parsed = deactivateBody.safeParse(Object.fromEntries(form))
  return deleteAction({
    request,
    target: parsed.success ? parsed.data.id : null,
    remove: (api, id) => api.request(endpoints.deactivateUser, { params: { id } }),
    back: backToList(form.get('redirectTo'), USER_LIST_PATH, CONFIRM, SEARCHED),
    messages: { done: userMessages.deactivated, choose: 'Choose a user to deactivate' },
    failure: userFailure,
  })
}

function exportHref(filters: Record<string, string | number | undefined>) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value))
  const query = params.toString()
  return query ? `${USER_EXPORT_PATH}?${query}` : USER_EXPORT_PATH
}

export default function UserListPage() {
  const { me, query, page, error, options, confirm, upload } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const withParams = useListHref([SEARCHED])
  const [asking, setAsking] = useState<ManagedUser | null>(null)
  const redirectTo = withParams({ [CONFIRM]: null })
  const roleLabels = Object.fromEntries(options.roles.map((r: Option) => [r.value, r.label]))
  const { page: _page, ...filters } = query
  const uploaded = actionData && 'upload' in actionData ? actionData.upload : undefined
  // after an upload its report comes first (without JavaScript the page opens at the top)
  const uploadCard = <UserUpload outcome={uploaded} maxMb={upload.maxMb} columns={upload.columns} />

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>Users</Title>
          <Text c="dimmed">Agents, QA supervisors, auditors and admins: their access and their staff records.</Text>
        </div>
        <Group gap="sm">
          <Button
            component="a"
            href={exportHref(filters)}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
          <Button component={Link} to={`${USER_LIST_PATH}/add`} leftSection={<IconPlus size={16} aria-hidden />}>
            New user
          </Button>
        </Group>
      </Group>
      {uploaded ? uploadCard : null}
      {confirm ? <UserDeactivatePanel user={confirm} redirectTo={redirectTo} cancelHref={redirectTo} /> : null}
      <Card padding="md">
        <Stack gap="md">
          <UserListFilters query={query} {...options} />
          <UserTable
            users={page?.results ?? null}
            failure={{ title: 'Failed to load employee list', message: error }}
            empty="No users yet."
            noMatch="No users match these filters."
            filtered={Object.values(filters).some(Boolean)}
            roleLabels={roleLabels}
            meId={me.id}
            confirmHref={(id) => withParams({ [CONFIRM]: String(id) })}
            onDeactivate={setAsking}
            footer={
              page ? (
                <UserListPager
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
      {uploaded ? null : uploadCard}
      <ConfirmModal title="Deactivate user" target={asking} onClose={() => setAsking(null)}>
        {(asking, controls) => <UserDeactivateForm user={asking} redirectTo={redirectTo} {...controls} />}
      </ConfirmModal>
    </Stack>
  )
}

// A non-admin's 403 reads "403 — Only admins can manage users."
export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
