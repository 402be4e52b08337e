import type { ReactNode } from 'react'
import { ConfirmActionForm, ConfirmActionPanel } from '~/components/layout/confirm-action'
import { USER_LIST_PATH } from './paths'

export type DeactivateTarget = { id: number; full_name: string; email: string }

type Props = {
  user: DeactivateTarget
  /** Where to come back to after (the list as it was, without the confirmation step). */
  redirectTo: string
  cancel: ReactNode
  /** Called as the form is posted (the modal closes; the page follows the navigation). */
  onSubmit?: () => void
}

const confirmation = ({ user, redirectTo }: Omit<Props, 'cancel' | 'onSubmit'>) => ({
  redirectTo,
  action: USER_LIST_PATH,
  intent: 'deactivate',
  fields: { id: user.id },
  submitLabel: 'Deactivate user',
  message: (
    <>
      Deactivate <strong>{user.full_name}</strong> ({user.email})? They are signed out at once and can no longer sign
      in. Their evaluations and history are kept; an admin can reactivate them from the edit page.
    </>
  ),
})

/** The deactivate form: in a modal with JavaScript, in the page without it. */
export function UserDeactivateForm({ cancel, onSubmit, ...props }: Props) {
  return <ConfirmActionForm {...confirmation(props)} cancel={cancel} onSubmit={onSubmit} />
}

/** The no-JavaScript confirmation step (`?confirm-deactivate=<id>`), above the list. */
export function UserDeactivatePanel({
  cancelHref,
  ...props
}: Omit<Props, 'cancel' | 'onSubmit'> & { cancelHref: string }) {
  return <ConfirmActionPanel {...confirmation(props)} title="Deactivate user" cancelHref={cancelHref} />
}
