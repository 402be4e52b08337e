import { Alert, Card, Loader, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import type { JobStatus } from '#contract/envelope'
import { statusLabel } from '~/components/speech/format'
import { NoScriptRefresh, usePollWhile } from '~/components/speech/recording-status'
import classes from '~/components/speech/speech.module.css'
import { inProgress } from './format'

const STEPS: JobStatus[] = ['pending', 'in_queue', 'started', 'completed']

/**
 * The OCR job's steps, the current one marked. While it runs the page polls (every 2 s with
 * JavaScript, a meta refresh without); completed and failed stop it.
 */
export function DocumentProgress({ status, reason }: { status: JobStatus; reason: string | null }) {
  const running = inProgress(status)
  usePollWhile(running)
  if (status === 'failed') {
    return (
      <Alert color="red" title="The document could not be read" role="alert">
        {reason || 'The OCR job failed.'}
      </Alert>
    )
  }
  if (!running) return null
  const current = STEPS.indexOf(status)
  return (
    <Card padding="md" component="section" aria-labelledby="progress-title">
      <NoScriptRefresh />
      <Title order={2} size="h4" id="progress-title" mb="xs">
        Reading the document
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Each page is straightened, read word by word and its fields extracted, in the background (about a second a
        page). This page updates by itself; you can also leave and find the document in the pending list.
      </Text>
      <ol className={classes.steps} aria-label="OCR steps">
        {STEPS.map((step, i) => {
          const done = i < current
          const active = i === current
          return (
            <li key={step} aria-current={active ? 'step' : undefined}>
              <Card padding="xs" withBorder bg={active ? 'indigo.0' : undefined}>
                <ThemeIcon
                  size={28}
                  radius="xl"
                  variant={done || active ? 'filled' : 'light'}
                  color={done ? 'teal' : active ? 'indigo' : 'gray'}
                  aria-hidden
                >
                  {done ? <IconCheck size={16} /> : active ? <Loader size={14} color="white" /> : i + 1}
                </ThemeIcon>
                <Text size="sm" fw={active ? 700 : 500} mt={6}>
                  {statusLabel[step]}
                </Text>
                <Text size="xs" c="dimmed">
                  {done ? 'Done' : active ? 'Now' : 'Next'}
                </Text>
              </Card>
            </li>
          )
        })}
      </ol>
    </Card>
  )
}
