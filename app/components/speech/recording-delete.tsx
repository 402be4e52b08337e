import type { ReactNode } from 'react'
import { ConfirmActionForm, ConfirmActionPanel } from '~/components/layout/confirm-action'
import { formatDateTime, SPEECH_HISTORY_PATH } from './format'
import { DELETE_INTENT } from './recording-delete.schema'

export type DeleteTarget = { recording_id: number; file_name: string; created_at: string }

type Props = {
  recording: DeleteTarget
  /** Where to come back to after (the list as it was, without the confirmation step). */
  redirectTo: string
  cancel: ReactNode
  /** Called as the form is posted (the modal closes; the page follows the navigation). */
  onSubmit?: () => void
}

const confirmation = ({ recording, ...rest }: Omit<Props, 'cancel'>) => ({
  ...rest,
  action: SPEECH_HISTORY_PATH,
  intent: DELETE_INTENT,
  fields: { recording_id: recording.recording_id },
  submitLabel: 'Delete recording',
  message: (
    <>
      Delete <strong>{recording.file_name}</strong> (uploaded {formatDateTime(recording.created_at)})? Its audio,
      transcript and summary are removed for good.
    </>
  ),
})

/** The delete form: in a modal with JavaScript, in the page without it. */
export function RecordingDeleteForm({ cancel, ...props }: Props) {
  return <ConfirmActionForm {...confirmation(props)} cancel={cancel} />
}

/** The no-JavaScript confirmation step (`?confirm-delete=<id>`), above the list. */
export function RecordingDeletePanel({ cancelHref, ...props }: Omit<Props, 'cancel'> & { cancelHref: string }) {
  return <ConfirmActionPanel {...confirmation(props)} title="Delete recording" cancelHref={cancelHref} />
}
