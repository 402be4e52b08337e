import { Anchor, Badge, Button, Group, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { TemplateSummary } from '#contract/templates'
import { formatDateTime } from './evaluation-format'
import { TEMPLATE_LIST_PATH } from './template-form/access'
import { ConfirmLink } from '~/components/layout/confirm-action'
import { DataTable, type ListStates } from '~/components/layout/data-table'

type Props = ListStates & {
  /** The templates, or null when they could not be loaded (`failure` says why). */
  templates: TemplateSummary[] | null
  canManage: boolean
  /** The no-JavaScript confirmation step for a row: this page with `confirm-delete=<id>`. */
  confirmHref: (internalId: string) => string
  /** With JavaScript, Delete asks in a modal instead of following the link. */
  onDelete: (template: TemplateSummary) => void
}

export function TemplateListTable({ templates, canManage, confirmHref, onDelete, ...states }: Props) {
  return (
    <DataTable
      {...states}
      label="Templates"
      rows={templates}
      rowKey={(t) => t.template_internal_id}
      minWidth={880}
      columns={[
        {
          header: 'Name',
          td: { maw: 320 },
          cell: (t) => (
            <>
              <Anchor component={Link} to={`${TEMPLATE_LIST_PATH}/${t.template_internal_id}`} fw={600}>
                {t.name}
              </Anchor>
              {t.description ? (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {t.description}
                </Text>
              ) : null}
            </>
          ),
        },
        { header: 'Version', cell: (t) => `v${t.version}` },
        { header: 'Categories', cell: (t) => t.category_count },
        { header: 'Questions', cell: (t) => t.question_count },
        {
          header: 'Status',
          cell: (t) => (
            <Badge
              variant="light"
              color={t.status === 'active' ? 'teal' : 'gray'}
              styles={{ root: { minWidth: 'max-content' } }}
            >
              {t.status === 'active' ? 'Active' : 'Archived'}
            </Badge>
          ),
        },
        { header: 'Updated by', cell: (t) => t.updated_by ?? '—' },
        {
          header: 'Updated at',
          td: { style: { whiteSpace: 'nowrap' } },
          cell: (t) => <time dateTime={t.updated_at}>{formatDateTime(t.updated_at)}</time>,
        },
        {
          header: 'Actions',
          hideHeader: true,
          cell: (t) => (
            <Group gap="xs" wrap="nowrap" justify="flex-end">
              <Button
                component={Link}
                to={`${TEMPLATE_LIST_PATH}/${t.template_internal_id}`}
                size="compact-sm"
                variant="default"
                aria-label={`${canManage ? 'Edit' : 'View'} ${t.name}`}
              >
                {canManage ? 'Edit' : 'View'}
              </Button>
              {canManage ? (
                <ConfirmLink
                  confirmHref={confirmHref(t.template_internal_id)}
                  onAsk={() => onDelete(t)}
                  label={`Delete ${t.name}`}
                />
              ) : null}
            </Group>
          ),
        },
      ]}
    />
  )
}
