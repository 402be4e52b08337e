import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core'
import { Link, isRouteErrorResponse } from '@remix-run/react'
import { IconLock } from '~/components/icons'
import { ErrorScreen } from '~/components/error-screen'
import { evaluationListPath } from './evaluation-format'

/** The detail page's error boundary: a 403 says whose calls one may open; anything else is the usual screen. */
export function EvaluationError({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error) || error.status !== 403) return <ErrorScreen error={error} />
  return (
    <Center mih="50vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={560} w="100%">
        <Stack gap="md" align="flex-start">
          <IconLock size={32} aria-hidden color="var(--mantine-color-red-7)" />
          <Title order={1} size="h2">
            You can only open your own evaluations
          </Title>
          <Text c="dimmed">
            This call belongs to another agent. Agents see the evaluations of their own calls only.
          </Text>
          <Button component={Link} to={evaluationListPath}>
            Back to your evaluations
          </Button>
        </Stack>
      </Paper>
    </Center>
  )
}
