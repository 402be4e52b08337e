import { ActionIcon, Anchor, Badge, Group, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconPencil, IconUserOff } from '~/components/icons'
import type { MouseEvent } from 'react'
import type { ManagedUser } from '#contract/users'
import { formatDay, formatTime, userEditPath } from './paths'
import classes from './users.module.css'
import { DataTable, type ListStates } from '~/components/layout/data-table'

type Props = ListStates & {
  /** The users, or null when they could not be loaded (`failure` says why). */
  users: ManagedUser[] | null
  roleLabels: Record<string, string>
  /** The signed-in admin, who cannot deactivate themself. */
  meId: number
  /** The no-JavaScript confirmation step for a row: this page with `confirm-deactivate=<id>`. */
  confirmHref: (id: number) => string
  /** With JavaScript, Deactivate asks in a modal instead of following the link. */
  onDeactivate: (user: ManagedUser) => void
}

const dash = (value: string | null | undefined) => value || '—'
const nowrap = { className: classes.nowrap }

export function UserTable({ users, roleLabels, meId, confirmHref, onDeactivate, ...states }: Props) {
  return (
    <DataTable
      {...states}
      label="Users"
      rows={users}
      rowKey={(u) => u.id}
      minWidth={980}
      verticalSpacing={6}
      columns={[
        {
          header: 'Name and email',
          cell: (u) => (
            <>
              <Anchor component={Link} to={userEditPath(u.id)} fw={600} size="sm">
                {u.full_name}
              </Anchor>
              {u.id === meId ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (you)
                </Text>
              ) : null}
              <Text size="xs" c="dimmed" className={classes.email}>
                {u.email}
              </Text>
            </>
          ),
        },
        { header: 'Role', td: nowrap, cell: (u) => roleLabels[u.role] ?? u.role },
        { header: 'Employee code', td: nowrap, cell: (u) => dash(u.employee_code) },
        { header: 'Department', cell: (u) => dash(u.department?.name) },
        { header: 'Location', cell: (u) => dash(u.location?.name) },
        { header: 'Supervisor', cell: (u) => dash(u.supervisor?.name) },
        {
          header: 'Status',
          cell: (u) => (
            <Badge variant="light" color={u.is_active ? 'teal' : 'gray'} styles={{ root: { minWidth: 'max-content' } }}>
              {u.is_active ? 'Active' : 'Inactive'}
            </Badge>
          ),
        },
        {
          header: 'Last login',
          td: nowrap,
          cell: (u) =>
            u.last_login ? (
              <time dateTime={u.last_login}>
                {formatDay(u.last_login)}
                <Text span display="block" size="xs" c="dimmed">
                  {formatTime(u.last_login)}
                </Text>
              </time>
            ) : (
              <Text span size="sm" c="dimmed">
                Never
              </Text>
            ),
        },
        {
          header: 'Actions',
          hideHeader: true,
          cell: (u) => (
            <Group gap={6} wrap="nowrap" justify="flex-end">
              <ActionIcon
                component={Link}
                to={userEditPath(u.id)}
                variant="default"
                aria-label={`Edit ${u.full_name}`}
                title="Edit"
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
              {u.is_active && u.id !== meId ? (
                <ActionIcon
                  component={Link}
                  to={confirmHref(u.id)}
                  variant="light"
                  color="red"
                  aria-label={`Deactivate ${u.full_name}`}
                  title="Deactivate"
                  onClick={(event: MouseEvent) => {
                    event.preventDefault()
                    onDeactivate(u)
                  }}
                >
                  <IconUserOff size={16} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
          ),
        },
      ]}
    />
  )
}
