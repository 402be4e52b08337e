import { Anchor, Button, Table, Text, VisuallyHidden } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { MouseEvent } from 'react'
import type { SummaryItem } from '#contract/summarization'
import { formatCount, formatDateTime, summaryDetailPath } from './format'
import { StatusBadge } from './summary-status'
import classes from './summarization.module.css'

type Props = {
  summaries: SummaryItem[]
  label: string
  /** Fewer columns, for a narrow panel. */
  compact?: boolean
  /** With deletes: the no-JavaScript confirmation step for a row, and the modal with JavaScript. */
  remove?: { confirmHref: (id: number) => string; onDelete: (summary: SummaryItem) => void }
}

/** Summaries, newest first; each opens its detail page. */
export function SummaryTable({ summaries, label, compact = false, remove }: Props) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-label={label}
        className={compact ? `${classes.table} ${classes.compact}` : classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Summary</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            {compact ? null : <Table.Th ta="right">Words</Table.Th>}
            <Table.Th>Created</Table.Th>
            {remove ? (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summaries.map((s) => (
            <Table.Tr key={s.summary_id}>
              <Table.Td>
                <Anchor component={Link} to={summaryDetailPath(s.summary_id)} fw={600} size="sm">
                  #{s.summary_id} · {s.source}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {s.status === 'failed' && s.failure_reason ? s.failure_reason : s.preview}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.summary_type_label}</Table.Td>
              <Table.Td>
                <StatusBadge status={s.status} />
              </Table.Td>
              {compact ? null : (
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-label="Words">
                  {formatCount(s.word_count)}
                </Table.Td>
              )}
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Created">
                <time dateTime={s.created_at}>{formatDateTime(s.created_at)}</time>
              </Table.Td>
              {remove ? (
                <Table.Td className={classes.actions}>
                  <Button
                    component={Link}
                    to={remove.confirmHref(s.summary_id)}
                    size="compact-sm"
                    variant="light"
                    color="red"
                    aria-label={`Delete summary #${s.summary_id}`}
                    onClick={(event: MouseEvent) => {
                      event.preventDefault()
                      remove.onDelete(s)
                    }}
                  >
                    Delete
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
