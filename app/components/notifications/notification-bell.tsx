import { ActionIcon, Button, Indicator, Popover, ScrollArea, Text, Title } from '@mantine/core'
import { useFetcher, useLocation } from '@remix-run/react'
import { IconBell } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import type { Notification, NotificationList } from '#contract/notifications'
import { appendPage, feedFromPage, markRead, nextPage, NOTIFICATION_PAGE_SIZE } from '~/lib/notification-feed'
import type { loader as notificationsLoader } from '~/routes/resources/notifications'
import { MarkReadButton, NotificationItems } from './notification-items'

const RESOURCE = '/resources/notifications'

export function bellLabel(count: number) {
  return count === 0 ? 'Notifications, none unread' : `Notifications, ${count} unread`
}

function MarkRead({ notification, onDone }: { notification: Notification; onDone: (id: number) => void }) {
  const fetcher = useFetcher()
  return (
    <fetcher.Form method="post" action={RESOURCE} onSubmit={() => onDone(notification.id)}>
      <input type="hidden" name="id" value={notification.id} />
      <MarkReadButton notification={notification} />
    </fetcher.Form>
  )
}

/**
 * Without JavaScript the bell is a link that makes the layout render the panel in the page;
 * with it, a popover pages through the resource route.
 */
export function NotificationBell({ page }: { page: NotificationList }) {
  const location = useLocation()
  const [opened, setOpened] = useState(false)
  const [feed, setFeed] = useState(() => feedFromPage(page, NOTIFICATION_PAGE_SIZE))
  const more = useFetcher<typeof notificationsLoader>()

  // A revalidated layout (e.g. after marking one read) brings the server's first page and count.
  useEffect(() => setFeed((f) => appendPage(f, page)), [page])
  useEffect(() => {
    if (more.data) setFeed((f) => appendPage(f, more.data!))
  }, [more.data])

  const next = nextPage(feed)
  const params = new URLSearchParams(location.search)
  params.set('notifications', 'open')

  return (
    // the indicator goes around the popover, not inside its target: the target's ARIA state (expanded,
    // controls) belongs on the link itself, not on the indicator's <div>
    <Indicator label={feed.unreadCount} size={18} disabled={feed.unreadCount === 0} color="red" offset={4}>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withArrow>
        <Popover.Target>
          <ActionIcon
            component="a"
            href={`${location.pathname}?${params}`}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={bellLabel(feed.unreadCount)}
            aria-expanded={opened}
            onClick={(event) => {
              event.preventDefault()
              setOpened((o) => !o)
            }}
          >
            <IconBell size={22} stroke={1.6} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Title order={2} size="h5" mb={4}>
            Notifications
          </Title>
          <Text size="xs" c="dimmed">
            {feed.unreadCount} unread
          </Text>
          <ScrollArea.Autosize mah={360} type="auto">
            <NotificationItems
              items={feed.items}
              markRead={(n) => <MarkRead notification={n} onDone={(id) => setFeed((f) => markRead(f, id))} />}
            />
          </ScrollArea.Autosize>
          {next ? (
            <Button
              variant="light"
              fullWidth
              mt="sm"
              loading={more.state !== 'idle'}
              onClick={() => more.load(`${RESOURCE}?page=${next}`)}
            >
              Load more
            </Button>
          ) : null}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  )
}
