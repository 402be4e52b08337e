import type { ReactNode } from 'react'
import { ConfirmActionForm, ConfirmActionPanel } from '~/components/layout/confirm-action'
import { KNOWLEDGE_BASE_PATH } from './access'

export type ArticleTarget = { article_id: number; title: string; campaign_name: string }

type Props = {
  article: ArticleTarget
  /** Where to come back to after the delete (the list as it was, without the confirmation step). */
  redirectTo: string
  cancel: ReactNode
  /** Called as the form is posted (the modal closes; the page follows the navigation). */
  onSubmit?: () => void
}

// The list's action deletes, from the list and from the edit page alike.
const confirmation = ({ article, redirectTo }: Omit<Props, 'cancel' | 'onSubmit'>) => ({
  redirectTo,
  action: KNOWLEDGE_BASE_PATH,
  intent: 'delete',
  fields: { article_id: article.article_id },
  submitLabel: 'Delete article',
  message: (
    <>
      Delete <strong>{article.title}</strong> from the {article.campaign_name} knowledge base? The chatbot stops quoting
      it at once. It cannot be undone.
    </>
  ),
})

/** The delete form: in a modal with JavaScript, in the page without it. */
export function ArticleDeleteForm({ cancel, onSubmit, ...props }: Props) {
  return <ConfirmActionForm {...confirmation(props)} cancel={cancel} onSubmit={onSubmit} />
}

/** The no-JavaScript confirmation step (`?confirm-delete=<id>`), above the list or the form. */
export function ArticleDeletePanel({
  cancelHref,
  ...props
}: Omit<Props, 'cancel' | 'onSubmit'> & { cancelHref: string }) {
  return <ConfirmActionPanel {...confirmation(props)} title="Delete article" cancelHref={cancelHref} />
}
