import { Anchor, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { SummaryItem } from '#contract/summarization'
import { formatCount, formatDateTime, summaryDetailPath } from './format'
import { StatusBadge } from './summary-status'
import classes from './summarization.module.css'
import { ConfirmLink } from '~/components/layout/confirm-action'
import { DataTable, type ListStates } from '~/components/layout/data-table'

type Props = ListStates & {
  /** The summaries, or null when they could not be loaded (`failure` says why). */
  summaries: SummaryItem[] | null
  label: string
  /** Fewer columns, for a narrow panel. */
  compact?: boolean
  /** With deletes: the no-JavaScript confirmation step for a row, and the modal with JavaScript. */
  remove?: { confirmHref: (id: number) => string; onDelete: (summary: SummaryItem) => void }
}

/** Summaries, newest first; each opens its detail page. */
export function SummaryTable({ summaries, label, compact = false, remove, ...states }: Props) {
  return (
    <DataTable
      {...states}
      label={label}
      rows={summaries}
      rowKey={(s) => s.summary_id}
      verticalSpacing="xs"
      className={compact ? `${classes.table} ${classes.compact}` : classes.table}
      columns={[
        {
          header: 'Summary',
          cell: (s) => (
            <>
              <Anchor component={Link} to={summaryDetailPath(s.summary_id)} fw={600} size="sm">
                #{s.summary_id} · {s.source}
              </Anchor>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {s.status === 'failed' && s.failure_reason ? s.failure_reason : s.preview}
              </Text>
            </>
          ),
        },
        { header: 'Type', td: { style: { whiteSpace: 'nowrap' } }, cell: (s) => s.summary_type_label },
        { header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
        !compact && {
          header: 'Words',
          labelCells: true,
          td: { ta: 'right', style: { fontVariantNumeric: 'tabular-nums' } },
          cell: (s) => formatCount(s.word_count),
        },
        {
          header: 'Created',
          labelCells: true,
          td: { style: { whiteSpace: 'nowrap' } },
          cell: (s) => <time dateTime={s.created_at}>{formatDateTime(s.created_at)}</time>,
        },
        remove && {
          header: 'Actions',
          hideHeader: true,
          td: { className: classes.actions },
          cell: (s) => (
            <ConfirmLink
              confirmHref={remove.confirmHref(s.summary_id)}
              onAsk={() => remove.onDelete(s)}
              label={`Delete summary #${s.summary_id}`}
            />
          ),
        },
      ]}
    />
  )
}
