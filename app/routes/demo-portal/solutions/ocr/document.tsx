import { Anchor, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useRouteError,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { IconFileSearch, IconScan, IconTrash } from '~/components/icons'
import { useState } from 'react'
import { ErrorScreen } from '~/components/error-screen'
import { DocumentDeleteForm, DocumentDeletePanel } from '~/components/ocr/document-delete'
import { DocumentProgress } from '~/components/ocr/document-progress'
import { FieldsTable } from '~/components/ocr/fields-table'
import {
  ASK_INTENT,
  bucketLabel,
  bucketOf,
  bucketPath,
  CONFIRM_PARAM,
  formatBytes,
  formatConfidence,
  formatDateTime,
  NOT_FOUND,
  OCR_DEMO_PATH,
  OCR_PATH,
  typeLabel,
} from '~/components/ocr/format'
import { InsightsChat } from '~/components/ocr/insights-chat'
import { PageView } from '~/components/ocr/page-view'
import { StatusBadge } from '~/components/speech/recording-status'
import { pageTitle } from '~/theme'
import { documentAction, loadDocument } from './document.server'
import { ConfirmModal } from '~/components/layout/confirm-action'
import { PageHeader } from '~/components/layout/page-header'
import { useListHref } from '~/lib/list-links'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? data.document.file_name : 'Document') },
]

export const loader = (args: LoaderFunctionArgs) => loadDocument(args)
export const action = (args: ActionFunctionArgs) => documentAction(args)

// A question changes nothing: the document is not read again for it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === ASK_INTENT ? false : defaultShouldRevalidate

function Facts({ document }: { document: ReturnType<typeof useLoaderData<typeof loader>>['document'] }) {
  const facts = [
    ['Type', typeLabel[document.document_type]],
    ['Pages', document.page_count ? String(document.page_count) : '—'],
    ['Confidence', formatConfidence(document.confidence)],
    ['Size', formatBytes(document.size_bytes)],
    ['Uploaded', formatDateTime(document.created_at)],
    ['Read', formatDateTime(document.completed_at)],
  ]
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" m={0} aria-label="About the document">
      {facts.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="xs" c="dimmed">
            {term}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  )
}

export default function OcrDocumentPage() {
  const { bucket, document, confirming } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [asking, setAsking] = useState(false)
  const href = useListHref()
  const back = href({ [CONFIRM_PARAM]: null })
  const target = { document_id: document.document_id, file_name: document.file_name, created_at: document.created_at }

  return (
    <Stack gap="lg">
      <PageHeader
        back={{
          to: OCR_PATH,
          label: 'Document OCR',
          trail: (
            <>
              <Text size="sm" c="dimmed" aria-hidden>
                /
              </Text>
              <Anchor component={Link} to={bucketPath(bucketOf(document.status))} size="sm">
                {bucketLabel[bucketOf(document.status)]} documents
              </Anchor>
            </>
          ),
        }}
        title={document.file_name}
        wrapTitle
        actions={
          <Group gap="sm">
            <Button component={Link} to={OCR_DEMO_PATH} variant="default" leftSection={<IconScan size={16} />}>
              Scan another
            </Button>
            <Button
              component={Link}
              to={href({ [CONFIRM_PARAM]: '1' })}
              preventScrollReset
              onClick={(event) => {
                event.preventDefault()
                setAsking(true)
              }}
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
            >
              Delete
            </Button>
          </Group>
        }
      />
      {confirming ? (
        <DocumentDeletePanel document={target} action={back} redirectTo={bucketPath(bucket)} cancelHref={back} />
      ) : null}
      <Group gap="xs" role="status" aria-live="polite" aria-atomic="true">
        <Text size="sm" fw={500}>
          Status:
        </Text>
        <StatusBadge status={document.status} />
      </Group>
      <Card padding="md">
        <Facts document={document} />
      </Card>
      <DocumentProgress status={document.status} reason={document.failure_reason} />
      {document.status === 'completed' ? (
        <>
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Card padding="md" h="100%" component="section" aria-labelledby="fields-title">
                <Title order={2} size="h4" id="fields-title" mb="sm">
                  Extracted fields
                </Title>
                <FieldsTable fields={document.fields} />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Card padding="md" h="100%" component="section" aria-labelledby="ask-title">
                <Group gap="xs" mb="sm">
                  <IconFileSearch size={20} aria-hidden />
                  <Title order={2} size="h4" id="ask-title">
                    Ask about the document
                  </Title>
                </Group>
                <InsightsChat
                  documentId={document.document_id}
                  posted={actionData?.intent === ASK_INTENT ? actionData : null}
                />
              </Card>
            </Grid.Col>
          </Grid>
          <Card padding="md" component="section" aria-labelledby="pages-title">
            <Title order={2} size="h4" id="pages-title" mb="sm">
              {document.pages.length === 1 ? 'The page' : `The ${document.pages.length} pages`}
            </Title>
            <Stack gap="xl">
              {document.pages.map((page) => (
                <PageView key={page.page} page={page} of={document.pages.length} />
              ))}
            </Stack>
          </Card>
        </>
      ) : null}
      <ConfirmModal title="Delete document" target={asking} onClose={() => setAsking(false)}>
        {(_open, controls) => (
          <DocumentDeleteForm document={target} action={back} redirectTo={bucketPath(bucket)} {...controls} />
        )}
      </ConfirmModal>
    </Stack>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Stack gap="md" align="flex-start" py="xl">
        <Title order={1}>{error.data === NOT_FOUND ? NOT_FOUND : 'Page not found'}</Title>
        <Text c="dimmed" maw={560}>
          There is no document here: it may have been deleted, or the link is not right.
        </Text>
        <Group gap="sm">
          <Button component={Link} to={bucketPath('scanned')} variant="default">
            Scanned documents
          </Button>
          <Button component={Link} to={OCR_DEMO_PATH}>
            Scan a document
          </Button>
        </Group>
      </Stack>
    )
  }
  return <ErrorScreen error={error} />
}
