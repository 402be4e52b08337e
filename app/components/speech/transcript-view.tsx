import { Badge, Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { Fragment, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { SpeechSegment } from '#contract/speech'
import { formatClock, speakerColor, speakerLabel } from './format'
import { useActiveLine, useRecordingSeek } from './recording-audio'
import classes from './speech.module.css'

// What redaction leaves in place of a card number, an id or a phone number: "[REDACTED]", "[CARD_NUMBER]".
const MASK = /(\[[A-Z][A-Z _-]*\])/g

/** The text with its redaction masks marked, so a reader sees at once what was taken out. */
function withMasks(text: string): ReactNode {
  const parts = text.split(MASK)
  if (parts.length === 1) return text
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <mark key={i} className={classes.mask}>
        {part}
      </mark>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  )
}

function Line({ segment }: { segment: SpeechSegment }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text component="span" size="xs" ff="monospace" c="indigo.7" className={classes.time}>
        {formatClock(segment.start)}
      </Text>
      <Badge size="xs" variant="light" color={speakerColor[segment.speaker]} className={classes.speaker}>
        {speakerLabel[segment.speaker]}
      </Badge>
      <Text component="span" size="sm" className={classes.text}>
        {withMasks(segment.text)}
      </Text>
    </Group>
  )
}

/**
 * The transcript by speaker and time. With JavaScript each line is a button that plays the recording
 * from there, and the line being played is marked; without it, the lines are plain text.
 */
export function TranscriptView({ segments, label }: { segments: SpeechSegment[]; label: string }) {
  const hydrated = useHydrated()
  const seek = useRecordingSeek()
  const active = useActiveLine(segments)
  if (segments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No speech was found in this recording.
      </Text>
    )
  }
  return (
    <Box component="ol" aria-label={label} className={classes.transcript} tabIndex={0}>
      {segments.map((segment, i) => (
        <li key={i} className={classes.line} data-active={i === active || undefined}>
          {hydrated ? (
            <UnstyledButton
              type="button"
              className={classes.lineButton}
              onClick={() => seek(segment.start)}
              aria-current={i === active ? 'true' : undefined}
            >
              <VisuallyHidden>Play from </VisuallyHidden>
              <Line segment={segment} />
            </UnstyledButton>
          ) : (
            <div className={classes.lineButton}>
              <Line segment={segment} />
            </div>
          )}
        </li>
      ))}
    </Box>
  )
}
