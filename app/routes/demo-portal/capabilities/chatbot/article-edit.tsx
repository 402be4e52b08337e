import { Group, Stack, Text } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { z } from 'zod'
import { ARTICLE_TITLE_MAX } from '#contract/limits'
import { endpoints } from '#contract/endpoints'
import {
  articleMessages,
  articlePath,
  canManageKnowledge,
  KNOWLEDGE_BASE_PATH,
  KNOWLEDGE_FORBIDDEN,
} from '~/components/chatbot/knowledge/access'
import { ArticleDeleteForm, ArticleDeletePanel } from '~/components/chatbot/knowledge/article-delete-confirm'
import { ArticleForm } from '~/components/chatbot/knowledge/article-form'
import { parseArticleForm } from '~/components/chatbot/knowledge/article-form.schema'
import { IndexBadge } from '~/components/chatbot/knowledge/article-table'
import { KnowledgeErrorBoundary } from '~/components/chatbot/knowledge/refusal-page'
import { ConfirmLink, ConfirmModal } from '~/components/layout/confirm-action'
import { PageHeader } from '~/components/layout/page-header'
import { formatDateTime } from '~/components/speech/format'
import { readForm } from '~/lib/forms.server'
import { createUpstream, errorResponse, orNull, upstreamFailure, type Upstream } from '~/services/upstream.server'
import { redirectWithToast } from '~/sessions.server'
import { pageTitle } from '~/theme'
import { conformFieldErrors } from '~/lib/api-field-errors'

/** One module for `knowledge-base/add` and `knowledge-base/:articleId` (like manage-template: add and edit share a page). */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(`${data?.article ? data.article.title : 'New article'} · Knowledge base`) },
]

const CONFIRM = 'confirm-delete'
const id = z.coerce.number().int().positive().max(2_147_483_647)

function idParam(params: LoaderFunctionArgs['params']) {
  if (params.articleId === undefined) return null
  const parsed = id.safeParse(params.articleId)
  if (!parsed.success) throw errorResponse(404, 'Article not found')
  return parsed.data
}

function refuseUnlessManager(role: string, api: Upstream) {
  if (!canManageKnowledge(role)) throw errorResponse(403, KNOWLEDGE_FORBIDDEN, api.headers)
}

