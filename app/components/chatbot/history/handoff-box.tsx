import { Badge, Card, Group, Text, Title } from '@mantine/core'
import type { Handoff } from '#contract/chatbot'
import { formatDateTime, handoffStatusLabel } from './format'
import classes from './history.module.css'

/** The conversation's handoff to a person: where it stands, what the agent was told and who took it. */
export function HandoffBox({ handoff: h }: { handoff: Handoff }) {
  const callback = [h.callback_name, h.callback_phone, h.callback_time && `(${h.callback_time})`]
    .filter(Boolean)
    .join(' ')
  const facts: [string, string | null][] = [
    ['Asked for', formatDateTime(h.requested_at)],
    ['Reason', h.reason],
    ['Callback', callback || null],
    ['Taken by', h.accepted_by],
    ['The customer was told', h.next_steps],
  ]
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="handoff-title">
      <Group gap="xs" mb="xs">
        <Title order={2} size="h4" id="handoff-title">
          Handed to a person
        </Title>
        <Badge variant="light" tt="none" color={h.status === 'closed' ? 'gray' : 'indigo'}>
          {handoffStatusLabel[h.status]}
        </Badge>
      </Group>
      <Text size="sm" mb="sm">
        {h.summary}
      </Text>
      <dl className={classes.facts}>
        {facts.map(([term, value]) =>
          value ? (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
    </Card>
  )
}
