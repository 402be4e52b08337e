import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { feedFromPage, appendPage, NOTIFICATION_PAGE_SIZE } from '~/lib/notification-feed'
import { endpoints } from '#contract/endpoints'
import { cleanedSearch } from '~/lib/clean-search'
import { listUnreadNotifications } from '~/services/notifications.server'
import { createUpstream } from '~/services/upstream.server'
import { requireTokens } from '~/sessions.server'

const MAX_PANEL_PAGES = 20
const npageParam = z.coerce.number().int().min(1).max(MAX_PANEL_PAGES).catch(1)

/**
 * The /demo-portal and /reshub layouts: both cookies, then the user and the bell's first page at once.
 * `?notifications=open[&npage=N]` also renders the bell's panel in the page (the no-JavaScript bell).
 */
export async function loadPortalLayout(request: Request) {
  // a filter form sent without JavaScript: to the address with only the filters in use
  const url = new URL(request.url)
  const clean = cleanedSearch(url)
  if (clean !== null) throw redirect(`${url.pathname}${clean}`)
  const tokens = await requireTokens(request)
  const api = await createUpstream(request, tokens)
  const params = url.searchParams
  const panelOpen = params.get('notifications') === 'open'
  const pages = panelOpen ? npageParam.parse(params.get('npage') ?? 1) : 1
  // the user is a lookup: the bell's list, asked on every page, still has the API check the session
  const [user, ...lists] = await Promise.all([
    api.lookup(endpoints.userDetail),
    ...Array.from({ length: pages }, (_, i) => listUnreadNotifications(api, i + 1)),
  ])
  const first = lists[0]
  const panel = panelOpen
    ? { feed: lists.slice(1).reduce(appendPage, feedFromPage(first, NOTIFICATION_PAGE_SIZE)), pages }
    : null
  return data({ user, notifications: first, panel }, { headers: api.headers })
}
