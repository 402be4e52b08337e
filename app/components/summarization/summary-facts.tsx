import type { SummaryDetail } from '#contract/summarization'
import { formatCount, formatDateTime } from './format'
import { StatusBadge } from './summary-status'
import classes from './summarization.module.css'

const engineLabel: Record<string, string> = { extractive: 'Extractive (on this server)', llm: 'Language model' }

/** What the summary is and where it came from, as a definition list; the status is announced as it changes. */
export function SummaryFacts({ summary }: { summary: SummaryDetail }) {
  return (
    <dl className={classes.facts} aria-label="About this summary">
      <div>
        <dt>Status</dt>
        <dd>
          {/* the live region inside the dd: a dd given a role is no longer a definition (axe: definition-list) */}
          <span role="status" aria-live="polite">
            <StatusBadge status={summary.status} />
          </span>
        </dd>
      </div>
      <div>
        <dt>Type</dt>
        <dd>{summary.summary_type_label}</dd>
      </div>
      <div>
        <dt>Source</dt>
        <dd className={classes.source}>{summary.source}</dd>
      </div>
      <div>
        <dt>Words</dt>
        <dd>{formatCount(summary.word_count)}</dd>
      </div>
      <div>
        <dt>Created</dt>
        <dd>
          <time dateTime={summary.created_at}>{formatDateTime(summary.created_at)}</time>
        </dd>
      </div>
      <div>
        <dt>{summary.status === 'failed' ? 'Ended' : 'Completed'}</dt>
        <dd>
          {summary.completed_at ? (
            <time dateTime={summary.completed_at}>{formatDateTime(summary.completed_at)}</time>
          ) : (
            '—'
          )}
        </dd>
      </div>
      {summary.engine ? (
        <div>
          <dt>Made by</dt>
          <dd>{engineLabel[summary.engine] ?? summary.engine}</dd>
        </div>
      ) : null}
    </dl>
  )
}
