import { Anchor, Button, Group, Paper, Text, Title } from '@mantine/core'
import { Form, Link, useLocation } from '@remix-run/react'
import { nextPage, type NotificationFeed } from '~/lib/notification-feed'
import { MarkReadButton, NotificationItems } from './notification-items'

/** The bell's panel rendered in the page (`?notifications=open`): plain links and forms, no JavaScript needed. */
export function NotificationPanel({ feed, loadedPages }: { feed: NotificationFeed; loadedPages: number }) {
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  const more = new URLSearchParams(location.search)
  more.set('notifications', 'open')
  more.set('npage', String(loadedPages + 1))
  return (
    <Paper withBorder p="md" mb="lg" component="section" aria-labelledby="notifications-heading">
      <Group justify="space-between" mb="xs">
        <div>
          <Title order={2} size="h4" id="notifications-heading">
            Notifications
          </Title>
          <Text size="xs" c="dimmed">
            {feed.unreadCount} unread
          </Text>
        </div>
        <Anchor component={Link} to={location.pathname} size="sm">
          Close
        </Anchor>
      </Group>
      <NotificationItems
        items={feed.items}
        markRead={(n) => (
          <Form method="post" action="/resources/notifications">
            <input type="hidden" name="id" value={n.id} />
            <input type="hidden" name="redirectTo" value={here} />
            <MarkReadButton notification={n} />
          </Form>
        )}
      />
      {nextPage(feed) ? (
        <Button component={Link} to={`${location.pathname}?${more}`} variant="light" mt="sm">
          Load more
        </Button>
      ) : null}
    </Paper>
  )
}
