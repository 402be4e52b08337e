import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { NotificationList } from '#contract/notifications'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { getToast } from '~/sessions.server'
import { action, loader } from './notifications'

const markRead = async (fields: Record<string, string>) => {
  const request = await requestWithTokens('/resources/notifications', tokensFor('agent'), {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return run<{ ok: boolean; id?: number; message?: string }>(() => action(args(request)))
}

describe('notifications resource route', () => {
  it('pages through unread notifications', async () => {
    const request = await requestWithTokens('/resources/notifications?page=2', tokensFor('agent'))
    const result = await run<NotificationList>(() => loader(args(request)))
    expect(result.body.current_page).toBe(2)
    expect(result.body.results).toHaveLength(3)
    expect(result.body.results.every((n) => !n.is_read)).toBe(true)
    expect(result.body.next).toBeNull()
  })

  it('marks one read for a fetcher', async () => {
    const result = await markRead({ id: '412' })
    expect(result.body).toEqual({ ok: true, id: 412 })
  })

  it("reports a notification that isn't the caller's", async () => {
    const result = await markRead({ id: '999' })
    expect(result.status).toBe(404)
    expect(result.body).toEqual({ ok: false, message: 'Notification not found' })
  })

  it('answers 400 to a missing id or a body that is not a form', async () => {
    expect((await markRead({ id: 'abc' })).status).toBe(400)
    const request = await requestWithTokens('/resources/notifications', tokensFor('agent'), {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=nothing' },
      body: 'not multipart at all',
    })
    const result = await run<{ ok: boolean }>(() => action(args(request)))
    expect(result.status).toBe(400)
    expect(result.body.ok).toBe(false)
  })

  it('sends a plain form back where it came from', async () => {
    const result = await markRead({ id: '412', redirectTo: '/demo-portal?notifications=open' })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/demo-portal?notifications=open')
    const evil = await markRead({ id: '412', redirectTo: '//evil.com' })
    expect(evil.headers.get('Location')).toBe('/demo-portal')
  })

  it('tells a plain form about a failure with an error toast', async () => {
    server.use(http.post(UPSTREAM + paths.notificationRead(':id'), () => errorReply(500, 'Database unavailable')))
    const result = await markRead({ id: '412', redirectTo: '/reshub' })
    expect(result.headers.get('Location')).toBe('/reshub')
    const cookie = result.headers.getSetCookie().find((c) => c.startsWith('toast='))!
    const { toast } = await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } }))
    expect(toast).toMatchObject({ message: 'Database unavailable', type: 'error' })
  })
})
