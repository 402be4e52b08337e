// Signing in to a running portal the way a browser without JavaScript does, for the benches.

/** GET the login form (for its hidden fields), POST it; the Cookie header of the signed-in session. */
export async function signIn(base, email = 'admin@demo.local', password = 'Demo@1234') {
  const page = await (await fetch(`${base}/login`)).text()
  const form = new URLSearchParams()
  for (const [, attrs] of page.matchAll(/<input([^>]*type="hidden"[^>]*)>/g)) {
    const name = attrs.match(/name="([^"]*)"/)?.[1]
    if (name) form.set(name, attrs.match(/value="([^"]*)"/)?.[1] ?? '')
  }
  form.set('email', email)
  form.set('password', password)
  const res = await fetch(`${base}/login`, { method: 'POST', body: form, redirect: 'manual' })
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0])
  const names = cookies.map((c) => c.split('=')[0])
  if (!names.includes('access_token_demo') || !names.includes('refresh_token_demo')) {
    throw new Error(`login did not set both token cookies (status ${res.status}, cookies: ${names.join(', ')})`)
  }
  return cookies.filter((c) => c.includes('_token_demo')).join('; ')
}
