import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { RefusalPage } from '~/components/layout/refusal-page'
import { ErrorScreen } from '~/components/error-screen'

/**
 * The error boundary of the history pages: a 404 (no such list, a conversation that is not there or
 * not the user's) is a page inside the portal frame with a way back; real failures get the error screen.
 */
export function HistoryErrorBoundary({ back, fallback }: { back: { to: string; label: string }; fallback: string }) {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    const message = typeof error.data === 'string' && error.data ? error.data : fallback
    return <RefusalPage status={404} message={message} back={back} />
  }
  return <ErrorScreen error={error} />
}
