import { AppShell, Burger, Group, Paper, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Link, useLocation, useNavigation } from '@remix-run/react'
import { IconMenu2 } from '@tabler/icons-react'
import { useEffect, useState, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { User } from '#contract/accounts'
import type { NotificationList } from '#contract/notifications'
import { NotificationBell } from '~/components/notifications/notification-bell'
import { PageLoader } from '~/components/page-loader'
import { PRODUCT_NAME } from '~/theme'
import classes from './disclosure.module.css'
import { NavLinks } from './nav-links'
import { UserMenu } from './user-menu'

type Props = { user: User; notifications: NotificationList; children: ReactNode; panel?: ReactNode }

/** Without JavaScript the burger can't toggle, so small screens get a native <details> menu instead. */
function SmallScreenMenu() {
  return (
    <details className={classes.disclosure}>
      <summary className={classes.summary} aria-label="Open navigation">
        <IconMenu2 size={22} />
      </summary>
      <Paper withBorder shadow="md" p="sm" className={classes.dropdownLeft}>
        <NavLinks />
      </Paper>
    </details>
  )
}

/**
 * A number that grows each time a form post (any non-GET submission) has finished and the page has
 * its new data. Keyed on it, the page's forms start afresh after a post, as they would on a new page
 * load: an enrolment that succeeded and came back to the same page leaves an empty form, and one
 * that was refused shows the values the action sent back (conform's lastResult).
 */
function useSubmissionGeneration(state: 'idle' | 'loading' | 'submitting') {
  const [seen, setSeen] = useState({ state, submitted: false, generation: 0 })
  if (seen.state !== state) {
    const submitted = seen.submitted || state === 'submitting'
    setSeen(
      state === 'idle'
        ? { state, submitted: false, generation: seen.generation + (submitted ? 1 : 0) }
        : { state, submitted, generation: seen.generation },
    )
  }
  return seen.generation
}

export function PortalShell({ user, notifications, children, panel }: Props) {
  const [opened, { toggle, close }] = useDisclosure(false)
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const location = useLocation()
  useEffect(close, [location.pathname, close])
  // Going to another page shows the loader (SPEC §2); a form post, a filter or a refresh of the same
  // page keeps it on screen, dimmed, while it runs (a post then starts its forms afresh, above).
  const leaving = navigation.state === 'loading' && navigation.location.pathname !== location.pathname
  const busy = navigation.state !== 'idle'
  const generation = useSubmissionGeneration(navigation.state)

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {hydrated ? (
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            ) : (
              <div className={classes.smallOnly}>
                <SmallScreenMenu />
              </div>
            )}
            <Link
              to="/demo-portal"
              aria-label={`${PRODUCT_NAME} home`}
              style={{ display: 'flex', alignItems: 'center', gap: 10, textDecoration: 'none' }}
            >
              <img src="/logo.svg" alt="" width={32} height={32} />
              <Text fw={700} size="lg" c="dark" style={{ whiteSpace: 'nowrap' }} visibleFrom="xs">
                {PRODUCT_NAME}
              </Text>
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <NotificationBell page={notifications} />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      {/* collapsed on a phone, the navbar is only moved off screen: hidden as well, its links leave the Tab order */}
      <AppShell.Navbar p="sm" className={opened ? undefined : classes.navbarClosed}>
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <NavLinks onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        {panel}
        {leaving ? (
          <PageLoader />
        ) : (
          <div
            key={generation}
            aria-busy={busy || undefined}
            style={busy ? { opacity: 0.65, transition: 'opacity 150ms 150ms' } : undefined}
          >
            {children}
          </div>
        )}
      </AppShell.Main>
    </AppShell>
  )
}
