import { conversationExportQuery } from '#contract/chatbot'
import { endpoints } from '#contract/endpoints'
import { FILTER_FIELDS } from '~/components/chatbot/history/format'
import { keptParams, readListQuery, searchOf } from '~/lib/list-query'
import { csvExportLoader } from '~/services/csv-export.server'

const KEPT = ['channel', ...FILTER_FIELDS] as const

/** The conversation list's channel and filters as the export takes them; invalid ones are left out, as the list does. */
export function exportQuery(params: URLSearchParams) {
  const { query } = readListQuery(conversationExportQuery, keptParams(params, KEPT))
  return searchOf(query)
}

/** The filtered conversations as CSV (a row per message), streamed from the API with the user's bearer. */
export const loader = csvExportLoader({
  path: endpoints.chatConversationsExport.path,
  searchOf: exportQuery,
  filename: 'conversations.csv',
})
