import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { DASHBOARD_PATH } from '~/components/call-evaluation/dashboard/dashboard-links'

/** The bare call-evaluation path is the dashboard (its query, if any, comes along). */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`${DASHBOARD_PATH}${new URL(request.url).search}`)
}
