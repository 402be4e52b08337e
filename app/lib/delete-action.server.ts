import { createUpstream, upstreamFailure, type Upstream, type UpstreamFailure } from '~/services/upstream.server'
import { redirectWithToast, safeRedirect } from '~/sessions.server'

/**
 * Where a list's action sends the user back: the list as they left it (its filters and page), minus
 * the steps that led to the action (`?confirm-delete=…`, an open edit). Anything that is not the
 * list itself is the bare list.
 */
export function backToList(redirectTo: FormDataEntryValue | null, list: string, ...drop: string[]) {
  const url = new URL(safeRedirect(redirectTo, list), 'http://portal')
  if (url.pathname !== list) return list
  for (const param of drop) url.searchParams.delete(param)
  return `${url.pathname}${url.search}`
}

type DeleteAction<T> = {
  request: Request
  /** What to delete, read from the form or the URL; null when the form named nothing valid. */
  target: T | null
  /** The API call that deletes (or archives, or deactivates). */
  remove: (api: Upstream, target: T) => Promise<unknown>
  /** Where a failure (and a form that named nothing) goes back to. */
  back: string
  /** Where a delete that went through goes; `back` unless said. */
  done?: string
  /** The page's own words: the success toast, the toast when nothing was chosen, the error toasts' title. */
  messages: { done: string; choose?: string; errorTitle?: string }
  /** How a refusal reads (the area's wording of a 403, say); it may throw a response, e.g. a 404 page. */
  failure?: (thrown: unknown, api: Upstream) => Promise<UpstreamFailure>
}

/**
 * The list pages' delete: call the API, then redirect with a toast, with or without JavaScript (a
 * plain POST and a redirect). A refusal is an error toast carrying the API's message, back where the
 * user came from; nothing is thrown for it unless `failure` throws.
 */
export async function deleteAction<T>({ request, target, remove, back, done, messages, failure }: DeleteAction<T>) {
  const title = messages.errorTitle
  const error = (message: string) =>
    title === undefined ? { message, type: 'error' as const } : { title, message, type: 'error' as const }
  if (target === null) return redirectWithToast(back, error(messages.choose ?? 'Choose what to delete'))
  const api = await createUpstream(request)
  try {
    await remove(api, target)
  } catch (thrown) {
    const { message } = await (failure ? failure(thrown, api) : upstreamFailure(thrown))
    return redirectWithToast(back, error(message), { headers: api.headers })
  }
  return redirectWithToast(done ?? back, { message: messages.done }, { headers: api.headers })
}
