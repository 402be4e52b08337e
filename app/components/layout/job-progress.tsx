import { Alert, Badge, Card, Loader, Text, ThemeIcon, Title } from '@mantine/core'
import { useRevalidator } from '@remix-run/react'
import { IconCheck } from '~/components/icons'
import { useEffect, type ReactNode } from 'react'
import { jobStatusLabel, type JobStatus } from '#contract/job-status'
import classes from './job-progress.module.css'

const POLL_MS = 2000

export const jobStatusColor: Record<JobStatus, string> = {
  pending: 'yellow',
  in_queue: 'cyan',
  started: 'blue',
  completed: 'teal',
  failed: 'red',
}

/** A job's status as SPEC §4 labels it (Pending, In Queue, Started, Completed, Failed). */
export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <Badge variant="light" color={jobStatusColor[status]} tt="none" miw="max-content">
      {jobStatusLabel[status]}
    </Badge>
  )
}
const STEPS: JobStatus[] = ['pending', 'in_queue', 'started', 'completed']
const RUNNING: JobStatus[] = ['pending', 'in_queue', 'started']

/** While a job is on its way, reload the page's data every 2 s; completed and failed stop it (SPEC §4). */
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

type Props = {
  status: JobStatus
  reason: string | null
  title: string
  description: ReactNode
  /** The steps list's accessible name ("OCR steps"). */
  stepsLabel: string
  failedTitle: string
  failedFallback: string
  /** Show nothing once the job is done (the page shows the result instead). */
  hideWhenDone?: boolean
}

/**
 * A job's steps (pending, in queue, started, completed), the current one marked, or the failure
 * with its reason. While it runs the page polls: every 2 s with JavaScript, a meta refresh without.
 */
export function JobProgress({
  status,
  reason,
  title,
  description,
  stepsLabel,
  failedTitle,
  failedFallback,
  hideWhenDone,
}: Props) {
  const running = RUNNING.includes(status)
  usePollWhile(running)
  if (status === 'failed') {
    return (
      <Alert color="red" title={failedTitle} role="alert">
        {reason || failedFallback}
      </Alert>
    )
  }
  if (!running && hideWhenDone) return null
  const current = STEPS.indexOf(status)
  return (
    <Card padding="md" component="section" aria-labelledby="progress-title">
      {running ? <NoScriptRefresh /> : null}
      <Title order={2} size="h4" id="progress-title" mb="xs">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      <ol className={classes.steps} aria-label={stepsLabel}>
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
                  {jobStatusLabel[step]}
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
