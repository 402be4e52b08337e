import { Button, Paper, Text, Title } from '@mantine/core'
import { useFetcher, useLocation } from '@remix-run/react'
import { IconBell } from '~/components/icons'
import { useEffect, useId, useRef, useState } from 'react'
import classes from '~/components/layout/disclosure.module.css'
import look from '~/components/layout/look.module.css'
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
 * Without JavaScript the bell is a link that makes the layout render the panel in the page; with it,
 * a panel under the bell pages through the resource route. The panel is ours, not a Mantine popover:
 * positioned by CSS beside the bell, so every page is spared a positioning library (issue 20). It
 * closes on Escape (focus back on the bell), on a click outside and on navigation.
 */
export function NotificationBell({ page }: { page: NotificationList }) {
  const location = useLocation()
  const [opened, setOpened] = useState(false)
  const [feed, setFeed] = useState(() => feedFromPage(page, NOTIFICATION_PAGE_SIZE))
  const more = useFetcher<typeof notificationsLoader>()
  const root = useRef<HTMLDivElement>(null)
  const bell = useRef<HTMLAnchorElement>(null)
  const panelId = useId()

  // A revalidated layout (e.g. after marking one read) brings the server's first page and count.
  useEffect(() => setFeed((f) => appendPage(f, page)), [page])
  useEffect(() => {
    if (more.data) setFeed((f) => appendPage(f, more.data!))
  }, [more.data])
  useEffect(() => setOpened(false), [location.pathname])
  useEffect(() => {
    if (!opened) return
    const outside = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpened(false)
    }
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpened(false)
      bell.current?.focus()
    }
    document.addEventListener('mousedown', outside)
    document.addEventListener('keydown', escape)
    return () => {
      document.removeEventListener('mousedown', outside)
      document.removeEventListener('keydown', escape)
    }
  }, [opened])

  const next = nextPage(feed)
  const params = new URLSearchParams(location.search)
  params.set('notifications', 'open')

  return (
    <div ref={root} className={classes.disclosure}>
      {/* the count sits beside the link, for the eye: the link's own name says it */}
      <span className={classes.bell}>
        <a
          ref={bell}
          href={`${location.pathname}?${params}`}
          className={`mantine-focus-auto ${look.iconButton}`}
          aria-label={bellLabel(feed.unreadCount)}
          aria-expanded={opened}
          aria-controls={opened ? panelId : undefined}
          onClick={(event) => {
            event.preventDefault()
            setOpened((o) => !o)
          }}
        >
          <IconBell size={22} stroke={1.6} />
        </a>
        {feed.unreadCount > 0 ? (
          <span className={classes.unread} aria-hidden>
            {feed.unreadCount}
          </span>
        ) : null}
      </span>
      {opened ? (
        <Paper
          id={panelId}
          role="dialog"
          aria-label="Notifications"
          withBorder
          shadow="md"
          p="sm"
          className={`${classes.dropdown} ${classes.bellPanel}`}
        >
          <Title order={2} size="h5" mb={4}>
            Notifications
          </Title>
          <Text size="xs" c="dimmed">
            {feed.unreadCount} unread
          </Text>
          <div className={classes.bellList}>
            <NotificationItems
              items={feed.items}
              markRead={(n) => <MarkRead notification={n} onDone={(id) => setFeed((f) => markRead(f, id))} />}
            />
          </div>
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
        </Paper>
      ) : null}
    </div>
  )
}
