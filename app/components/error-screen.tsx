import { Button, Center, Code, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Form, isRouteErrorResponse, useLocation } from '@remix-run/react'
import { detailOf, RefusalPage } from './layout/refusal-page'

export function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' ? error.data : (error.data?.message ?? error.statusText)
    return `${error.status}${detail ? ` — ${detail}` : ''}`
  }
  if (error instanceof Error) return error.message
  return 'Unknown error'
}

/**
 * Shown by every error boundary. A refusal (403) or a missing page (404) is not a crash: it gets the
 * refusal page, which says so and leads back. Anything else gets "something went wrong", whose Refresh
 * is a plain link so it works without JavaScript. `signOut` offers a way out of a signed-in area whose
 * shell could not load (e.g. the upstream is down).
 */
export function ErrorScreen({ error, signOut = false }: { error: unknown; signOut?: boolean }) {
  const location = useLocation()
  if (!signOut && isRouteErrorResponse(error) && (error.status === 403 || error.status === 404))
    return (
      <RefusalPage
        status={error.status}
        message={detailOf(
          error.data,
          error.status === 403 ? 'Your role may not open this page.' : 'There is no page here.',
        )}
      />
    )
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
