import { useRouteError } from '@remix-run/react'
import { ErrorScreen } from '~/components/error-screen'
import type { Back } from '~/components/layout/refusal-page'
import { CHATBOT_PATH } from './access'

const toChatbot: Back = { to: CHATBOT_PATH, label: 'Back to the chatbot' }

/**
 * The error boundary of the knowledge base and handoff pages: a 403 leads back to the chatbot, a 404
 * to `back` (the list the record was in).
 */
export function KnowledgeErrorBoundary({ forbidden, back = toChatbot }: { forbidden: string; back?: Back }) {
  return (
    <ErrorScreen
      error={useRouteError()}
      refusals={{ 403: { message: forbidden, back: toChatbot }, 404: { message: 'This page does not exist.', back } }}
    />
  )
}
