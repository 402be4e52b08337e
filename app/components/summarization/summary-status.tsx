import { Badge } from '@mantine/core'
import { useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import type { JobStatus } from '#contract/envelope'
import { statusColor, statusLabel } from './format'

export function StatusBadge({ status }: { status: JobStatus }) {
  return (
    <Badge variant="light" color={statusColor[status]} styles={{ root: { minWidth: 'max-content' } }}>
      {statusLabel[status]}
    </Badge>
  )
}

const POLL_MS = 2000

/** While a summary is on its way, reload the page's data every 2 s (without JavaScript a meta refresh does it). */
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
 * runs scripts never reads it (it polls instead, without reloading the page).
 */
export function NoScriptRefresh({ seconds = 3 }: { seconds?: number }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  )
}
