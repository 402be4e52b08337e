import { Anchor, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { MouseEvent } from 'react'
import type { TemplateSummary } from '#contract/templates'
import { TEMPLATE_LIST_PATH } from './template-form/access'

// One zone for server and browser, so the server's HTML and the hydrated page agree.
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

export function formatUpdatedAt(iso: string) {
  return `${dateFormat.format(new Date(iso))} UTC`
}

type Props = {
  templates: TemplateSummary[]
  canManage: boolean
  /** The no-JavaScript confirmation step for a row: this page with `confirm-delete=<id>`. */
  confirmHref: (internalId: string) => string
  /** With JavaScript, Delete asks in a modal instead of following the link. */
  onDelete: (template: TemplateSummary) => void
}

export function TemplateListTable({ templates, canManage, confirmHref, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Templates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Categories</Table.Th>
            <Table.Th>Questions</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Updated by</Table.Th>
            <Table.Th>Updated at</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((t) => (
            <Table.Tr key={t.template_internal_id}>
              <Table.Td maw={320}>
                <Anchor component={Link} to={`${TEMPLATE_LIST_PATH}/${t.template_internal_id}`} fw={600}>
                  {t.name}
                </Anchor>
                {t.description ? (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {t.description}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>v{t.version}</Table.Td>
              <Table.Td>{t.category_count}</Table.Td>
              <Table.Td>{t.question_count}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={t.status === 'active' ? 'teal' : 'gray'}
                  styles={{ root: { minWidth: 'max-content' } }}
                >
                  {t.status === 'active' ? 'Active' : 'Archived'}
                </Badge>
              </Table.Td>
              <Table.Td>{t.updated_by ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={t.updated_at}>{formatUpdatedAt(t.updated_at)}</time>
              </Table.Td>
              <Table.Td>
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
                    <Button
                      component={Link}
                      to={confirmHref(t.template_internal_id)}
                      size="compact-sm"
                      variant="light"
                      color="red"
                      aria-label={`Delete ${t.name}`}
                      onClick={(event: MouseEvent) => {
                        event.preventDefault()
                        onDelete(t)
                      }}
                    >
                      Delete
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
