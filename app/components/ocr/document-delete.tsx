import type { ReactNode } from 'react'
import { ConfirmActionForm, ConfirmActionPanel } from '~/components/layout/confirm-action'
import { DELETE_INTENT, formatDateTime } from './format'

export type DeleteTarget = { document_id: number; file_name: string; created_at: string }

type Props = {
  document: DeleteTarget
  /** The route whose action deletes (the bucket's list, or the document's own page). */
  action: string
  /** Where to come back to after (the list as it was, without the confirmation step). */
  redirectTo: string
  cancel: ReactNode
  onSubmit?: () => void
}

const confirmation = ({ document, ...rest }: Omit<Props, 'cancel'>) => ({
  ...rest,
  intent: DELETE_INTENT,
  fields: { document_id: document.document_id },
  submitLabel: 'Delete document',
  message: (
    <>
      Delete <strong>{document.file_name}</strong> (uploaded {formatDateTime(document.created_at)})? Its pages, text and
      fields are removed for good.
    </>
  ),
})

/** The delete form: in a modal with JavaScript. */
export function DocumentDeleteForm({ cancel, ...props }: Props) {
  return <ConfirmActionForm {...confirmation(props)} cancel={cancel} />
}

/** The no-JavaScript confirmation step (`?confirm-delete=<id>`), in the page. */
export function DocumentDeletePanel({ cancelHref, ...props }: Omit<Props, 'cancel'> & { cancelHref: string }) {
  return <ConfirmActionPanel {...confirmation(props)} title="Delete document" cancelHref={cancelHref} />
}
