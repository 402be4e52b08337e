import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { USER_LIST_PATH } from './paths'

export type DeactivateTarget = { id: number; full_name: string; email: string }

type Props = {
  user: DeactivateTarget
  /** Where to come back to after (the list as it was, without the confirmation step). */
  redirectTo: string
  cancel: ReactNode
}

/** The deactivate form itself: a plain POST, shown in a modal with JavaScript and in the page without it. */
export function UserDeactivateForm({ user, redirectTo, cancel }: Props) {
  return (
    <Form method="post" action={USER_LIST_PATH}>
      <input type="hidden" name="intent" value="deactivate" />
      <input type="hidden" name="id" value={user.id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Stack gap="md">
        <Text size="sm">
          Deactivate <strong>{user.full_name}</strong> ({user.email})? They are signed out at once and can no longer
          sign in. Their evaluations and history are kept; an admin can reactivate them from the edit page.
        </Text>
        <Group gap="sm" justify="flex-end">
          {cancel}
          <Button type="submit" color="red">
            Deactivate user
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

/** The no-JavaScript confirmation step (`?confirm-deactivate=<id>`), above the list. */
export function UserDeactivatePanel({ cancelHref, ...props }: Omit<Props, 'cancel'> & { cancelHref: string }) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      role="region"
      aria-labelledby="confirm-deactivate-title"
      style={{ borderColor: 'var(--mantine-color-red-4)', background: 'var(--mantine-color-red-0)' }}
    >
      <Title order={2} size="h4" id="confirm-deactivate-title" mb="xs">
        Deactivate user
      </Title>
      <UserDeactivateForm
        {...props}
        cancel={
          <Button component={Link} to={cancelHref} variant="default">
            Cancel
          </Button>
        }
      />
    </Paper>
  )
}
