import { channelLabel } from '~/components/agent-scoring/format'
import { Link } from '@remix-run/react'
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconSelector } from '~/components/icons'
import type { EvaluationOrdering, EvaluationSummary } from '#contract/evaluations'
import { ListPager } from '~/components/layout/list-pager'
import { PlainTable, tableClasses } from '~/components/layout/plain-table'
import { Tag } from '~/components/layout/tag'
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

/** What a row shows of an evaluation: the list's loader sends only this (no purpose, no ids but the call's). */
export type EvaluationRow = Pick<
  EvaluationSummary,
  | 'id'
  | 'channel'
  | 'call_time'
  | 'duration_s'
  | 'customer_name'
  | 'status'
  | 'scoring_status'
  | 'ai_score'
  | 'auditor_score'
  | 'auto_fail'
> & {
  agent: { name: string }
  campaign: { name: string }
  service: { name: string } | null
  template: { name: string; version: number }
}

export function evaluationRow(e: EvaluationSummary): EvaluationRow {
  return {
    id: e.id,
    channel: e.channel,
    call_time: e.call_time,
    duration_s: e.duration_s,
    customer_name: e.customer_name,
    status: e.status,
    scoring_status: e.scoring_status,
    ai_score: e.ai_score,
    auditor_score: e.auditor_score,
    auto_fail: e.auto_fail,
    agent: { name: e.agent.name },
    campaign: { name: e.campaign.name },
    service: e.service && { name: e.service.name },
    template: { name: e.template.name, version: e.template.version },
  }
}

type Props = {
  evaluations: EvaluationRow[]
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
                  {`#${e.id}${e.channel === 'call' ? '' : ` · ${channelLabel[e.channel]}`}${e.customer_name ? ` · ${e.customer_name}` : ''}`}
                </div>
              </td>
              <td>{e.agent.name}</td>
              <td>
                <div>{e.campaign.name}</div>
                <div className={tableClasses.sub}>{e.service?.name ?? 'No service'}</div>
              </td>
              <td>
                <div>{e.template.name}</div>
                <div className={tableClasses.sub}>{`v${e.template.version}`}</div>
              </td>
              <td>
                {e.scoring_status === 'completed' ? (
                  formatScore(e.ai_score)
                ) : (
                  <Tag color={e.scoring_status === 'failed' ? 'red' : 'blue'} size="sm">
                    {e.scoring_status === 'failed' ? 'Scoring failed' : 'Scoring…'}
                  </Tag>
                )}
              </td>
              <td>{formatScore(e.auditor_score)}</td>
              <td>
                {e.auto_fail ? (
                  // the browser's own tooltip: a tooltip library on every list page is not worth one sentence
                  <Tag
                    color="red"
                    title="An auto-fail category failed"
                    icon={<IconAlertTriangle size={12} aria-hidden />}
                  >
                    Auto-fail
                  </Tag>
                ) : (
                  <span className={tableClasses.dimmed}>No</span>
                )}
              </td>
              <td>
                <Tag color={statusColor[e.status]}>{statusLabel[e.status]}</Tag>
              </td>
              <td>{formatDuration(e.duration_s)}</td>
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
