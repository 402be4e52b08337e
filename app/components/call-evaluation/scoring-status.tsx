import { Alert, Button, Group, Text } from '@mantine/core'
import { Form, useNavigation, useRevalidator } from '@remix-run/react'
import { IconRefresh } from '~/components/icons'
import { useEffect } from 'react'
import { jobStatusLabel, type JobStatus } from '#contract/job-status'

const POLL_MS = 2000
export const scoringInProgress = (status: JobStatus) =>
  status === 'pending' || status === 'in_queue' || status === 'started'

/** While the AI scores the call, reload its data every 2 s (without JavaScript, the page's meta refresh does it). */
function usePollWhile(active: boolean) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!active || state !== 'idle') return
    const timer = setTimeout(revalidate, POLL_MS)
    return () => clearTimeout(timer)
  }, [active, state, revalidate])
}

/** Where the AI's scoring of this call is, and a way to score it again for those who review. */
export function ScoringStatus({
  status,
  error,
  canRescore,
}: {
  status: JobStatus
  error: string | null
  canRescore: boolean
}) {
  const busy = scoringInProgress(status)
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'rescore'
  usePollWhile(busy)
  const rescore = canRescore ? (
    <Form method="post">
      <input type="hidden" name="intent" value="rescore" />
      <Button
        type="submit"
        variant="light"
        size="xs"
        leftSection={<IconRefresh size={14} aria-hidden />}
        loading={submitting}
        disabled={busy}
      >
        Score again
      </Button>
    </Form>
  ) : null

  if (busy || status === 'failed') {
    return (
      <Alert
        color={status === 'failed' ? 'red' : 'blue'}
        title={status === 'failed' ? 'AI scoring failed' : `AI scoring: ${jobStatusLabel[status]}`}
        role="status"
      >
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {status === 'failed'
              ? (error ?? 'The call could not be scored.')
              : 'The AI is scoring this call against its template. This page updates when it is done.'}
          </Text>
          {rescore}
        </Group>
      </Alert>
    )
  }
  if (!rescore && !error) return null
  return (
    <Group justify="flex-end" gap="xs">
      {error ? (
        <Text size="xs" c="dimmed" role="note">
          {error}
        </Text>
      ) : null}
      {rescore}
    </Group>
  )
}
