import type { ReactNode } from 'react'
import type { TemplateSummary } from '#contract/templates'
import { ConfirmActionForm, ConfirmActionPanel } from '~/components/layout/confirm-action'
import { TEMPLATE_LIST_PATH } from './template-form/access'

type Props = {
  template: Pick<TemplateSummary, 'template_internal_id' | 'name' | 'version'>
  /** Where to come back to after the delete (the list as it was, without the confirmation step). */
  redirectTo: string
  cancel: ReactNode
  /** Called as the form is posted (the modal closes; the page follows the navigation). */
  onSubmit?: () => void
}

const confirmation = ({ template, redirectTo }: Omit<Props, 'cancel' | 'onSubmit'>) => ({
  redirectTo,
  action: TEMPLATE_LIST_PATH,
  intent: 'delete',
  fields: { template_internal_id: template.template_internal_id },
  submitLabel: 'Delete template',
  message: (
    <>
      Delete <strong>{template.name}</strong> (v{template.version})? This removes the template and all its versions. It
      cannot be undone.
    </>
  ),
})

/** The delete form: in a modal with JavaScript, in the page without it. */
export function TemplateDeleteForm({ cancel, onSubmit, ...props }: Props) {
  return <ConfirmActionForm {...confirmation(props)} cancel={cancel} onSubmit={onSubmit} />
}

/** The no-JavaScript confirmation step (`?confirm-delete=<id>`), above the list. */
export function TemplateDeletePanel({
  cancelHref,
  ...props
}: Omit<Props, 'cancel' | 'onSubmit'> & { cancelHref: string }) {
  return <ConfirmActionPanel {...confirmation(props)} title="Delete template" cancelHref={cancelHref} />
}
