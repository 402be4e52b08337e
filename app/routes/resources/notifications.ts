import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { endpoints } from '#contract/endpoints'
import { readForm } from '~/lib/forms.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { listUnreadNotifications } from '~/services/notifications.server'
import { createUpstream } from '~/services/upstream.server'
import { appendToast, safeRedirect } from '~/sessions.server'

const pageParam = z.coerce.number().int().min(1).max(1000).catch(1)
const markReadForm = z.object({
  id: z.coerce.number().int().positive(),
  redirectTo: z.string().optional(),
})

/** The bell's next page (fetcher.load). */
export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const page = pageParam.parse(new URL(request.url).searchParams.get('page') ?? 1)
  const list = await listUnreadNotifications(api, page)
  return data(list, { headers: applySecurityHeaders(api.headers) })
}

/** Mark one read: a fetcher gets `{ ok }`; a plain form (no JavaScript) is sent back where it came from. */
export async function action({ request }: ActionFunctionArgs) {
  const form = markReadForm.safeParse(Object.fromEntries(await readForm(request)))
  if (!form.success) return data({ ok: false, message: 'Unknown notification' }, { status: 400 })
  const api = await createUpstream(request)
  let failure: string | null = null
  let status = 200
  try {
    await api.request(endpoints.markNotificationRead, { params: { id: form.data.id } })
  } catch (thrown) {
    if (!(thrown instanceof Response) || thrown.status === 302) throw thrown
    failure = await thrown.text()
    status = thrown.status
  }
  const headers = applySecurityHeaders(api.headers)
  if (form.data.redirectTo !== undefined) {
    if (failure) await appendToast(headers, { title: 'Notification', message: failure, type: 'error' })
    return redirect(safeRedirect(form.data.redirectTo, '/demo-portal'), { headers })
  }
  return data(failure ? { ok: false, message: failure } : { ok: true, id: form.data.id }, {
    status,
    headers,
  })
}
