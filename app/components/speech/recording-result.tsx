import type { SubmissionResult } from '@conform-to/react'
import { Anchor, Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconEdit } from '~/components/icons'
import type { RecordingDetail } from '#contract/speech'
import { formatBytes, formatClock, formatDateTime } from './format'
import { RecordingAudio, RecordingAudioProvider } from './recording-audio'
import { SummaryEditor } from './summary-editor'
import { TranscriptEditor } from './transcript-editor'
import { TranscriptView } from './transcript-view'
import classes from './speech.module.css'
import type { Editing, TranscriptVariant } from './recording-result.schema'

type Props = {
  recording: Omit<RecordingDetail, 'audio_url'>
  audioSrc: string | null
  variant: TranscriptVariant
  editing: Editing
  /** The uploader and admins may edit; others (a QA supervisor reading someone's) only read. */
  canEdit: boolean
  results: { transcript?: SubmissionResult<string[]> | null; summary?: SubmissionResult<string[]> | null }
  hrefWith: (changes: Record<string, string | null>) => string
  names: { language: string; domain: string | null }
}

function Facts({ recording, names }: Pick<Props, 'recording' | 'names'>) {
  const facts: [string, string][] = [
    ['Length', recording.duration_s ? formatClock(recording.duration_s) : '—'],
    ['Size', formatBytes(recording.size_bytes)],
    ['Language', names.language],
    ['Domain', names.domain ?? 'None'],
    ['Uploaded', formatDateTime(recording.created_at)],
    ['Completed', formatDateTime(recording.completed_at)],
    ['Speech engine', recording.engine ?? '—'],
    ['Summariser', recording.summary_engine ?? '—'],
    ['Redactions', String(recording.redaction_count)],
  ]
  if (recording.uploaded_by) facts.splice(4, 0, ['Uploaded by', recording.uploaded_by.name])
  return (
    <Card padding="md" component="section" aria-labelledby="facts-title">
      <Title order={2} size="h4" id="facts-title" mb="sm">
        About this recording
      </Title>
      <dl className={classes.facts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <Text component="dt" size="xs" c="dimmed">
              {term}
            </Text>
            <Text component="dd" size="sm" fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </dl>
    </Card>
  )
}

function EditLink({ to, label }: { to: string; label: string }) {
  return (
    <Button
      component={Link}
      to={to}
      preventScrollReset
      variant="light"
      size="compact-sm"
      leftSection={<IconEdit size={14} aria-hidden />}
    >
      {label}
    </Button>
  )
}

/** Links (they work without JavaScript) between the redacted transcript and the engine's own words. */
function VariantSwitch({ variant, hrefWith }: Pick<Props, 'variant' | 'hrefWith'>) {
  const options: [TranscriptVariant, string][] = [
    ['redacted', 'Redacted'],
    ['unredacted', 'Unredacted'],
  ]
  return (
    <Group gap={4} component="nav" aria-label="Transcript version">
      {options.map(([value, label]) => (
        <Anchor
          key={value}
          component={Link}
          to={hrefWith({ view: value === 'redacted' ? null : value })}
          preventScrollReset
          size="sm"
          px={8}
          py={2}
          fw={variant === value ? 700 : 400}
          aria-current={variant === value ? 'page' : undefined}
          style={variant === value ? { borderRadius: 6, background: 'var(--mantine-color-indigo-0)' } : undefined}
        >
          {label}
        </Anchor>
      ))}
    </Group>
  )
}

function TranscriptCard(props: Props) {
  const { recording, variant, editing, canEdit, results, hrefWith } = props
  const unredacted = recording.unredacted_segments
  const showing = variant === 'unredacted' && unredacted ? unredacted : recording.segments
  return (
    <Card padding="md" component="section" aria-labelledby="transcript-title">
      <Group justify="space-between" gap="sm" mb="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="transcript-title">
            Transcript
          </Title>
          <Badge variant="light" color={recording.redaction_count ? 'yellow' : 'gray'} tt="none">
            {recording.redaction_count} {recording.redaction_count === 1 ? 'redaction' : 'redactions'}
          </Badge>
          {recording.transcript_edited_at ? (
            <Badge variant="outline" color="gray" tt="none">
              Edited {formatDateTime(recording.transcript_edited_at)}
            </Badge>
          ) : null}
        </Group>
        <Group gap="sm">
          {unredacted && editing !== 'transcript' ? <VariantSwitch variant={variant} hrefWith={hrefWith} /> : null}
          {canEdit && editing !== 'transcript' && recording.segments.length > 0 ? (
            <EditLink to={hrefWith({ edit: 'transcript', view: null })} label="Edit transcript" />
          ) : null}
        </Group>
      </Group>
      {editing === 'transcript' && canEdit ? (
        <TranscriptEditor
          recordingId={recording.recording_id}
          segments={recording.segments}
          lastResult={results.transcript}
          cancelHref={hrefWith({ edit: null })}
        />
      ) : (
        <Stack gap="xs">
          {variant === 'unredacted' && unredacted ? (
            <Text size="xs" c="red.8" fw={500}>
              The engine&apos;s words before redaction: card numbers, national ids, phone numbers and dates of birth are
              shown.
            </Text>
          ) : null}
          <TranscriptView
            segments={showing}
            label={variant === 'unredacted' && unredacted ? 'Unredacted transcript' : 'Transcript'}
          />
        </Stack>
      )}
    </Card>
  )
}

function SummaryCard({ recording, editing, canEdit, results, hrefWith }: Props) {
  return (
    <Card padding="md" component="section" aria-labelledby="summary-title">
      <Group justify="space-between" gap="sm" mb="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="summary-title">
            Summary
          </Title>
          {recording.summary_edited_at ? (
            <Badge variant="outline" color="gray" tt="none">
              Edited
            </Badge>
          ) : null}
        </Group>
        {canEdit && editing !== 'summary' ? <EditLink to={hrefWith({ edit: 'summary' })} label="Edit summary" /> : null}
      </Group>
      {editing === 'summary' && canEdit ? (
        <SummaryEditor
          recordingId={recording.recording_id}
          summary={recording.summary}
          lastResult={results.summary}
          cancelHref={hrefWith({ edit: null })}
        />
      ) : recording.summary ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {recording.summary}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          No summary: there was too little speech to summarise.
        </Text>
      )}
    </Card>
  )
}

/** A completed recording: its audio, its transcript (lines seek the audio) and summary, each editable. */
export function RecordingResult(props: Props) {
  return (
    <RecordingAudioProvider>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Card padding="md" component="section" aria-label="Audio">
              <RecordingAudio src={props.audioSrc} />
            </Card>
            <TranscriptCard {...props} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <SummaryCard {...props} />
            <Facts recording={props.recording} names={props.names} />
          </Stack>
        </Grid.Col>
      </Grid>
    </RecordingAudioProvider>
  )
}
