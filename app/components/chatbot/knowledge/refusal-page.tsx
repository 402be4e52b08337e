import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core'
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { IconFileUnknown, IconLock } from '@tabler/icons-react'
import { ErrorScreen } from '~/components/error-screen'
import { CHATBOT_PATH } from './access'

type Back = { to: string; label: string }

const detailOf = (data: unknown, fallback: string) =>
  typeof data === 'string' && data ? data : ((data as { message?: string } | null)?.message ?? fallback)

/**
 * A refusal inside the portal frame (ARCHITECTURE §9: refusals are pages): a 403 says who may use the
 * page, a 404 that the record is gone, each with a way back. Real failures get the error screen.
 */
export function RefusalPage({ status, message, back }: { status: 403 | 404; message: string; back: Back }) {
  const forbidden = status === 403
  const Icon = forbidden ? IconLock : IconFileUnknown
  return (
    <Center mih="50vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={560} w="100%">
        <Stack gap="md" align="flex-start">
          <Icon size={32} aria-hidden color="var(--mantine-color-red-7)" />
          <Title order={1} size="h2">
            {forbidden ? 'You do not have access to this page' : 'Not found'}
          </Title>
          <Text>{message}</Text>
          <Text c="dimmed" size="sm">
            {forbidden ? 'Error 403: ask an admin if you need it.' : 'Error 404: it may have been deleted.'}
          </Text>
          <Button component={Link} to={back.to}>
            {back.label}
          </Button>
        </Stack>
      </Paper>
    </Center>
  )
}

const toChatbot: Back = { to: CHATBOT_PATH, label: 'Back to the chatbot' }

/**
 * The error boundary of the knowledge base and handoff pages: a 403 leads back to the chatbot, a 404
 * to `back` (the list the record was in).
 */
export function KnowledgeErrorBoundary({ forbidden, back = toChatbot }: { forbidden: string; back?: Back }) {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 403)
    return <RefusalPage status={403} message={detailOf(error.data, forbidden)} back={toChatbot} />
  if (isRouteErrorResponse(error) && error.status === 404)
    return <RefusalPage status={404} message={detailOf(error.data, 'This page does not exist.')} back={back} />
  return <ErrorScreen error={error} />
}