/** The add page starts from a knowledge gap: its question as the title, its campaign chosen. */
function prefillOf(url: URL) {
  const campaign = id.safeParse(url.searchParams.get('campaign_id'))
  return {
    title: (url.searchParams.get('title') ?? '').trim().slice(0, ARTICLE_TITLE_MAX),
    campaign_id: campaign.success ? String(campaign.data) : '',
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const articleId = idParam(params)
  const api = await createUpstream(request)
  const url = new URL(request.url)
  // The role, the article and the campaigns at once; the role is checked first.
  const [me, found, campaigns] = await Promise.all([
    api.request(endpoints.userDetail),
    articleId === null
      ? null
      : api.request(endpoints.chatArticle, { params: { id: articleId } }).then(
          (article) => ({ article, failure: null }),
          async (thrown: unknown) => ({ article: null, failure: await upstreamFailure(thrown) }),
        ),
    orNull(api.lookup(endpoints.campaigns)),
  ])
  refuseUnlessManager(me.role, api)
  if (found?.failure) throw errorResponse(found.failure.status, found.failure.message, api.headers)
  const article = found?.article ?? null
  const prefill = prefillOf(url)
  const current = article ? String(article.campaign_id) : prefill.campaign_id
  // active campaigns, and the article's own even when it is not (saving keeps it)
  const options = (campaigns ?? [])
    .filter((c) => c.is_active || String(c.id) === current)
    .map((c) => ({ value: String(c.id), label: c.name }))
  if (article && !options.some((o) => o.value === current))
    options.push({ value: current, label: article.campaign_name })
  return data(
    {
      article,
      prefill,
      campaigns: options,
      campaignsFailed: campaigns === null,
      confirm: url.searchParams.has(CONFIRM),
    },
    { headers: api.headers },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const articleId = idParam(params)
  const api = await createUpstream(request)
  const [me, formData] = await Promise.all([api.request(endpoints.userDetail), readForm(request)])
  refuseUnlessManager(me.role, api)
  // The article being edited is the one in the URL, whatever the form says.
  if (articleId !== null) formData.set('article_id', String(articleId))
  const submission = parseArticleForm(formData, { update: articleId !== null })
  if (submission.status !== 'success') {
    return data({ result: submission.reply() }, { status: 400, headers: api.headers })
  }
  try {
    if (articleId !== null) {
      await api.request(endpoints.updateChatArticle, { body: { ...submission.value, article_id: articleId } })
    } else {
      await api.request(endpoints.createChatArticle, { body: submission.value })
    }
    const message = articleId !== null ? articleMessages.updated : articleMessages.created
    return await redirectWithToast(KNOWLEDGE_BASE_PATH, { message }, { headers: api.headers })
  } catch (thrown) {
    const failure = await upstreamFailure(thrown, { forbidden: KNOWLEDGE_FORBIDDEN })
    if (failure.status === 403) throw errorResponse(403, failure.message, api.headers)
    const { formErrors, fieldErrors } = conformFieldErrors(failure.fieldErrors)
    return data(
      { result: submission.reply({ formErrors: [failure.message, ...formErrors], fieldErrors }) },
      { status: failure.status, headers: api.headers },
    )
  }
}

export default function ArticleEditPage() {
  const { article, prefill, campaigns, campaignsFailed, confirm } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [asking, setAsking] = useState(false)

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: KNOWLEDGE_BASE_PATH, label: 'Knowledge base' }}
        title={article ? article.title : 'New article'}
        wrapTitle
        description={
          article ? (
            <Group gap="xs" mt={4}>
              <Text c="dimmed" size="sm">
                {article.campaign_name} · {article.chunk_count} {article.chunk_count === 1 ? 'chunk' : 'chunks'} · last
                saved {formatDateTime(article.updated_at)}
                {article.updated_by ? ` by ${article.updated_by}` : ''}
              </Text>
              <IndexBadge indexed={article.indexed} />
            </Group>
          ) : (
            <Text c="dimmed">
              A help article the campaign’s chatbot answers from. Saving indexes it again in the background.
            </Text>
          )
        }
        actions={
          article ? (
            <ConfirmLink
              confirmHref={`${articlePath(article.article_id)}?${CONFIRM}=1`}
              onAsk={() => setAsking(true)}
              label={`Delete ${article.title}`}
            />
          ) : undefined
        }
      />
      {article && confirm ? (
        <ArticleDeletePanel
          article={article}
          redirectTo={KNOWLEDGE_BASE_PATH}
          cancelHref={articlePath(article.article_id)}
        />
      ) : null}
      {campaignsFailed ? (
        <Text c="red.8" size="sm" role="alert">
          The campaigns could not be loaded: try again in a moment.
        </Text>
      ) : null}
      <ArticleForm
        key={article?.article_id ?? 'new'}
        article={article}
        prefill={prefill}
        campaigns={campaigns}
        lastResult={actionData?.result}
      />
      <ConfirmModal title="Delete article" target={asking ? article : null} onClose={() => setAsking(false)}>
        {(target, controls) => <ArticleDeleteForm article={target} redirectTo={KNOWLEDGE_BASE_PATH} {...controls} />}
      </ConfirmModal>
    </Stack>
  )
}

export function ErrorBoundary() {
  return (
    <KnowledgeErrorBoundary
      forbidden={KNOWLEDGE_FORBIDDEN}
      back={{ to: KNOWLEDGE_BASE_PATH, label: 'Back to the knowledge base' }}
    />
  )
}
