import type { ReactNode } from 'react'
import { ConfirmActionForm, ConfirmActionPanel } from '~/components/layout/confirm-action'
import { SUMMARY_HISTORY_PATH } from './format'

export type DeleteTarget = { summary_id: number; source: string; summary_type_label: string }

type Props = {
  summary: DeleteTarget
  /** Where to come back to after (the list as it was, without the confirmation step). */
  redirectTo: string
  cancel: ReactNode
  /** Called as the form is posted (the modal closes; the page follows the navigation). */
  onSubmit?: () => void
}

const confirmation = ({ summary, redirectTo }: Omit<Props, 'cancel' | 'onSubmit'>) => ({
  redirectTo,
  action: SUMMARY_HISTORY_PATH,
  intent: 'delete',
  fields: { summary_id: summary.summary_id },
  submitLabel: 'Delete summary',
  message: (
    <>
      Delete summary <strong>#{summary.summary_id}</strong> ({summary.summary_type_label} of {summary.source})? The
      summary and the text it was made from are removed; a summary still being made is cancelled. It cannot be undone.
    </>
  ),
})

/** The delete form: in a modal with JavaScript, in the page without it. */
export function SummaryDeleteForm({ cancel, onSubmit, ...props }: Props) {
  return <ConfirmActionForm {...confirmation(props)} cancel={cancel} onSubmit={onSubmit} />
}

/** The no-JavaScript confirmation step (`?confirm-delete=<id>`), above the list. */
export function SummaryDeletePanel({
  cancelHref,
  ...props
}: Omit<Props, 'cancel' | 'onSubmit'> & { cancelHref: string }) {
  return <ConfirmActionPanel {...confirmation(props)} title="Delete summary" cancelHref={cancelHref} />
}
