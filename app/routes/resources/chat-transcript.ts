import type { LoaderFunctionArgs } from '@remix-run/node'
import { conversationQuery } from '#contract/chatbot'
import { endpoints, pathOf } from '#contract/endpoints'
import { CONVERSATION_NOT_FOUND } from '~/components/chatbot/history/format'
import { streamCsv } from '~/services/csv-export.server'
import { createUpstream, errorResponse } from '~/services/upstream.server'
import { requireTokens } from '~/sessions.server'

/**
 * A copy of one conversation as plain text, to keep: the API's file streamed through with the user's
 * bearer (the same download path as the CSV exports: a refresh on 401, the file's headers passed on, the
 * API's 404 for a conversation that is not there or not the user's).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireTokens(request)
  const id = conversationQuery.safeParse({ conversation_id: params.conversationId })
  if (!id.success) return errorResponse(404, CONVERSATION_NOT_FOUND)
  const api = await createUpstream(request)
  return streamCsv({
    request,
    context,
    api,
    path: pathOf(endpoints.chatConversationTranscript, { id: id.data.conversation_id }),
    search: new URLSearchParams(),
    filename: `conversation-${id.data.conversation_id}.txt`,
  })
}
