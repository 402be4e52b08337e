import { Anchor, Button, Table, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconTrash } from '@tabler/icons-react'
import type { DocumentSummary } from '#contract/ocr'
import { StatusBadge } from '~/components/speech/recording-status'
import { bucketOf, documentPath, formatBytes, formatConfidence, formatDateTime, typeLabel } from './format'
import { ListPager } from '~/components/layout/list-pager'

type Props = {
  documents: DocumentSummary[]
  label: string
  /** Without it the table has no Actions column (the overview's recent documents). */
  actions?: {
    /** The no-JavaScript confirmation step for this document. */
    confirmHref: (id: number) => string
    /** With JavaScript: ask in a modal instead. */
    onDelete: (document: DocumentSummary) => void
  }
}

export function DocumentTable({ documents, label, actions }: Props) {
  return (
    <Table.ScrollContainer minWidth={actions ? 860 : 720}>
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Pages</Table.Th>
            <Table.Th>Confidence</Table.Th>
            <Table.Th>Uploaded</Table.Th>
            {actions ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((d) => (
            <Table.Tr key={d.document_id}>
              <Table.Td maw={340}>
                <Anchor
                  component={Link}
                  to={documentPath(bucketOf(d.status), d.document_id)}
                  fw={600}
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {d.file_name}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {d.status === 'failed'
                    ? (d.failure_reason ?? 'The document could not be read.')
                    : d.preview || (d.status === 'completed' ? 'No text found.' : 'Text on its way…')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{typeLabel[d.document_type]}</Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={d.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{d.page_count || '—'}</Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(d.size_bytes)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatConfidence(d.confidence)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(d.created_at)}</Text>
              </Table.Td>
              {actions ? (
                <Table.Td>
                  <Button
                    component={Link}
                    to={actions.confirmHref(d.document_id)}
                    preventScrollReset
                    onClick={(event) => {
                      event.preventDefault()
                      actions.onDelete(d)
                    }}
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    aria-label={`Delete ${d.file_name}`}
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

type PagerProps = { page: number; totalPages: number; count: number; hrefFor: (page: number) => string }

export function DocumentPager(props: PagerProps) {
  return <ListPager {...props} noun={['document', 'documents']} label="Document pages" />
}
