import { Anchor, Badge, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { ConversationSummary } from '#contract/chatbot'
import { channelLabel, conversationPath } from '~/components/chatbot/format'
import { DataTable, type ListStates } from '~/components/layout/data-table'
import { ListPager } from '~/components/layout/list-pager'
import { formatCount, formatDateTime, handoffStatusLabel, type HistoryType } from './format'
import classes from './history.module.css'

type Props = ListStates & {
  /** The conversations, or null when they could not be loaded (`failure` says why). */
  conversations: ConversationSummary[] | null
  /** The list they are in: each opens under it, so its page leads back here. */
  type: HistoryType
  label: string
  /** With the user column: a list that holds other people's conversations (supervisors and admins). */
  showUser: boolean
}

const numbers = { className: classes.numbers }

/** Conversations, latest first; each opens its page. */
export function ConversationTable({ conversations, type, label, showUser, ...states }: Props) {
  return (
    <DataTable
      {...states}
      label={label}
      rows={conversations}
      rowKey={(c) => c.conversation_id}
      minWidth={showUser ? 960 : 840}
      verticalSpacing="xs"
      columns={[
        {
          header: 'Last message',
          td: { style: { whiteSpace: 'nowrap' } },
          cell: (c) => <time dateTime={c.updated_at}>{formatDateTime(c.updated_at)}</time>,
        },
        {
          header: 'Channel',
          cell: (c) => (
            <Badge variant="light" tt="none" style={{ whiteSpace: 'nowrap' }}>
              {channelLabel[c.channel]}
            </Badge>
          ),
        },
        { header: 'Campaign', cell: (c) => c.campaign_name },
        {
          header: 'Conversation',
          td: { miw: 200 },
          cell: (c) => (
            <Anchor component={Link} to={conversationPath(c.conversation_id, type)} fw={600} size="sm">
              {c.title || `Conversation ${c.conversation_id}`}
            </Anchor>
          ),
        },
        showUser && { header: 'User', cell: (c) => c.user },
        { header: 'Messages', td: numbers, cell: (c) => formatCount(c.message_count) },
        {
          header: 'Didn’t know',
          td: numbers,
          cell: (c) =>
            c.dont_know_count ? (
              <Text span size="sm" c="orange.9" fw={600}>
                {formatCount(c.dont_know_count)}
              </Text>
            ) : (
              '0'
            ),
        },
        {
          header: 'Feedback',
          td: numbers,
          cell: (c) => `👍 ${c.thumbs_up} · 👎 ${c.thumbs_down}`,
        },
        {
          header: 'Handoff',
          cell: (c) => (c.handoff_status ? handoffStatusLabel[c.handoff_status] : '—'),
        },
      ]}
    />
  )
}

type PagerProps = { page: number; totalPages: number; count: number; hrefFor: (page: number) => string }

export function ConversationPager(props: PagerProps) {
  return <ListPager {...props} noun={['conversation', 'conversations']} label="Conversation pages" />
}
