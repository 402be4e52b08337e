import { Button, Center, Code, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Form, isRouteErrorResponse, useLocation } from '@remix-run/react'
import { detailOf, RefusalPage, type Back } from './layout/refusal-page'

export function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' ? error.data : (error.data?.message ?? error.statusText)
    return `${error.status}${detail ? ` — ${detail}` : ''}`
  }
  if (error instanceof Error) return error.message
  return 'Unknown error'
}

/** What a boundary says of a refusal or a missing page where the response has no words of its own, and where it leads. */
export type Refusals = Partial<Record<403 | 404, { message?: string; back?: Back }>>

const REFUSED = { 403: 'Your role may not open this page.', 404: 'There is no page here.' }

/**
 * Shown by every error boundary. A refusal (403) or a missing page (404) is not a crash: it gets the
 * refusal page, which says so and leads back (to the area of the address, or where `refusals` says).
 * Anything else gets "something went wrong", whose Refresh is a plain link so it works without
 * JavaScript. `signOut` offers a way out of a signed-in area whose shell could not load (e.g. the
 * upstream is down).
 */
export function ErrorScreen({
  error,
  signOut = false,
  refusals = {},
}: {
  error: unknown
  signOut?: boolean
  refusals?: Refusals
}) {
  const location = useLocation()
  if (!signOut && isRouteErrorResponse(error) && (error.status === 403 || error.status === 404)) {
    const status = error.status
    const { message = REFUSED[status], back } = refusals[status] ?? {}
    return <RefusalPage status={status} message={detailOf(error.data, message)} back={back} />
  }
  return (
    <Center mih="60vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={560} w="100%">
        <Stack gap="md" align="flex-start">
          <Title order={1} size="h2">
            Oops! something went wrong
          </Title>
          <Text c="dimmed">We could not show this page. The details are below.</Text>
          <Code block w="100%" style={{ whiteSpace: 'pre-wrap' }}>
            {errorText(error)}
          </Code>
          <Group gap="sm">
            <Button component="a" href={`${location.pathname}${location.search}`}>
              Refresh
            </Button>
            {signOut ? (
              <Form method="post" action="/logout">
                <Button type="submit" variant="default">
                  Sign out
                </Button>
              </Form>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Center>
  )
}
