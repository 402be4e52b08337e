import { Anchor, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { DocumentSummary } from '#contract/ocr'
import { StatusBadge } from '~/components/speech/recording-status'
import { bucketOf, documentPath, formatBytes, formatConfidence, formatDateTime, typeLabel } from './format'
import { ConfirmLink } from '~/components/layout/confirm-action'
import { DataTable, type ListStates } from '~/components/layout/data-table'
import { ListPager } from '~/components/layout/list-pager'

type Props = ListStates & {
  /** The documents, or null when they could not be loaded (`failure` says why). */
  documents: DocumentSummary[] | null
  label: string
  /** Without it the table has no Actions column (the overview's recent documents). */
  actions?: {
    /** The no-JavaScript confirmation step for this document. */
    confirmHref: (id: number) => string
    /** With JavaScript: ask in a modal instead. */
    onDelete: (document: DocumentSummary) => void
  }
}

export function DocumentTable({ documents, label, actions, ...states }: Props) {
  return (
    <DataTable
      {...states}
      label={label}
      rows={documents}
      rowKey={(d) => d.document_id}
      minWidth={actions ? 860 : 720}
      columns={[
        {
          header: 'Document',
          td: { maw: 340 },
          cell: (d) => (
            <>
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
            </>
          ),
        },
        { header: 'Type', cell: (d) => <Text size="sm">{typeLabel[d.document_type]}</Text> },
        { header: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
        {
          header: 'Pages',
          cell: (d) => (
            <>
              <Text size="sm">{d.page_count || '—'}</Text>
              <Text size="xs" c="dimmed">
                {formatBytes(d.size_bytes)}
              </Text>
            </>
          ),
        },
        { header: 'Confidence', cell: (d) => <Text size="sm">{formatConfidence(d.confidence)}</Text> },
        { header: 'Uploaded', cell: (d) => <Text size="sm">{formatDateTime(d.created_at)}</Text> },
        actions && {
          header: 'Actions',
          cell: (d) => (
            <ConfirmLink
              confirmHref={actions.confirmHref(d.document_id)}
              onAsk={() => actions.onDelete(d)}
              label={`Delete ${d.file_name}`}
            />
          ),
        },
      ]}
    />
  )
}

type PagerProps = { page: number; totalPages: number; count: number; hrefFor: (page: number) => string }

export function DocumentPager(props: PagerProps) {
  return <ListPager {...props} noun={['document', 'documents']} label="Document pages" />
}
