import { channelLabel } from '~/components/agent-scoring/format'
import { Badge } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconSelector } from '~/components/icons'
import type { EvaluationOrdering, EvaluationSummary } from '#contract/evaluations'
import { ListPager } from '~/components/layout/list-pager'
import { PlainTable, tableClasses } from '~/components/layout/plain-table'
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
    <th aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
      <Link to={sortHref(next)} className={tableClasses.sort} preventScrollReset>
        {label}
        <Icon size={14} aria-hidden />
      </Link>
    </th>
  )
}

export function EvaluationTable({ evaluations, ordering, sortHref }: Props) {
  const sort = { ordering, sortHref }
  return (
    // focusable, so that a keyboard can scroll it when the window is narrower than the table
    <div className={classes.scroll} tabIndex={0} role="region" aria-label="Call evaluations, scrollable">
      <PlainTable striped highlightOnHover verticalSpacing="sm" aria-label="Call evaluations" className={classes.table}>
        <thead>
          <tr>
            <SortHeader label="Call time" field="call_time" {...sort} />
            <SortHeader label="Agent" field="agent" {...sort} />
            <th>Campaign / service</th>
            <th>Template</th>
            <SortHeader label="AI score" field="ai_score" {...sort} />
            <SortHeader label="Auditor score" field="auditor_score" {...sort} />
            <th>Auto-fail</th>
            <th>Status</th>
            <SortHeader label="Duration" field="duration" {...sort} />
          </tr>
        </thead>
        <tbody>
          {evaluations.map((e) => (
            <tr key={e.id}>
              <td>
                <Link to={evaluationDetailPath(e.id)} className={tableClasses.link}>
                  {formatDateTime(e.call_time)}
                </Link>
                <div className={tableClasses.sub}>
                  #{e.id}
                  {e.channel === 'call' ? '' : ` · ${channelLabel[e.channel]}`}
                  {e.customer_name ? ` · ${e.customer_name}` : ''}
                </div>
              </td>
              <td data-label="Agent">{e.agent.name}</td>
              <td data-label="Campaign / service">
                <div>{e.campaign.name}</div>
                <div className={tableClasses.sub}>{e.service?.name ?? 'No service'}</div>
              </td>
              <td data-label="Template">
                <div>{e.template.name}</div>
                <div className={tableClasses.sub}>v{e.template.version}</div>
              </td>
              <td data-label="AI score">
                {e.scoring_status === 'completed' ? (
                  formatScore(e.ai_score)
                ) : (
                  <Badge color={e.scoring_status === 'failed' ? 'red' : 'blue'} variant="light" size="sm">
                    {e.scoring_status === 'failed' ? 'Scoring failed' : 'Scoring…'}
                  </Badge>
                )}
              </td>
              <td data-label="Auditor score">{formatScore(e.auditor_score)}</td>
              <td data-label="Auto-fail">
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
                  <span className={tableClasses.dimmed}>No</span>
                )}
              </td>
              <td data-label="Status">
                <Badge color={statusColor[e.status]} variant="light" miw="max-content" tt="none">
                  {statusLabel[e.status]}
                </Badge>
              </td>
              <td data-label="Duration">{formatDuration(e.duration_s)}</td>
            </tr>
          ))}
        </tbody>
      </PlainTable>
    </div>
  )
}

type PagerProps = { page: number; totalPages: number; count: number; hrefFor: (page: number) => string }

export function EvaluationPager(props: PagerProps) {
  return <ListPager {...props} noun={['evaluation', 'evaluations']} label="Pages" />
}
