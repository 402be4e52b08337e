import { useRouteError } from '@remix-run/react'
import type { Back } from '~/components/layout/refusal-page'
import { ErrorScreen } from '~/components/error-screen'

/**
 * The error boundary of the history pages: a 404 (no such list, a conversation that is not there or
 * not the user's) is a page inside the portal frame with a way back; real failures get the error screen.
 */
export function HistoryErrorBoundary({ back, fallback }: { back: Back; fallback: string }) {
  return <ErrorScreen error={useRouteError()} refusals={{ 404: { message: fallback, back } }} />
}
