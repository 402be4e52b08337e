import { Button, Group } from '@mantine/core'
import { Link } from '@remix-run/react'
import { HISTORY_TYPES, historyHref, historyTabLabel, type FilterValues, type HistoryType } from './format'

/** The four lists (every channel, then each one) as links that keep the filters: one URL each, no JavaScript needed. */
export function HistoryTabs({ type, values }: { type: HistoryType; values: FilterValues }) {
  return (
    <nav aria-label="Conversations by channel">
      <Group gap={6} wrap="wrap">
        {HISTORY_TYPES.map((t) => (
          <Button
            key={t}
            component={Link}
            to={historyHref(t, values)}
            size="compact-md"
            variant={t === type ? 'filled' : 'default'}
            aria-current={t === type ? 'page' : undefined}
          >
            {historyTabLabel[t]}
          </Button>
        ))}
      </Group>
    </nav>
  )
}
