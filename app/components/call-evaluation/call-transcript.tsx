import { Badge, Group, Text, UnstyledButton } from '@mantine/core'
import type { TranscriptSegment } from '#contract/evaluations'
import { useAudioSeek } from './call-audio'
import { formatDuration } from './evaluation-format'

const speakerLabel = { agent: 'Agent', customer: 'Customer' } as const

/** The transcript by speaker; each line's time button plays the call from there (with JavaScript). */
export function CallTranscript({ segments }: { segments: TranscriptSegment[] }) {
  const seek = useAudioSeek()
  if (segments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No transcript yet.
      </Text>
    )
  }
  return (
    <ol
      aria-label="Transcript"
      style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 420, overflowY: 'auto' }}
      tabIndex={0}
    >
      {segments.map((segment, i) => (
        <li key={i} style={{ padding: '6px 0', borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <UnstyledButton
              type="button"
              onClick={() => seek(segment.start)}
              aria-label={`Play from ${formatDuration(segment.start)}`}
              style={{ flex: 'none' }}
            >
              <Text component="span" size="xs" ff="monospace" c="indigo.7" td="underline">
                {formatDuration(segment.start)}
              </Text>
            </UnstyledButton>
            <Badge
              size="xs"
              variant="light"
              color={segment.speaker === 'agent' ? 'indigo' : 'orange'}
              style={{ flex: 'none' }}
            >
              {speakerLabel[segment.speaker]}
            </Badge>
            <Text size="sm">{segment.text}</Text>
          </Group>
        </li>
      ))}
    </ol>
  )
}
