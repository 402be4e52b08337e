import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { ErrorScreen } from '~/components/error-screen'
import { detailOf, RefusalPage, type Back } from '~/components/layout/refusal-page'
import { CHATBOT_PATH } from './access'

const toChatbot: Back = { to: CHATBOT_PATH, label: 'Back to the chatbot' }

/**
 * The error boundary of the knowledge base and handoff pages: a 403 leads back to the chatbot, a 404
 * to `back` (the list the record was in).
 */
export function KnowledgeErrorBoundary({ forbidden, back = toChatbot }: { forbidden: string; back?: Back }) {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 403)
    return <RefusalPage status={403} message={detailOf(error.data, forbidden)} back={toChatbot} />
  if (isRouteErrorResponse(error) && error.status === 404)
    return <RefusalPage status={404} message={detailOf(error.data, 'This page does not exist.')} back={back} />
  return <ErrorScreen error={error} />
}
