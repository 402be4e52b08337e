import type { LoaderFunctionArgs } from '@remix-run/node'
import { PortalLayout, PortalLayoutError } from '~/components/layout/layout-route'
import { loadPortalLayout } from '~/lib/portal-layout.server'

export const loader = ({ request }: LoaderFunctionArgs) => loadPortalLayout(request)

export default PortalLayout

export function ErrorBoundary() {
  return <PortalLayoutError routeId="routes/demo-portal/layout" />
}
