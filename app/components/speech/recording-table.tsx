import { Anchor, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { RecordingSummary } from '#contract/speech'
import { formatBytes, formatClock, formatDateTime, recordingPath } from './format'
import { StatusBadge } from './recording-status'
import type { Names } from './recording-table.schema'
import { ConfirmLink } from '~/components/layout/confirm-action'
import { DataTable, type ListStates } from '~/components/layout/data-table'
import { ListPager } from '~/components/layout/list-pager'

type Props = ListStates & {
  /** The recordings, or null when they could not be loaded (`failure` says why). */
  recordings: RecordingSummary[] | null
  languages: Names
  domains: Names
  /** Without it the table has no Actions column (the overview's recent recordings). */
  actions?: {
    canDelete: (recording: RecordingSummary) => boolean
    /** The no-JavaScript confirmation step for this recording. */
    confirmHref: (id: number) => string
    /** With JavaScript: ask in a modal instead. */
    onDelete: (recording: RecordingSummary) => void
  }
  label: string
}

export function RecordingTable({ recordings, languages, domains, actions, label, ...states }: Props) {
  return (
    <DataTable
      {...states}
      label={label}
      rows={recordings}
      rowKey={(r) => r.recording_id}
      minWidth={actions ? 820 : 640}
      columns={[
        {
          header: 'Recording',
          td: { maw: 360 },
          cell: (r) => (
            <>
              <Anchor component={Link} to={recordingPath(r.recording_id)} fw={600} size="sm">
                {r.file_name}
              </Anchor>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {r.status === 'failed'
                  ? (r.failure_reason ?? 'The transcription failed.')
                  : r.preview || (r.status === 'completed' ? 'No speech found.' : 'Transcript on its way…')}
              </Text>
            </>
          ),
        },
        {
          header: 'Uploaded',
          cell: (r) => (
            <>
              <Text size="sm">{formatDateTime(r.created_at)}</Text>
              {r.uploaded_by ? (
                <Text size="xs" c="dimmed">
                  by {r.uploaded_by.name}
                </Text>
              ) : null}
            </>
          ),
        },
        {
          header: 'Language / domain',
          cell: (r) => (
            <>
              <Text size="sm">{languages[r.language] ?? r.language}</Text>
              <Text size="xs" c="dimmed">
                {r.domain ? (domains[r.domain] ?? r.domain) : 'No domain'}
              </Text>
            </>
          ),
        },
        {
          header: 'Length',
          cell: (r) => (
            <>
              <Text size="sm">{r.duration_s ? formatClock(r.duration_s) : '—'}</Text>
              <Text size="xs" c="dimmed">
                {formatBytes(r.size_bytes)}
              </Text>
            </>
          ),
        },
        { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
        actions && {
          header: 'Actions',
          cell: (r) =>
            actions.canDelete(r) ? (
              <ConfirmLink
                confirmHref={actions.confirmHref(r.recording_id)}
                onAsk={() => actions.onDelete(r)}
                label={`Delete ${r.file_name}`}
              />
            ) : null,
        },
      ]}
    />
  )
}

type PagerProps = { page: number; totalPages: number; count: number; hrefFor: (page: number) => string }

export function RecordingPager(props: PagerProps) {
  return <ListPager {...props} noun={['recording', 'recordings']} label="Pages" />
}
