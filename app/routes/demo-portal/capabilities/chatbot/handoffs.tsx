import { Alert, Card, Stack, Text } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { endpoints } from '#contract/endpoints'
import {
  canManageKnowledge,
  CHATBOT_PATH,
  HANDOFFS_FORBIDDEN,
  HANDOFFS_PATH,
} from '~/components/chatbot/knowledge/access'
import {
  emptyQueue,
  HandoffFilters,
  handoffFilterLabel,
  handoffFilters,
} from '~/components/chatbot/knowledge/handoff-filters'
import { HANDOFF_ACTIONS, HandoffList } from '~/components/chatbot/knowledge/handoff-list'
import { KnowledgeErrorBoundary } from '~/components/chatbot/knowledge/refusal-page'
import { ListPager } from '~/components/layout/list-pager'
import { PageHeader } from '~/components/layout/page-header'
import { backToList } from '~/lib/delete-action.server'
import { readForm } from '~/lib/forms.server'
import { useListHref } from '~/lib/list-links'
import {
  createUpstream,
  errorResponse,
  orNull,
  settlePart,
  upstreamFailure,
  type Upstream,
} from '~/services/upstream.server'
import { redirectWithToast } from '~/sessions.server'
import { pageTitle } from '~/theme'

export const meta: MetaFunction = () => [{ title: pageTitle('Handoffs · Chatbot') }]

const id = z.coerce.number().int().positive().max(2_147_483_647)
const queueParams = z.object({
  status: z.enum(handoffFilters).catch('queued'),
  campaign_id: id.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
})

/** Admins and QA supervisors work the queue: anyone else gets this page's 403. */
async function requireManager(api: Upstream) {
  const me = await api.request(endpoints.userDetail)
  if (!canManageKnowledge(me.role)) throw errorResponse(403, HANDOFFS_FORBIDDEN, api.headers)
}

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const query = queueParams.parse(Object.fromEntries(new URL(request.url).searchParams))
  const [, list, campaigns] = await Promise.all([
    requireManager(api),
    settlePart(
      api.request(endpoints.chatHandoffs, {
        query: {
          status: query.status === 'all' ? undefined : query.status,
          campaign_id: query.campaign_id,
          page: query.page,
          page_size: 10,
        },
      }),
    ),
    orNull(api.lookup(endpoints.campaigns)),
  ])
  const campaignOptions = (campaigns ?? []).map((c) => ({ value: String(c.id), label: c.name }))
  return data({ query, list, campaigns: campaignOptions }, { headers: api.headers })
}

const actionBody = z.object({ intent: z.enum(HANDOFF_ACTIONS), handoff_id: id })

/** Take (accept) or close a handoff, then back to the queue as it was, with a toast; a refusal (409) is an error toast. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const back = backToList(form.get('redirectTo'), HANDOFFS_PATH)
  const parsed = actionBody.safeParse(Object.fromEntries(form))
  if (!parsed.success) {
    return redirectWithToast(back, { type: 'error', message: 'Choose a conversation to take or close' })
  }
  const { intent, handoff_id } = parsed.data
  const api = await createUpstream(request)
  try {
    const handoff = await api.request(endpoints.chatHandoffAction, { body: { handoff_id, action: intent } })
    const toast =
      intent === 'accept'
        ? { title: 'Taken', message: `The conversation with ${handoff.customer} is yours now.` }
        : { title: 'Closed', message: `The handoff of ${handoff.customer} is closed.` }
    return await redirectWithToast(back, toast, { headers: api.headers })
  } catch (thrown) {
    const failure = await upstreamFailure(thrown, { forbidden: HANDOFFS_FORBIDDEN })
    if (failure.status === 403) throw errorResponse(403, failure.message, api.headers)
    const title = intent === 'accept' ? 'Could not take it' : 'Could not close it'
    return redirectWithToast(back, { type: 'error', title, message: failure.message }, { headers: api.headers })
  }
}

export default function HandoffsPage() {
  const { query, list, campaigns } = useLoaderData<typeof loader>()
  const withParams = useListHref()
  const redirectTo = withParams({})

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: CHATBOT_PATH, label: 'Chatbot' }}
        title="Handoffs"
        description={
          <Text c="dimmed">
            Customers who asked the chatbot for a person: take a conversation to answer it, call back those who asked,
            and close it when done.
          </Text>
        }
      />
      <Card padding="md">
        <HandoffFilters status={query.status} campaignId={query.campaign_id} campaigns={campaigns} />
      </Card>
      {list.value ? (
        <Stack gap="md">
          <HandoffList handoffs={list.value.results} redirectTo={redirectTo} empty={emptyQueue[query.status]} />
          {list.value.count ? (
            <ListPager
              page={query.page}
              totalPages={list.value.total_pages}
              count={list.value.count}
              hrefFor={(n) => withParams({ page: String(n) })}
              noun={['handoff', 'handoffs']}
              label={`${handoffFilterLabel[query.status]} handoff pages`}
            />
          ) : null}
        </Stack>
      ) : (
        <Alert color="red" title="The handoff queue could not be loaded" role="alert">
          {list.error}
        </Alert>
      )}
    </Stack>
  )
}

export function ErrorBoundary() {
  return <KnowledgeErrorBoundary forbidden={HANDOFFS_FORBIDDEN} />
}
