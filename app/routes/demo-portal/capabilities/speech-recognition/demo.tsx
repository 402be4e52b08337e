import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import {
  Link,
  useActionData,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { IconHistory, IconUpload } from '~/components/icons'
import type { ReactNode } from 'react'
import type { User } from '#contract/accounts'
import { ErrorScreen } from '~/components/error-screen'
import { SPEECH_DEMO_PATH, SPEECH_HISTORY_PATH, SPEECH_PATH } from '~/components/speech/format'
import { RecordingResult } from '~/components/speech/recording-result'
import { RecordingProgress, StatusBadge } from '~/components/speech/recording-status'
import { UploadForm } from '~/components/speech/upload-form'
import { pageTitle } from '~/theme'
import { demoAction, loadDemo } from './demo.server'
import { PageHeader } from '~/components/layout/page-header'
import { useListHref } from '~/lib/list-links'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.recording ? data.recording.detail.file_name : 'Speech recognition demo') },
]

export const loader = (args: LoaderFunctionArgs) => loadDemo(args)
export const action = (args: ActionFunctionArgs) => demoAction(args)

// A failed save changes nothing: the page keeps what it has (and the edits in the form).
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 ? false : defaultShouldRevalidate

function Header({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <PageHeader
      back={{ to: SPEECH_PATH, label: 'Speech recognition' }}
      title={title}
      wrapTitle
      actions={<Group gap="sm">{children}</Group>}
    />
  )
}

function UploadPage({ upload }: { upload: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['upload']> }) {
  const actionData = useActionData<typeof action>()
  return (
    <Stack gap="lg">
      <Header title="Transcribe a call recording">
        <Button component={Link} to={SPEECH_HISTORY_PATH} variant="default" leftSection={<IconHistory size={16} />}>
          Past history
        </Button>
      </Header>
      <Text c="dimmed" maw={760}>
        Upload a recording: the engine transcribes it by speaker, redacts card numbers, national ids, phone numbers and
        dates of birth (spoken or written), and summarises it. You can then play it line by line and correct the
        transcript and the summary.
      </Text>
      {upload.lookupsFailed ? (
        <Alert color="yellow" title="Some lists could not be loaded" role="alert">
          The languages or domains are unavailable right now. Reload the page in a moment.
        </Alert>
      ) : null}
      {upload.engine?.message ? (
        <Alert color="yellow" title="No speech engine is available" role="alert" maw={760}>
          {upload.engine.message}
        </Alert>
      ) : null}
      <Card padding="lg" maw={760}>
        <UploadForm
          engine={upload.engine?.name ?? null}
          languages={upload.languages}
          domains={upload.domains}
          accept={upload.accept}
          lastResult={actionData?.intent === 'upload' ? actionData.result : undefined}
        />
      </Card>
    </Stack>
  )
}

function RecordingPage({
  recording,
}: {
  recording: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['recording']>
}) {
  const actionData = useActionData<typeof action>()
  const layout = useRouteLoaderData<{ user: User }>('routes/demo-portal/layout')
  const href = useListHref()
  const { detail } = recording
  const me = layout?.user
  const canEdit = Boolean(me && (me.role === 'admin' || detail.uploaded_by?.id === me.id))
  const results = {
    transcript: actionData?.intent === 'update-transcript' ? actionData.result : undefined,
    summary: actionData?.intent === 'update-summary' ? actionData.result : undefined,
  }
  return (
    <Stack gap="lg">
      <Header title={detail.file_name}>
        <Button component={Link} to={SPEECH_DEMO_PATH} variant="default" leftSection={<IconUpload size={16} />}>
          Upload another
        </Button>
        <Button component={Link} to={SPEECH_HISTORY_PATH} variant="default" leftSection={<IconHistory size={16} />}>
          Past history
        </Button>
      </Header>
      <Group gap="xs" role="status" aria-live="polite" aria-atomic="true">
        <Text size="sm" fw={500}>
          Status:
        </Text>
        <StatusBadge status={detail.status} />
      </Group>
      {detail.status === 'completed' ? (
        <RecordingResult
          key={detail.recording_id}
          recording={detail}
          audioSrc={recording.audioSrc}
          variant={recording.variant}
          editing={recording.editing}
          canEdit={canEdit}
          results={results}
          hrefWith={href}
          names={recording.names}
        />
      ) : (
        <RecordingProgress status={detail.status} reason={detail.failure_reason} />
      )}
    </Stack>
  )
}

export default function SpeechDemoPage() {
  const { upload, recording } = useLoaderData<typeof loader>()
  return recording ? <RecordingPage recording={recording} /> : upload ? <UploadPage upload={upload} /> : null
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
