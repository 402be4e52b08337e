import { Button, Divider, Group, Paper, Text, UnstyledButton } from '@mantine/core'
import { Form, useLocation } from '@remix-run/react'
import { IconChevronDown, IconLogout } from '~/components/icons'
import { useEffect, useRef } from 'react'
import type { User } from '#contract/accounts'
import { roleLabel } from '#contract/roles'
import classes from './disclosure.module.css'

function initials(user: User) {
  return `${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase() || user.email[0].toUpperCase()
}

/** A native <details> menu: it opens without JavaScript; with it, it also closes on outside clicks and navigation. */
export function UserMenu({ user }: { user: User }) {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  useEffect(() => {
    ref.current?.removeAttribute('open')
  }, [location])
  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) ref.current.removeAttribute('open')
    }
    document.addEventListener('click', close)
    return () => document.removeEventListener('click', close)
  }, [])

  return (
    <details ref={ref} className={classes.disclosure}>
      {/* named by what it shows (name and role), so a voice user can say what they see */}
      <UnstyledButton component="summary" className={classes.summary}>
        <Group gap="xs" wrap="nowrap">
          <span className={classes.initials} aria-hidden>
            {initials(user)}
          </span>
          <div className={classes.userText}>
            <Text size="sm" fw={600} lh={1.2}>
              {user.full_name}
            </Text>
            <Text size="xs" c="dimmed" lh={1.2}>
              {roleLabel[user.role]}
            </Text>
          </div>
          <IconChevronDown size={14} />
        </Group>
      </UnstyledButton>
      <Paper withBorder shadow="md" p="sm" className={classes.dropdown} miw={230}>
        <Text size="sm" fw={600}>
          {user.full_name}
        </Text>
        <Text size="xs" c="dimmed">
          {user.email}
        </Text>
        <Text size="xs" c="dimmed">
          Role: {roleLabel[user.role]}
        </Text>
        <Divider my="sm" />
        <Form method="post" action="/logout">
          <Button type="submit" variant="light" color="red" fullWidth leftSection={<IconLogout size={16} />}>
            Logout
          </Button>
        </Form>
      </Paper>
    </details>
  )
}
