import { ActionIcon, Anchor, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconPencil, IconUserOff } from '@tabler/icons-react'
import type { MouseEvent } from 'react'
import type { ManagedUser } from '#contract/users'
import { formatDay, formatTime, userEditPath } from './paths'
import classes from './users.module.css'

type Props = {
  users: ManagedUser[]
  roleLabels: Record<string, string>
  /** The signed-in admin, who cannot deactivate themself. */
  meId: number
  /** The no-JavaScript confirmation step for a row: this page with `confirm-deactivate=<id>`. */
  confirmHref: (id: number) => string
  /** With JavaScript, Deactivate asks in a modal instead of following the link. */
  onDeactivate: (user: ManagedUser) => void
}

const dash = (value: string | null | undefined) => value || '—'

export function UserTable({ users, roleLabels, meId, confirmHref, onDeactivate }: Props) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped highlightOnHover verticalSpacing={6} horizontalSpacing="xs" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name and email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Employee code</Table.Th>
            <Table.Th>Department</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Supervisor</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last login</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>
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
              </Table.Td>
              <Table.Td className={classes.nowrap}>{roleLabels[u.role] ?? u.role}</Table.Td>
              <Table.Td className={classes.nowrap}>{dash(u.employee_code)}</Table.Td>
              <Table.Td>{dash(u.department?.name)}</Table.Td>
              <Table.Td>{dash(u.location?.name)}</Table.Td>
              <Table.Td>{dash(u.supervisor?.name)}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={u.is_active ? 'teal' : 'gray'}
                  styles={{ root: { minWidth: 'max-content' } }}
                >
                  {u.is_active ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {u.last_login ? (
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
                )}
              </Table.Td>
              <Table.Td>
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
