import { channelLabel } from '~/components/agent-scoring/format'
import { Anchor, Badge, Group, Table, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react'
import type { EvaluationOrdering, EvaluationSummary } from '#contract/evaluations'
import { ListPager } from '~/components/layout/list-pager'
import classes from './evaluation-table.module.css'
import {
  evaluationDetailPath,
  formatDateTime,
  formatDuration,
  formatScore,
  statusColor,
  statusLabel,
} from './evaluation-format'

type SortKey = 'call_time' | 'agent' | 'ai_score' | 'auditor_score' | 'duration'

type Props = {
  evaluations: EvaluationSummary[]
  ordering: EvaluationOrdering
  sortHref: (ordering: EvaluationOrdering) => string
}

function SortHeader({
  label,
  field,
  ordering,
  sortHref,
}: { label: string; field: SortKey } & Omit<Props, 'evaluations'>) {
  const active = ordering.replace(/^-/, '') === field
  const descending = ordering.startsWith('-')
  // A first click sorts newest/highest first; a second click flips it.
  const next = (active && descending ? field : `-${field}`) as EvaluationOrdering
  const Icon = !active ? IconSelector : descending ? IconArrowDown : IconArrowUp
  return (
    <Table.Th aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
      <Anchor component={Link} to={sortHref(next)} c="inherit" fw={600} size="sm" preventScrollReset>
        <Group gap={4} wrap="nowrap" component="span">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </Anchor>
    </Table.Th>
  )
}

export function EvaluationTable({ evaluations, ordering, sortHref }: Props) {
  const sort = { ordering, sortHref }
  return (
    // focusable, so that a keyboard can scroll it when the window is narrower than the table
    <div className={classes.scroll} tabIndex={0} role="region" aria-label="Call evaluations, scrollable">
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="xs"
        aria-label="Call evaluations"
        className={classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Call time" field="call_time" {...sort} />
            <SortHeader label="Agent" field="agent" {...sort} />
            <Table.Th>Campaign / service</Table.Th>
            <Table.Th>Template</Table.Th>
            <SortHeader label="AI score" field="ai_score" {...sort} />
            <SortHeader label="Auditor score" field="auditor_score" {...sort} />
            <Table.Th>Auto-fail</Table.Th>
            <Table.Th>Status</Table.Th>
            <SortHeader label="Duration" field="duration" {...sort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {evaluations.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Anchor component={Link} to={evaluationDetailPath(e.id)} fw={600} size="sm">
                  {formatDateTime(e.call_time)}
                </Anchor>
                <Text size="xs" c="dimmed">
                  #{e.id}
                  {e.channel === 'call' ? '' : ` · ${channelLabel[e.channel]}`}
                  {e.customer_name ? ` · ${e.customer_name}` : ''}
                </Text>
              </Table.Td>
              <Table.Td data-label="Agent">{e.agent.name}</Table.Td>
              <Table.Td data-label="Campaign / service">
                <Text size="sm">{e.campaign.name}</Text>
                <Text size="xs" c="dimmed">
                  {e.service?.name ?? 'No service'}
                </Text>
              </Table.Td>
              <Table.Td data-label="Template">
                <Text size="sm">{e.template.name}</Text>
                <Text size="xs" c="dimmed">
                  v{e.template.version}
                </Text>
              </Table.Td>
              <Table.Td data-label="AI score">
                {e.scoring_status === 'completed' ? (
                  formatScore(e.ai_score)
                ) : (
                  <Badge color={e.scoring_status === 'failed' ? 'red' : 'blue'} variant="light" size="sm">
                    {e.scoring_status === 'failed' ? 'Scoring failed' : 'Scoring…'}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td data-label="Auditor score">{formatScore(e.auditor_score)}</Table.Td>
              <Table.Td data-label="Auto-fail">
                {e.auto_fail ? (
                  // the browser's own tooltip: a tooltip library on every list page is not worth one sentence
                  <Badge
                    color="red"
                    variant="light"
                    miw="max-content"
                    tt="none"
                    title="An auto-fail category failed"
                    leftSection={<IconAlertTriangle size={12} aria-hidden />}
                  >
                    Auto-fail
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    No
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="Status">
                <Badge color={statusColor[e.status]} variant="light" miw="max-content" tt="none">
                  {statusLabel[e.status]}
                </Badge>
              </Table.Td>
              <Table.Td data-label="Duration">{formatDuration(e.duration_s)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}

type PagerProps = { page: number; totalPages: number; count: number; hrefFor: (page: number) => string }

export function EvaluationPager(props: PagerProps) {
  return <ListPager {...props} noun={['evaluation', 'evaluations']} label="Pages" />
}
