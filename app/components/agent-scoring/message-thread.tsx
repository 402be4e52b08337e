import { Badge, Group, Text, VisuallyHidden } from '@mantine/core'
import type { ScoringTurn } from '#contract/agent-scoring'

const speakerLabel = { agent: 'Agent', customer: 'Customer' } as const

/** The anchor of a message, so an evidence quote can link to it (works without JavaScript). */
export const messageAnchor = (index: number) => `message-${index + 1}`

type Props = {
  turns: ScoringTurn[]
  /** Messages quoted as evidence: marked so the eye finds them. */
  highlighted?: ReadonlySet<number>
  label?: string
}

/** A chat's or e-mail's messages in order, numbered as the evidence quotes cite them. */
export function MessageThread({ turns, highlighted, label = 'Conversation' }: Props) {
  if (turns.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No messages.
      </Text>
    )
  }
  return (
    <ol
      aria-label={label}
      style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 480, overflowY: 'auto' }}
      tabIndex={0}
    >
      {turns.map((turn) => {
        const marked = highlighted?.has(turn.index) ?? false
        return (
          <li
            key={turn.index}
            id={messageAnchor(turn.index)}
            style={{
              padding: '6px 8px',
              borderBottom: '1px solid var(--mantine-color-gray-2)',
              background: marked ? 'var(--mantine-color-yellow-0)' : undefined,
              scrollMarginTop: 80,
            }}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Text component="span" size="xs" ff="monospace" c="dimmed" style={{ flex: 'none' }}>
                #{turn.index + 1}
              </Text>
              <Badge
                size="xs"
                variant="light"
                color={turn.speaker === 'agent' ? 'indigo' : 'orange'}
                style={{ flex: 'none' }}
              >
                {speakerLabel[turn.speaker]}
              </Badge>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {turn.text}
                {marked ? <VisuallyHidden> (quoted as evidence)</VisuallyHidden> : null}
              </Text>
            </Group>
          </li>
        )
      })}
    </ol>
  )
}
