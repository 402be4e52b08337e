import { Badge, Group, List, Table, Text } from '@mantine/core'
import { IconCheck, IconX } from '~/components/icons'
import type { ExtractedField } from '#contract/ocr'
import { confidenceColor, formatConfidence } from './format'
import { TableScroll } from '~/components/layout/table-scroll'

type LineItem = { description: string; amount: number }

/** An invoice's line items come as a JSON list; anything else is shown as it came. */
function lineItems(value: string): LineItem[] | null {
  if (!value.startsWith('[')) return null
  try {
    const parsed: unknown = JSON.parse(value)
    if (
      Array.isArray(parsed) &&
      parsed.every(
        (i) => typeof i === 'object' && i !== null && typeof i.description === 'string' && typeof i.amount === 'number',
      )
    )
      return parsed as LineItem[]
  } catch {
    // not JSON: plain text
  }
  return null
}

function Value({ value }: { value: string }) {
  if (!value)
    return (
      <Text size="sm" c="dimmed">
        Not found
      </Text>
    )
  const items = lineItems(value)
  if (items)
    return (
      <List size="sm" spacing={2}>
        {items.map((item, i) => (
          <List.Item key={i}>
            {item.description}: {item.amount.toFixed(2)}
          </List.Item>
        ))}
      </List>
    )
  return (
    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  )
}

/** The fields extracted for the document's type, each with its confidence and whether it checks out. */
export function FieldsTable({ fields }: { fields: ExtractedField[] }) {
  if (!fields.length)
    return (
      <Text size="sm" c="dimmed">
        No fields were found for this document type.
      </Text>
    )
  return (
    <TableScroll minWidth={460}>
      <Table verticalSpacing="xs" horizontalSpacing="xs" aria-label="Extracted fields">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Confidence</Table.Th>
            <Table.Th>Check</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f.name}>
              <Table.Th scope="row" fw={500}>
                {f.label}
              </Table.Th>
              <Table.Td>
                <Value value={f.value} />
              </Table.Td>
              <Table.Td>
                {f.value ? (
                  <Badge variant="light" color={confidenceColor(f.confidence)} tt="none">
                    {formatConfidence(f.confidence)}
                  </Badge>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                {f.valid ? (
                  <Group gap={4} c="teal.8" wrap="nowrap">
                    <IconCheck size={16} aria-hidden />
                    <Text size="sm">Valid</Text>
                  </Group>
                ) : (
                  <Group gap={4} c="red.8" wrap="nowrap" align="flex-start">
                    <IconX size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
                    <Text size="sm">{f.reason ?? 'Did not pass its check'}</Text>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  )
}
