import { Button, Card, List, Stack, Text, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { IconFileText } from '~/components/icons'
import { documentAccept } from '#contract/limits'
import { ErrorScreen } from '~/components/error-screen'
import { bucketPath, documentPath, OCR_PATH, UPLOAD_REFUSED, UPLOADED } from '~/components/ocr/format'
import { UploadForm } from '~/components/ocr/upload-form'
import { redirectWithToast, requireTokens } from '~/sessions.server'
import { pageTitle } from '~/theme'
import { handleUpload } from './upload.server'
import { PageHeader } from '~/components/layout/page-header'

export const meta: MetaFunction = () => [{ title: pageTitle('Document OCR demo') }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireTokens(request)
  return { accept: documentAccept }
}

/** The upload without JavaScript: a multipart POST; on success to the document's page, which follows the job. */
export async function action({ request }: ActionFunctionArgs) {
  if (!request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
    await requireTokens(request)
    return data(
      { result: { status: 'error' as const, error: { '': [UPLOAD_REFUSED, 'Send the form with its file.'] } } },
      { status: 400 },
    )
  }
  const outcome = await handleUpload(request)
  if (outcome.ok) {
    return redirectWithToast(
      documentPath('pending', outcome.documentId),
      { message: UPLOADED },
      { headers: outcome.headers },
    )
  }
  return data({ result: outcome.result }, { status: outcome.status, headers: outcome.headers })
}

export default function OcrDemoPage() {
  const { accept } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: OCR_PATH, label: 'Document OCR' }}
        title="Read a document"
        actions={
          <Button
            component={Link}
            to={bucketPath('scanned')}
            variant="default"
            leftSection={<IconFileText size={16} />}
          >
            Scanned documents
          </Button>
        }
      />
      <Text c="dimmed" maw={760}>
        Upload or photograph an ID card, an invoice or a form. Its pages are straightened and read word by word, and the
        fields of its type are extracted and checked. You can then ask questions about it.
      </Text>
      <Card padding="lg" maw={760}>
        <UploadForm accept={accept} lastResult={actionData?.result} />
      </Card>
      <Card padding="md" maw={760} component="section" aria-labelledby="tips-title">
        <Title order={2} size="h5" id="tips-title" mb="xs">
          For the best result
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>Photograph the page flat, in good light, filling the frame.</List.Item>
          <List.Item>Printed text reads best; handwriting is not read reliably.</List.Item>
          <List.Item>A PDF with its own text layer is read from that text, exactly.</List.Item>
        </List>
      </Card>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
