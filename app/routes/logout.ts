import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { endpoints } from '#contract/endpoints'
import { refuseCrossSite } from '~/lib/same-origin.server'
import { createUpstream } from '~/services/upstream.server'
import { appendClearedTokenCookies, getTokens, redirectWithToast } from '~/sessions.server'

export function loader() {
  return redirect('/demo-portal')
}

/** The cookies are cleared whatever the upstream says; a failed call only changes the toast. */
export async function action({ request }: ActionFunctionArgs) {
  // a resource route: Remix checks the Origin of page actions only
  refuseCrossSite(request)
  const tokens = await getTokens(request)
  let failed = false
  if (tokens.access || tokens.refresh) {
    try {
      const api = await createUpstream(request, tokens)
      await api.request(endpoints.logout, { body: tokens.refresh ? { refresh: tokens.refresh } : {} })
    } catch (thrown) {
      // A 401 the client could not recover from means the session had already ended upstream.
      const alreadyEnded = thrown instanceof Response && thrown.status === 302
      if (!alreadyEnded) failed = true
    }
  }
  const headers = await appendClearedTokenCookies(new Headers())
  return redirectWithToast(
    '/login',
    failed ? { message: 'Logout Error', type: 'error' } : { title: 'Signed out', message: 'You have been signed out.' },
    { headers },
  )
}
