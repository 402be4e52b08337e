import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { formatDateTime, SPEECH_HISTORY_PATH } from './format'

export const DELETE_INTENT = 'delete'
export type DeleteTarget = { recording_id: number; file_name: string; created_at: string }

type Props = {
  recording: DeleteTarget
  /** Where to come back to after (the list as it was, without the confirmation step). */
  redirectTo: string
  cancel: ReactNode
  /** Called as the form is posted (the modal closes; the page follows the navigation). */
  onSubmit?: () => void
}

/** The delete form itself: a plain POST, in a modal with JavaScript and in the page without it. */
export function RecordingDeleteForm({ recording, redirectTo, cancel, onSubmit }: Props) {
  const navigation = useNavigation()
  const deleting =
    navigation.state !== 'idle' && navigation.formData?.get('recording_id') === String(recording.recording_id)
  return (
    <Form method="post" action={SPEECH_HISTORY_PATH} onSubmit={onSubmit} aria-label="Delete recording">
      <input type="hidden" name="intent" value={DELETE_INTENT} />
      <input type="hidden" name="recording_id" value={recording.recording_id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Stack gap="md">
        <Text size="sm">
          Delete <strong>{recording.file_name}</strong> (uploaded {formatDateTime(recording.created_at)})? Its audio,
          transcript and summary are removed for good.
        </Text>
        <Group gap="sm" justify="flex-end">
          {cancel}
          <Button type="submit" color="red" loading={deleting}>
            Delete recording
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

/** The no-JavaScript confirmation step (`?confirm-delete=<id>`), above the list. */
export function RecordingDeletePanel({ cancelHref, ...props }: Omit<Props, 'cancel'> & { cancelHref: string }) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      role="region"
      aria-labelledby="confirm-delete-title"
      style={{ borderColor: 'var(--mantine-color-red-4)', background: 'var(--mantine-color-red-0)' }}
    >
      <Title order={2} size="h4" id="confirm-delete-title" mb="xs">
        Delete recording
      </Title>
      <RecordingDeleteForm
        {...props}
        cancel={
          <Button component={Link} to={cancelHref} variant="default">
            Cancel
          </Button>
        }
      />
    </Paper>
  )
}
