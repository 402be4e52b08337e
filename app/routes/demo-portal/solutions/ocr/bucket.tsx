import { Button, Card, Stack, Text } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useRouteError } from '@remix-run/react'
import { IconScan } from '~/components/icons'
import { useState } from 'react'
import { endpoints } from '#contract/endpoints'
import { documentListQuery, type DocumentBucket, type DocumentListQuery, type DocumentSummary } from '#contract/ocr'
import { ErrorScreen } from '~/components/error-screen'
import { DocumentDeleteForm, DocumentDeletePanel } from '~/components/ocr/document-delete'
import { DocumentFilters, type DocumentFilterErrors } from '~/components/ocr/document-filters'
import { DocumentPager, DocumentTable } from '~/components/ocr/document-table'
import {
  bucketLabel,
  bucketPath,
  CONFIRM_PARAM,
  DELETE_ERROR,
  DELETE_INTENT,
  DELETED,
  DOCUMENT_LIST_ERROR,
  isBucket,
  OCR_DEMO_PATH,
  OCR_PATH,
} from '~/components/ocr/format'
import { usePollWhile } from '~/components/layout/job-progress'
import { backToList, deleteAction } from '~/lib/delete-action.server'
import { readForm } from '~/lib/forms.server'
import { documentIdOf, orNull, upstreamFailure } from '~/services/ocr.server'
import { createUpstream, errorResponse } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { ConfirmModal } from '~/components/layout/confirm-action'
import { FiltersNotApplied } from '~/components/layout/list-filters'
import { PageHeader } from '~/components/layout/page-header'
import { useListHref } from '~/lib/list-links'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `${bucketLabel[data.bucket]} documents` : 'Documents') },
]

const KEPT = ['q', 'document_type', 'page'] as const

const intro: Record<DocumentBucket, string> = {
  scanned: 'Documents read to the end: open one for its pages, text and fields.',
  pending: 'Documents waiting for the OCR job or being read now.',
  total_failed: 'Documents that could not be read, with the reason.',
}

/** `:type` is a KPI bucket (ARCHITECTURE §8); anything else is not a page. */
function bucketOfParams(params: LoaderFunctionArgs['params']): DocumentBucket {
  if (!isBucket(params.type)) throw errorResponse(404, 'Page not found')
  return params.type
}

/** The query as the contract reads it; invalid fields are reported and left out. */
function parseQuery(raw: Record<string, string>): { query: DocumentListQuery; errors: DocumentFilterErrors } {
  const first = documentListQuery.safeParse(raw)
  if (first.success) return { query: first.data, errors: {} }
  const errors: Record<string, string[] | undefined> = first.error.flatten().fieldErrors
  const rest = Object.fromEntries(Object.entries(raw).filter(([key]) => !(key in errors)))
  const second = documentListQuery.safeParse(rest)
  return { query: second.success ? second.data : documentListQuery.parse({}), errors }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const bucket = bucketOfParams(params)
  const api = await createUpstream(request)
  const search = new URL(request.url).searchParams
  const raw = Object.fromEntries(KEPT.flatMap((key) => (search.has(key) ? [[key, search.get(key) ?? '']] : [])))
  const { query, errors } = parseQuery(raw)
  const confirmId = documentIdOf(search.get(CONFIRM_PARAM))
  const [list, confirming] = await Promise.all([
    api.request(endpoints.listDocuments, { query: { ...query, status: bucket } }).then(
      (page) => ({ page, error: null }),
      async (thrown: unknown) => ({ page: null, error: (await upstreamFailure(thrown)).message }),
    ),
    confirmId === null ? null : orNull(api.request(endpoints.documentDetails, { query: { document_id: confirmId } })),
  ])
  const confirm = confirming
    ? { document_id: confirming.document_id, file_name: confirming.file_name, created_at: confirming.created_at }
    : null
  const values = { q: raw.q ?? '', document_type: raw.document_type ?? '' }
  return data({ bucket, query, values, errors, ...list, confirm }, { headers: api.headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const bucket = bucketOfParams(params)
  const form = await readForm(request)
  const id = documentIdOf(form.get('document_id'))
  return deleteAction({
    request,
    target: form.get('intent') === DELETE_INTENT ? id : null,
    remove: (api, document_id) => api.request(endpoints.deleteDocument, { query: { document_id } }),
    back: backToList(form.get('redirectTo'), bucketPath(bucket), CONFIRM_PARAM),
    messages: { done: DELETED, choose: 'Choose a document to delete', errorTitle: DELETE_ERROR },
  })
}

export default function OcrBucketPage() {
  const { bucket, query, values, errors, page, error, confirm } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const [asking, setAsking] = useState<DocumentSummary | null>(null)
  const href = useListHref()
  const redirectTo = href({ [CONFIRM_PARAM]: null })
  const list = bucketPath(bucket)
  const filtered = Boolean(values.q || values.document_type)
  // documents on their way leave this list as they are read: with JavaScript, it follows them
  usePollWhile(bucket === 'pending' && Boolean(page?.results.length))

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: OCR_PATH, label: 'Document OCR' }}
        title={<>{bucketLabel[bucket]} documents</>}
        description={<Text c="dimmed">{intro[bucket]}</Text>}
        actions={
          <Button component={Link} to={OCR_DEMO_PATH} leftSection={<IconScan size={16} />}>
            Scan a document
          </Button>
        }
      />
      {confirm ? (
        <DocumentDeletePanel document={confirm} action={list} redirectTo={redirectTo} cancelHref={redirectTo} />
      ) : null}
      <Card padding="md">
        <Stack gap="md">
          <DocumentFilters key={search} action={list} values={values} errors={errors} />
          <FiltersNotApplied errors={errors} />
          <DocumentTable
            documents={page?.results ?? null}
            failure={{ title: DOCUMENT_LIST_ERROR, message: error }}
            empty={`No ${bucketLabel[bucket].toLowerCase()} documents.`}
            noMatch="No documents match these filters."
            filtered={filtered}
            label="Documents"
            actions={{ confirmHref: (id) => href({ [CONFIRM_PARAM]: String(id) }), onDelete: setAsking }}
            footer={
              page ? (
                <DocumentPager
                  page={query.page}
                  totalPages={page.total_pages}
                  count={page.count}
                  hrefFor={(n) => href({ page: String(n), [CONFIRM_PARAM]: null })}
                />
              ) : null
            }
          />
        </Stack>
      </Card>
      <ConfirmModal title="Delete document" target={asking} onClose={() => setAsking(null)}>
        {(asking, controls) => (
          <DocumentDeleteForm document={asking} action={list} redirectTo={redirectTo} {...controls} />
        )}
      </ConfirmModal>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
