import { useRouteError, useRouteLoaderData, Outlet, useLoaderData } from '@remix-run/react'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import { ErrorScreen } from '~/components/error-screen'
import { NotificationPanel } from '~/components/notifications/notification-panel'
import { PortalShell } from './portal-shell'

type LayoutData = typeof loadPortalLayout

export function PortalLayout() {
  const { user, notifications, panel } = useLoaderData<LayoutData>()
  return (
    <PortalShell
      user={user}
      notifications={notifications}
      panel={panel ? <NotificationPanel feed={panel.feed} loadedPages={panel.pages} /> : null}
    >
      <Outlet />
    </PortalShell>
  )
}

/** An error in the layout's own loader has no shell data: show the error screen alone. */
export function PortalLayoutError({ routeId }: { routeId: string }) {
  const error = useRouteError()
  const layout = useRouteLoaderData<LayoutData>(routeId)
  if (!layout) return <ErrorScreen error={error} signOut />
  return (
    <PortalShell user={layout.user} notifications={layout.notifications}>
      <ErrorScreen error={error} />
    </PortalShell>
  )
}
