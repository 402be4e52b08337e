import { invariantResponse } from '@epic-web/invariant'
import { Alert, Button, Card, Stack, Title } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useParams } from '@remix-run/react'
import { IconDownload } from '~/components/icons'
import { conversationQuery } from '#contract/chatbot'
import { historyPath, transcriptPath } from '~/components/chatbot/format'
import { ConversationFacts } from '~/components/chatbot/history/conversation-facts'
import {
  CONVERSATION_NOT_FOUND,
  DETAILS_ERROR,
  historyTitle,
  isHistoryType,
  NO_SUCH_LIST,
} from '~/components/chatbot/history/format'
import { HandoffBox } from '~/components/chatbot/history/handoff-box'
import { HistoryErrorBoundary } from '~/components/chatbot/history/history-error'
import { MessageList } from '~/components/chatbot/history/message-list'
import { PageHeader } from '~/components/layout/page-header'
import { chatbotFailure, conversation } from '~/services/chatbot.server'
import { createUpstream, errorResponse } from '~/services/upstream.server'
import { pageTitle } from '~/theme'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.conversation ? data.conversation.title : 'Conversation') },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  invariantResponse(isHistoryType(params.type), NO_SUCH_LIST, { status: 404 })
  const type = params.type
  const id = conversationQuery.safeParse({ conversation_id: params.conversationId })
  invariantResponse(id.success, CONVERSATION_NOT_FOUND, { status: 404 })
  const api = await createUpstream(request)
  try {
    const found = await conversation(api, id.data.conversation_id)
    return data({ type, conversation: found, error: null }, { headers: api.headers })
  } catch (thrown) {
    const { status, message } = await chatbotFailure(thrown)
    // not there, or someone else's: the API does not tell them apart, nor does the page
    if (status === 404) throw errorResponse(404, CONVERSATION_NOT_FOUND, api.headers)
    return data({ type, conversation: null, error: message }, { status, headers: api.headers })
  }
}

export default function ConversationPage() {
  const { type, conversation: c, error } = useLoaderData<typeof loader>()
  const back = { to: historyPath(type), label: historyTitle[type] }

  if (!c) {
    return (
      <Stack gap="lg">
        <PageHeader back={back} title="Conversation" />
        <Alert color="red" title={DETAILS_ERROR} role="alert">
          {error}
        </Alert>
      </Stack>
    )
  }
  return (
    <Stack gap="lg">
      <PageHeader
        back={back}
        title={c.title || `Conversation ${c.conversation_id}`}
        wrapTitle
        actions={
          <Button
            component="a"
            href={transcriptPath(c.conversation_id)}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download a copy
          </Button>
        }
      />
      <ConversationFacts conversation={c} />
      {c.handoff ? <HandoffBox handoff={c.handoff} /> : null}
      <Card withBorder padding="md" component="section" aria-labelledby="messages-title">
        <Title order={2} size="h4" id="messages-title" mb="sm">
          Messages
        </Title>
        <MessageList messages={c.messages} channel={c.channel} customer={c.is_own ? 'You' : c.user} />
      </Card>
    </Stack>
  )
}

// A conversation that is not there (or not the user's) reads "Page not found" inside the portal frame.
export function ErrorBoundary() {
  const { type } = useParams()
  const list = isHistoryType(type) ? type : 'past_history'
  return (
    <HistoryErrorBoundary
      back={{ to: historyPath(list), label: 'Back to the conversations' }}
      fallback={CONVERSATION_NOT_FOUND}
    />
  )
}
