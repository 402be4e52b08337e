import { Anchor, Button, Group, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { Notification } from '#contract/notifications'
import { relativeTime } from '~/lib/relative-time'

/** The list inside the bell panel; `markRead` renders the control that marks one read (fetcher or plain form). */
export function NotificationItems({
  items,
  markRead,
}: {
  items: Notification[]
  markRead: (n: Notification) => ReactNode
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        You're all caught up — no unread notifications.
      </Text>
    )
  }
  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((n) => (
        <li key={n.id} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', padding: '10px 0' }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              {n.link ? (
                <Anchor component={Link} to={n.link} size="sm" fw={600}>
                  {n.title}
                </Anchor>
              ) : (
                <Text size="sm" fw={600}>
                  {n.title}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {n.body}
              </Text>
              <Text size="xs" c="dimmed" component="time" dateTime={n.created_at} suppressHydrationWarning>
                {relativeTime(n.created_at)}
              </Text>
            </div>
            {markRead(n)}
          </Group>
        </li>
      ))}
    </Stack>
  )
}

export function MarkReadButton({ notification }: { notification: Notification }) {
  return (
    <Button
      type="submit"
      variant="subtle"
      size="compact-xs"
      aria-label={`Mark as read: ${notification.title}, ${notification.body}`}
    >
      Mark as read
    </Button>
  )
}
