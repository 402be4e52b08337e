import { parseWithZod } from '@conform-to/zod'
import { Button, Paper, Stack, Text, TextInput } from '@mantine/core'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { loginBody } from '#contract/accounts'
import { endpoints } from '#contract/endpoints'
import { LoginCard } from '~/components/login/login-card'
import { loginErrors } from '~/components/login/login-errors'
import type { RouteHandle } from '~/lib/hydration'
import { createUpstream } from '~/services/upstream.server'
import { appendToast, appendTokenCookies, getTokens, safeRedirect } from '~/sessions.server'
import { pageTitle } from '~/theme'
import { readForm } from '~/lib/forms.server'

export const meta: MetaFunction = () => [{ title: pageTitle('Sign in') }]

// Plain HTML: the form posts without JavaScript and the browser checks the fields (required, email)
// before it does; the server checks them again with the contract. See ~/lib/hydration.
export const handle: RouteHandle = { hydrate: false }

const HOME = '/demo-portal'

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get('redirectTo') ?? ''
  const { access, refresh } = await getTokens(request)
  if (access && refresh) throw redirect(safeRedirect(redirectTo, HOME))
  return { redirectTo: safeRedirect(redirectTo, '') }
}

function failureOf(status: number, serverMessage: string) {
  if (status === 400 || status === 401) return { message: 'Invalid Login', status: 400 }
  if (status === 429) return { message: serverMessage, status: 429 }
  return { message: 'Login Error', status: 503 }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: loginBody })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const api = await createUpstream(request, {})
  try {
    const { access, refresh, user } = await api.request(endpoints.login, { body: submission.value })
    const headers = await appendTokenCookies(new Headers(), { access, refresh })
    await appendToast(headers, { title: 'Signed in', message: `Welcome back, ${user.first_name}` })
    const redirectTo = safeRedirect(formData.get('redirectTo'), HOME)
    return redirect(redirectTo === '/' || redirectTo.startsWith('/login') ? HOME : redirectTo, { headers })
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    const failure = failureOf(thrown.status, await thrown.text())
    return data(
      { result: submission.reply({ formErrors: [failure.message], hideFields: ['password'] }) },
      { status: failure.status },
    )
  }
}

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { errors, formError, initialEmail } = loginErrors(actionData?.result)

  return (
    <LoginCard>
      <Form method="post" id="login" aria-describedby={formError ? 'login-error' : undefined}>
        <Stack gap="md">
          {formError ? (
            <Paper
              role="alert"
              id="login-error"
              bg="red.0"
              c="red.9"
              p="sm"
              withBorder
              style={{ borderColor: 'var(--mantine-color-red-3)' }}
            >
              <Text fw={600} size="sm">
                {formError}
              </Text>
            </Paper>
          ) : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextInput
            name="email"
            defaultValue={initialEmail}
            label="Email"
            type="email"
            autoComplete="username"
            placeholder="you@company.com"
            error={errors.email?.[0]}
            required
          />
          <TextInput
            type="password"
            name="password"
            label="Password"
            autoComplete="current-password"
            error={errors.password?.[0]}
            required
          />
          <Button type="submit" fullWidth size="md">
            Sign in
          </Button>
        </Stack>
      </Form>
    </LoginCard>
  )
}
