import { Anchor, Button, Table, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconTrash } from '@tabler/icons-react'
import type { RecordingSummary } from '#contract/speech'
import { formatBytes, formatClock, formatDateTime, recordingPath } from './format'
import { StatusBadge } from './recording-status'
import type { Names } from './recording-table.schema'
import { ListPager } from '~/components/layout/list-pager'

type Props = {
  recordings: RecordingSummary[]
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

export function RecordingTable({ recordings, languages, domains, actions, label }: Props) {
  return (
    <Table.ScrollContainer minWidth={actions ? 820 : 640}>
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Recording</Table.Th>
            <Table.Th>Uploaded</Table.Th>
            <Table.Th>Language / domain</Table.Th>
            <Table.Th>Length</Table.Th>
            <Table.Th>Status</Table.Th>
            {actions ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recordings.map((r) => (
            <Table.Tr key={r.recording_id}>
              <Table.Td maw={360}>
                <Anchor component={Link} to={recordingPath(r.recording_id)} fw={600} size="sm">
                  {r.file_name}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {r.status === 'failed'
                    ? (r.failure_reason ?? 'The transcription failed.')
                    : r.preview || (r.status === 'completed' ? 'No speech found.' : 'Transcript on its way…')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(r.created_at)}</Text>
                {r.uploaded_by ? (
                  <Text size="xs" c="dimmed">
                    by {r.uploaded_by.name}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{languages[r.language] ?? r.language}</Text>
                <Text size="xs" c="dimmed">
                  {r.domain ? (domains[r.domain] ?? r.domain) : 'No domain'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.duration_s ? formatClock(r.duration_s) : '—'}</Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(r.size_bytes)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={r.status} />
              </Table.Td>
              {actions ? (
                <Table.Td>
                  {actions.canDelete(r) ? (
                    <Button
                      component={Link}
                      to={actions.confirmHref(r.recording_id)}
                      preventScrollReset
                      onClick={(event) => {
                        event.preventDefault()
                        actions.onDelete(r)
                      }}
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={`Delete ${r.file_name}`}
                    >
                      Delete
                    </Button>
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

type PagerProps = { page: number; totalPages: number; count: number; hrefFor: (page: number) => string }

export function RecordingPager(props: PagerProps) {
  return <ListPager {...props} noun={['recording', 'recordings']} label="Pages" />
}
