import { Button, Card, Stack, Text } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { IconPlus } from '~/components/icons'
import { useState } from 'react'
import { z } from 'zod'
import type { Article } from '#contract/chatbot'
import { endpoints } from '#contract/endpoints'
import {
  ARTICLE_ADD_PATH,
  articleMessages,
  CHATBOT_PATH,
  KNOWLEDGE_BASE_PATH,
  KNOWLEDGE_FORBIDDEN,
  canManageKnowledge,
} from '~/components/chatbot/knowledge/access'
import { ArticleDeleteForm, ArticleDeletePanel } from '~/components/chatbot/knowledge/article-delete-confirm'
import { ArticleTable } from '~/components/chatbot/knowledge/article-table'
import { KnowledgeGapsSection } from '~/components/chatbot/knowledge/knowledge-gaps'
import { KnowledgeErrorBoundary } from '~/components/chatbot/knowledge/refusal-page'
import { ConfirmModal } from '~/components/layout/confirm-action'
import { ListFilters } from '~/components/layout/list-filters'
import { ListPager } from '~/components/layout/list-pager'
import { PageHeader } from '~/components/layout/page-header'
import { backToList, deleteAction } from '~/lib/delete-action.server'
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
import { pageTitle } from '~/theme'

export const meta: MetaFunction = () => [{ title: pageTitle('Knowledge base · Chatbot') }]

const CONFIRM = 'confirm-delete'
const GAP_WEEKS = 8
const id = z.coerce.number().int().positive().max(2_147_483_647)
const listParams = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  q: z.string().trim().max(100).catch(''),
  campaign_id: id.optional().catch(undefined),
  [CONFIRM]: id.optional().catch(undefined),
})

/** Admins and QA supervisors only: anyone else gets this page's 403 (the API lets anyone read articles). */
async function requireManager(api: Upstream) {
  const me = await api.request(endpoints.userDetail)
  if (!canManageKnowledge(me.role)) throw errorResponse(403, KNOWLEDGE_FORBIDDEN, api.headers)
}

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const { [CONFIRM]: confirmId, ...query } = listParams.parse(Object.fromEntries(new URL(request.url).searchParams))
  const filter = { campaign_id: query.campaign_id }
  // The role, the articles, the gaps, the campaigns and the article to confirm a delete of, at once.
  const [, list, gaps, campaigns, confirming] = await Promise.all([
    requireManager(api),
    settlePart(
      api.request(endpoints.chatArticles, {
        query: { ...filter, page: query.page, page_size: 10, q: query.q || undefined },
      }),
    ),
    settlePart(api.request(endpoints.chatGaps, { query: { ...filter, weeks: GAP_WEEKS } })),
    orNull(api.lookup(endpoints.campaigns)),
    confirmId ? orNull(api.request(endpoints.chatArticle, { params: { id: confirmId } })) : null,
  ])
  const confirm = confirming
    ? { article_id: confirming.article_id, title: confirming.title, campaign_name: confirming.campaign_name }
    : null
  const campaignOptions = (campaigns ?? []).map((c) => ({ value: String(c.id), label: c.name }))
  return data({ query, list, gaps, weeks: GAP_WEEKS, campaigns: campaignOptions, confirm }, { headers: api.headers })
}

const deleteBody = z.object({ intent: z.literal('delete'), article_id: id })

/** Delete, from the list or from the edit page (its confirmation posts here). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const parsed = deleteBody.safeParse(Object.fromEntries(form))
  return deleteAction({
    request,
    target: parsed.success ? parsed.data.article_id : null,
    remove: (api, article_id) => api.request(endpoints.deleteChatArticle, { query: { article_id } }),
    back: backToList(form.get('redirectTo'), KNOWLEDGE_BASE_PATH, CONFIRM),
    messages: { done: articleMessages.deleted, choose: articleMessages.choose },
    // a role that may not delete gets this page's refusal, not a toast
    failure: async (thrown, api) => {
      const failure = await upstreamFailure(thrown, { forbidden: KNOWLEDGE_FORBIDDEN })
      if (failure.status === 403) throw errorResponse(403, failure.message, api.headers)
      return failure
    },
  })
}

export default function KnowledgeBasePage() {
  const { query, list, gaps, weeks, campaigns, confirm } = useLoaderData<typeof loader>()
  const withParams = useListHref()
  const [asking, setAsking] = useState<Article | null>(null)
  const redirectTo = withParams({ [CONFIRM]: null })
  const filtered = Boolean(query.q || query.campaign_id)

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: CHATBOT_PATH, label: 'Chatbot' }}
        title="Knowledge base"
        description={
          <Text c="dimmed">
            The articles each campaign’s chatbot answers from and cites. A change is searchable once it is indexed.
          </Text>
        }
        actions={
          <Button component={Link} to={ARTICLE_ADD_PATH} leftSection={<IconPlus size={16} aria-hidden />}>
            Add article
          </Button>
        }
      />
      {confirm ? <ArticleDeletePanel article={confirm} redirectTo={redirectTo} cancelHref={redirectTo} /> : null}
      <Card padding="md">
        <Stack gap="md">
          <ListFilters
            action={KNOWLEDGE_BASE_PATH}
            label="Filter articles"
            search={{ label: 'Search articles', placeholder: 'Title or text' }}
            selects={[{ name: 'campaign_id', label: 'Campaign', anyLabel: 'All campaigns', options: campaigns }]}
            values={{ q: query.q, campaign_id: query.campaign_id ? String(query.campaign_id) : undefined }}
            errors={{}}
          />
          <ArticleTable
            articles={list.value?.results ?? null}
            failure={{ title: articleMessages.listFailed, message: list.error }}
            empty="No articles yet: add the first, or write one for a knowledge gap below."
            noMatch="No articles match these filters."
            filtered={filtered}
            confirmHref={(articleId) => withParams({ [CONFIRM]: String(articleId) })}
            onDelete={setAsking}
            footer={
              list.value ? (
                <ListPager
                  page={query.page}
                  totalPages={list.value.total_pages}
                  count={list.value.count}
                  hrefFor={(n) => withParams({ page: String(n), [CONFIRM]: null })}
                  noun={['article', 'articles']}
                  label="Article pages"
                />
              ) : null
            }
          />
        </Stack>
      </Card>
      <KnowledgeGapsSection gaps={gaps.value} error={gaps.error} weeks={weeks} />
      <ConfirmModal title="Delete article" target={asking} onClose={() => setAsking(null)}>
        {(asking, controls) => <ArticleDeleteForm article={asking} redirectTo={redirectTo} {...controls} />}
      </ConfirmModal>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <KnowledgeErrorBoundary forbidden={KNOWLEDGE_FORBIDDEN} />
}
