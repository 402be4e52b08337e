import { createCookie, redirect, replace } from '@remix-run/node'
import { z } from 'zod'
import { getEnv } from '~/env.server'

export const ACCESS_COOKIE = 'access_token_demo'
export const REFRESH_COOKIE = 'refresh_token_demo'
const WEEK = 60 * 60 * 24 * 7

export type Tokens = { access: string; refresh: string }

// The access cookie lives as long as the refresh one: an expired access token is refreshed, not a reason to sign in again.
function tokenCookie(name: string) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: getEnv().COOKIE_SECURE,
    maxAge: WEEK,
  })
}

let cookies:
  | {
      access: ReturnType<typeof tokenCookie>
      refresh: ReturnType<typeof tokenCookie>
      toast: ReturnType<typeof tokenCookie>
    }
  | undefined
function jar() {
  cookies ??= {
    access: tokenCookie(ACCESS_COOKIE),
    refresh: tokenCookie(REFRESH_COOKIE),
    toast: createCookie('toast', {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: getEnv().COOKIE_SECURE,
      secrets: [getEnv().SESSION_SECRET],
    }),
  }
  return cookies
}

async function readString(cookie: ReturnType<typeof tokenCookie>, header: string | null) {
  const value: unknown = await cookie.parse(header)
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

export async function getTokens(request: Request): Promise<Partial<Tokens>> {
  const header = request.headers.get('Cookie')
  const [access, refresh] = await Promise.all([readString(jar().access, header), readString(jar().refresh, header)])
  return { access, refresh }
}

export async function appendTokenCookies(headers: Headers, tokens: Tokens) {
  headers.append('Set-Cookie', await jar().access.serialize(tokens.access))
  headers.append('Set-Cookie', await jar().refresh.serialize(tokens.refresh))
  return headers
}

export async function appendClearedTokenCookies(headers: Headers) {
  headers.append('Set-Cookie', await jar().access.serialize('', { maxAge: 0 }))
  headers.append('Set-Cookie', await jar().refresh.serialize('', { maxAge: 0 }))
  return headers
}

/** The path (and query) of this request, as a `redirectTo` value. */
export function currentPath(request: Request) {
  const url = new URL(request.url)
  return `${url.pathname}${url.search}`
}

const NOWHERE = 'http://portal.invalid'
// Browsers drop tabs and newlines inside URLs (so `/\t/evil` becomes `//evil`), and a header cannot carry them.
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}]/u

function staysHome(path: string) {
  if (!path.startsWith('/')) return false
  try {
    const url = new URL(path, NOWHERE)
    return url.origin === NOWHERE && !url.pathname.startsWith('//')
  } catch {
    return false
  }
}

/**
 * `to` when it is a path on this site, otherwise `defaultRedirect`. The value is resolved the way a
 * browser would, and again once decoded, so `//host`, `/\host` and their encoded forms are refused.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, defaultRedirect = '/') {
  if (typeof to !== 'string' || UNSAFE_CHARACTER.test(to) || !staysHome(to)) return defaultRedirect
  let decoded: string
  try {
    decoded = decodeURIComponent(to)
  } catch {
    return defaultRedirect
  }
  return staysHome(decoded) ? to : defaultRedirect
}

export function loginUrl(redirectTo?: string) {
  const safe = redirectTo ? safeRedirect(redirectTo, '') : ''
  return safe && safe !== '/' ? `/login?${new URLSearchParams({ redirectTo: safe })}` : '/login'
}

/** Both cookies or no page: otherwise off to /login, replacing the history entry (SPEC §4). */
export async function requireTokens(request: Request): Promise<Tokens> {
  const { access, refresh } = await getTokens(request)
  if (access && refresh) return { access, refresh }
  const headers = new Headers()
  if (access || refresh) await appendClearedTokenCookies(headers)
  throw replace(loginUrl(currentPath(request)), { headers })
}

export const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  title: z.string().optional(),
  message: z.string(),
  type: z.enum(['success', 'error', 'info', 'warning']).default('success'),
})
export type Toast = z.input<typeof toastSchema>
export type ShownToast = z.output<typeof toastSchema>

export async function appendToast(headers: Headers, toast: Toast) {
  headers.append('Set-Cookie', await jar().toast.serialize(toastSchema.parse(toast)))
  return headers
}

export async function redirectWithToast(url: string, toast: Toast, init: { headers?: Headers } = {}) {
  const headers = new Headers(init.headers)
  await appendToast(headers, toast)
  return redirect(url, { headers })
}

/** Reads the flash toast; the returned headers clear it (commit them with the response). */
export async function getToast(request: Request): Promise<{ toast: ShownToast | null; headers: Headers }> {
  const headers = new Headers()
  const raw: unknown = await jar().toast.parse(request.headers.get('Cookie'))
  if (raw == null) return { toast: null, headers }
  headers.append('Set-Cookie', await jar().toast.serialize('', { maxAge: 0 }))
  const parsed = toastSchema.safeParse(raw)
  return { toast: parsed.success ? parsed.data : null, headers }
}
