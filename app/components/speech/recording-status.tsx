import { Alert, Badge, Card, Loader, Text, ThemeIcon, Title } from '@mantine/core'
import { useRevalidator } from '@remix-run/react'
import { IconCheck } from '@tabler/icons-react'
import { useEffect } from 'react'
import type { JobStatus } from '#contract/envelope'
import { inProgress, progressSteps, statusColor, statusLabel } from './format'
import classes from './speech.module.css'

export function StatusBadge({ status }: { status: JobStatus }) {
  return (
    <Badge variant="light" color={statusColor[status]} tt="none" miw="max-content">
      {statusLabel[status]}
    </Badge>
  )
}

const POLL_MS = 2000

/** While a recording is on its way, reload the page's data every 2 s; completed and failed stop it (SPEC §4). */
export function usePollWhile(active: boolean) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!active || state !== 'idle') return
    const timer = setTimeout(revalidate, POLL_MS)
    return () => clearTimeout(timer)
  }, [active, state, revalidate])
}

/**
 * Without JavaScript the page reloads itself every few seconds. Inside <noscript>, so a browser that
 * runs scripts never acts on it (it polls instead, without reloading the page).
 */
export function NoScriptRefresh({ seconds = 3 }: { seconds?: number }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  )
}

/** The steps of the transcription job, the current one marked; polls while it runs. */
export function RecordingProgress({ status, reason }: { status: JobStatus; reason: string | null }) {
  const running = inProgress(status)
  usePollWhile(running)
  if (status === 'failed') {
    return (
      <Alert color="red" title="Transcription failed" role="alert">
        {reason || 'The recording could not be transcribed.'}
      </Alert>
    )
  }
  const current = progressSteps.indexOf(status)
  return (
    <Card padding="md" component="section" aria-labelledby="progress-title">
      {running ? <NoScriptRefresh /> : null}
      <Title order={2} size="h4" id="progress-title" mb="xs">
        Transcription in progress
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The recording is transcribed, redacted and summarised in the background. This page updates by itself; you can
        also leave and find it later in the past history.
      </Text>
      <ol className={classes.steps} aria-label="Transcription steps">
        {progressSteps.map((step, i) => {
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
