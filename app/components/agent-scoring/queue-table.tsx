import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconAlertTriangle } from '~/components/icons'
import type { ScoringBucket, ScoringItemRow } from '#contract/agent-scoring'
import { jobStatusLabel } from '#contract/job-status'
import { formatDateTime, formatScore } from '~/components/call-evaluation/evaluation-format'
import { DataTable, type Column, type ListStates } from '~/components/layout/data-table'
import { ListPager } from '~/components/layout/list-pager'
import {
  attentionReason,
  BULK_ITEM_FIELD,
  bucketColor,
  bucketLabel,
  channelLabel,
  formatAge,
  formatConfidence,
  itemPath,
} from './format'

type Row = ScoringItemRow

const interaction: Column<Row> = {
  header: 'Interaction',
  cell: (r) => (
    <Stack gap={2}>
      <Anchor component={Link} to={itemPath(r.bucket, r.item_id)} fw={600} size="sm">
        {r.title}
      </Anchor>
      <Text size="xs" c="dimmed">
        #{r.item_id} · {channelLabel[r.channel]} · {formatDateTime(r.created_at)}
      </Text>
      {r.needs_attention ? (
        <Text size="xs" c="orange.9">
          <Badge
            component="span"
            color="orange"
            variant="light"
            tt="none"
            mr={6}
            leftSection={<IconAlertTriangle size={12} aria-hidden />}
          >
            Needs attention
          </Badge>
          {attentionReason(r)}
        </Text>
      ) : null}
    </Stack>
  ),
  td: { miw: 220 },
}

const agent: Column<Row> = {
  header: 'Agent',
  cell: (r) => (
    <>
      <Text size="sm">{r.agent.name}</Text>
      <Text size="xs" c="dimmed">
        {r.campaign.name}
      </Text>
    </>
  ),
}

const template: Column<Row> = {
  header: 'Template',
  cell: (r) => (
    <>
      <Text size="sm">{r.template.name}</Text>
      <Text size="xs" c="dimmed">
        v{r.template.version}
      </Text>
    </>
  ),
}

/** The AI's score once scored; until then where its job is. */
const score: Column<Row> = {
  header: 'AI score',
  cell: (r) =>
    r.ai_score !== null ? (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{formatScore(r.ai_score)}</Text>
        {r.ai_auto_fail ? (
          <Badge color="red" variant="light" size="xs" tt="none" miw="max-content">
            Auto-fail
          </Badge>
        ) : null}
      </Group>
    ) : r.not_scorable_reason ? (
      <Badge color="gray" variant="light" tt="none" miw="max-content">
        Not scorable
      </Badge>
    ) : (
      <Badge color={r.job_status === 'failed' ? 'red' : 'blue'} variant="light" tt="none" miw="max-content">
        {jobStatusLabel[r.job_status]}
      </Badge>
    ),
}

/** The least confident criterion's confidence, and the markers a supervisor sorts by. */
const confidence: Column<Row> = {
  header: 'Confidence',
  cell: (r) => (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{formatConfidence(r.confidence)}</Text>
      {r.needs_human ? (
        <Badge color="orange" variant="filled" tt="none" miw="max-content">
          Needs a human
        </Badge>
      ) : r.all_verified_high ? (
        <Badge color="teal" variant="light" tt="none" miw="max-content">
          All verified
        </Badge>
      ) : null}
    </Group>
  ),
}

const claimedBy: Column<Row> = {
  header: 'Claimed by',
  cell: (r) =>
    r.claimed_by ? (
      <Text size="sm">{r.claimed_by.name}</Text>
    ) : (
      <Text size="sm" c="dimmed">
        Nobody
      </Text>
    ),
}

const age: Column<Row> = { header: 'Waiting', cell: (r) => formatAge(r.age_s), td: { style: { whiteSpace: 'nowrap' } } }

const decided: Column<Row> = {
  header: 'Decided',
  cell: (r) => (
    <>
      <Text size="sm">{r.decided_by?.name ?? '—'}</Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(r.decided_at)}
      </Text>
    </>
  ),
}

const bucket: Column<Row> = {
  header: 'Bucket',
  cell: (r) => (
    <Badge color={bucketColor[r.bucket]} variant="light" tt="none" miw="max-content">
      {bucketLabel[r.bucket]}
    </Badge>
  ),
}

/** What each bucket's list shows; `null`: items of every bucket (the overview's recent items). */
const columnsOf = (of: ScoringBucket | null) =>
  of === 'pending'
    ? [interaction, agent, template, { ...score, header: 'Scoring' }, claimedBy, age]
    : of === 'ai_reviewed'
      ? [interaction, agent, template, score, confidence, claimedBy]
      : of === null
        ? [interaction, bucket, agent, score, confidence]
        : [interaction, agent, template, score, confidence, decided]

/**
 * A checkbox per row that may be accepted in bulk (every criterion verified and confident), in the
 * form `form` (the HTML form attribute: the form sits outside the table, and works without JavaScript).
 */
const selectFor = (form: string): Column<Row> => ({
  header: 'Select for bulk accept',
  hideHeader: true,
  cell: (r) =>
    r.all_verified_high ? (
      <input
        type="checkbox"
        name={BULK_ITEM_FIELD}
        value={`${r.item_id}:${r.version}`}
        form={form}
        aria-label={`Select ${r.title}`}
      />
    ) : null,
  td: { w: 32 },
})

type Props = ListStates & {
  rows: Row[] | null
  bucket: ScoringBucket | null
  label: string
  /** The id of a bulk-accept form: its eligible rows get a checkbox. */
  selectForm?: string
}

/** Scored interactions as a table: each links to its page under its bucket. */
export function ItemTable({ rows, bucket: of, label, selectForm, ...states }: Props) {
  const columns = selectForm ? [selectFor(selectForm), ...columnsOf(of)] : columnsOf(of)
  return <DataTable label={label} columns={columns} rows={rows} rowKey={(r) => r.item_id} minWidth={860} {...states} />
}

type PagerProps = { page: number; totalPages: number; count: number; hrefFor: (page: number) => string }

export function ItemPager(props: PagerProps) {
  return <ListPager {...props} noun={['interaction', 'interactions']} label="Pages" />
}
