import type { ReactNode } from 'react'
import type { ConversationDetail } from '#contract/chatbot'
import { channelLabel } from '~/components/chatbot/format'
import { formatDate, formatDateTime } from './format'
import classes from './history.module.css'

/** Where and when the conversation happened, whose it is and how long it is kept, as a definition list. */
export function ConversationFacts({ conversation: c }: { conversation: ConversationDetail }) {
  const facts: [string, ReactNode][] = [
    ['Channel', channelLabel[c.channel]],
    ['Campaign', c.campaign_name],
    ['User', c.is_own ? `${c.user} (you)` : c.user],
    ['Started', <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>],
    ['Last message', <time dateTime={c.updated_at}>{formatDateTime(c.updated_at)}</time>],
    ['Kept until', <time dateTime={c.retained_until}>{formatDate(c.retained_until)}</time>],
  ]
  return (
    <dl className={classes.facts} aria-label="About this conversation">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
