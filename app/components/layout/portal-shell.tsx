import { useDisclosure } from '@mantine/hooks'
import { Link, useLocation, useNavigation } from '@remix-run/react'
import { IconMenu2, IconX } from '~/components/icons'
import { useEffect, useState, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { User } from '#contract/accounts'
import type { NotificationList } from '#contract/notifications'
import { NotificationBell } from '~/components/notifications/notification-bell'
import { PageLoader } from '~/components/page-loader'
import { PRODUCT_NAME } from '~/theme'
import classes from './disclosure.module.css'
import { NavLinks } from './nav-links'
import shell from './portal-shell.module.css'
import { UserMenu } from './user-menu'

type Props = { user: User; notifications: NotificationList; children: ReactNode; panel?: ReactNode }

/**
 * Without JavaScript the burger can't toggle, so small screens get a native <details> instead: open,
 * it shows the navbar (portal-shell.module.css, `:has`), the same links as with script, not a copy.
 */
function SmallScreenMenu() {
  return (
    <details className={`${classes.disclosure} ${shell.noScriptMenu}`}>
      <summary className={classes.summary} aria-label="Open navigation" aria-controls="portal-navbar">
        <IconMenu2 size={22} aria-hidden />
      </summary>
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
    <div className={shell.shell}>
      <header className={shell.header}>
        <div className={shell.cluster}>
          {hydrated ? (
            <button
              type="button"
              className={shell.menuButton}
              onClick={toggle}
              aria-label="Toggle navigation"
              aria-expanded={opened}
              aria-controls="portal-navbar"
            >
              {opened ? <IconX size={22} aria-hidden /> : <IconMenu2 size={22} aria-hidden />}
            </button>
          ) : (
            <SmallScreenMenu />
          )}
          <Link to="/demo-portal" aria-label={`${PRODUCT_NAME} home`} className={shell.brand}>
            <img src="/logo.svg" alt="" width={32} height={32} />
            <span className={shell.brandName}>{PRODUCT_NAME}</span>
          </Link>
        </div>
        <div className={shell.cluster}>
          <NotificationBell page={notifications} />
          <UserMenu user={user} />
        </div>
      </header>
      <div id="portal-navbar" className={opened ? `${shell.navbar} ${shell.navbarOpen}` : shell.navbar}>
        <NavLinks onNavigate={close} />
      </div>
      <main className={shell.main}>
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
      </main>
    </div>
  )
}
