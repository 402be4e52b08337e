import { invariantResponse } from '@epic-web/invariant'
import { Button, Card, Stack, Text } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { IconDownload, IconMessageChatbot } from '~/components/icons'
import { conversationListQuery } from '#contract/chatbot'
import { endpoints } from '#contract/endpoints'
import { CHATBOT_PATH, historyPath } from '~/components/chatbot/format'
import { ChatbotFigures } from '~/components/chatbot/history/chatbot-figures'
import { ConversationPager, ConversationTable } from '~/components/chatbot/history/conversation-table'
import {
  channelOf,
  exportHref,
  FILTER_FIELDS,
  historyTitle,
  isHistoryType,
  LIST_ERROR,
  NO_SUCH_LIST,
  startPath,
  type FilterValues,
} from '~/components/chatbot/history/format'
import { HistoryErrorBoundary } from '~/components/chatbot/history/history-error'
import { HistoryFilters } from '~/components/chatbot/history/history-filters'
import { HistoryTabs } from '~/components/chatbot/history/history-tabs'
import { FiltersNotApplied } from '~/components/layout/list-filters'
import { PageHeader } from '~/components/layout/page-header'
import { keptParams, readListQuery } from '~/lib/list-query'
import { useListHref } from '~/lib/list-links'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import { chatbotFailure, listConversations } from '~/services/chatbot.server'
import { createUpstream, orNull, settlePart } from '~/services/upstream.server'
import { pageTitle } from '~/theme'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? historyTitle[data.type] : 'Conversations') },
]

const KEPT = [...FILTER_FIELDS, 'page'] as const

/** `:type` is every channel (`past_history`) or one of them; anything else is not a list. */
function requireType(params: LoaderFunctionArgs['params']) {
  invariantResponse(isHistoryType(params.type), NO_SUCH_LIST, { status: 404 })
  return params.type
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const type = requireType(params)
  const api = await createUpstream(request)
  const values: FilterValues = keptParams(new URL(request.url).searchParams, KEPT)
  const channel = channelOf(type)
  // invalid filters are reported and left out, so the list still shows
  const { query, errors } = readListQuery(conversationListQuery, { ...values, channel })
  // the page, the figures of its channel and the campaigns to filter by, at once
  const [list, kpi, campaigns] = await Promise.all([
    listConversations(api, query).then(
      (page) => ({ page, error: null }),
      async (thrown: unknown) => ({ page: null, error: (await chatbotFailure(thrown)).message }),
    ),
    settlePart(api.request(endpoints.chatbotKpi, { query: { channel } })),
    orNull(api.lookup(endpoints.campaigns)),
  ])
  const campaignOptions = (campaigns ?? []).map((c) => ({ value: String(c.id), label: c.name }))
  return data({ type, query, values, errors, ...list, kpi, campaigns: campaignOptions }, { headers: api.headers })
}

export default function ChatHistoryPage() {
  const { type, query, values, errors, page, error, kpi, campaigns } = useLoaderData<typeof loader>()
  const role = useRouteLoaderData<typeof loadPortalLayout>('routes/demo-portal/layout')?.user.role
  const everyone = role === 'admin' || role === 'qa_supervisor'
  const withParams = useListHref()
  const title = historyTitle[type]
  const filtered = FILTER_FIELDS.some((key) => Boolean(query[key]))

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: CHATBOT_PATH, label: 'Chatbot' }}
        title={title}
        description={
          <Text c="dimmed">
            {everyone ? 'Everyone’s conversations' : 'Your conversations'} with the chatbot, latest first: open one to
            read it with its sources, feedback and handoff.
          </Text>
        }
        actions={
          <Button
            component="a"
            href={exportHref(query)}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
        }
      />
      <HistoryTabs type={type} values={values} />
      <ChatbotFigures kpi={kpi.value} error={kpi.error} />
      <Card padding="md">
        <Stack gap="md">
          <HistoryFilters action={historyPath(type)} values={values} errors={errors} campaigns={campaigns} />
          <FiltersNotApplied errors={errors} />
          <ConversationTable
            conversations={page?.results ?? null}
            type={type}
            label={title}
            showUser={everyone}
            failure={{ title: LIST_ERROR, message: error }}
            empty="No conversations yet."
            emptyAction={
              <Button component={Link} to={startPath(type)} leftSection={<IconMessageChatbot size={16} aria-hidden />}>
                Start a conversation
              </Button>
            }
            noMatch="No conversations match these filters."
            filtered={filtered}
            footer={
              page ? (
                <ConversationPager
                  page={query.page}
                  totalPages={page.total_pages}
                  count={page.count}
                  hrefFor={(n) => withParams({ page: String(n) })}
                />
              ) : null
            }
          />
        </Stack>
      </Card>
    </Stack>
  )
}

// An unknown list type reads "Not found — There is no such conversation list." inside the portal frame.
export function ErrorBoundary() {
  return <HistoryErrorBoundary back={{ to: CHATBOT_PATH, label: 'Back to the chatbot' }} fallback={NO_SUCH_LIST} />
}
