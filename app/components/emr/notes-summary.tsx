import { Alert, Anchor, Badge, Button, Card, Group, List, NativeSelect, Stack, Text, Title } from '@mantine/core'
import { Form } from '@remix-run/react'
import type { NotesSummary } from '#contract/emr'

type Sentence = NotesSummary['key_points'][number]

/** Where a summary's sentence points: its note, further down the record. */
export const noteAnchor = (noteId: number) => `note-${noteId}`

function SourcedList({ sentences }: { sentences: Sentence[] }) {
  return (
    <List spacing={6} size="sm">
      {sentences.map((s, i) => (
        <List.Item key={`${s.note_id}-${i}`}>
          {s.text}{' '}
          <Anchor
            href={`#${noteAnchor(s.note_id)}`}
            size="xs"
            aria-label={`Source: the note of ${s.written_at.slice(0, 10)}`}
          >
            [note of {s.written_at.slice(0, 10)}]
          </Anchor>
        </List.Item>
      ))}
    </List>
  )
}

/**
 * The draft AI summary of a patient's notes: at most three key points, then more on demand; every
 * sentence links to the note it was taken from. Regenerate is a GET of the same record (the local
 * summariser always runs afresh; the language model, where the API has one, is asked again).
 */
export function NotesSummaryCard({
  action,
  patientId,
  summary,
  error,
}: {
  action: string
  patientId: number
  summary: NotesSummary | null
  error: string | null
}) {
  return (
    <Card padding="md" withBorder component="section" aria-labelledby="ai-summary">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id="ai-summary">
            AI summary of the notes
          </Title>
          <Badge color="orange" variant="light">
            Draft, for review
          </Badge>
        </Group>
        <Form method="get" action={action} aria-label="Regenerate the summary">
          <input type="hidden" name="patient" value={patientId} />
          <input type="hidden" name="regenerate" value="1" />
          <Group gap="xs" align="flex-end">
            {summary?.llm_available ? (
              <NativeSelect
                name="engine"
                size="xs"
                label="Summariser"
                defaultValue={summary.engine}
                data={[
                  { value: 'extractive', label: 'Local' },
                  { value: 'llm', label: 'Language model' },
                ]}
              />
            ) : null}
            <Button type="submit" size="xs" variant="light">
              Regenerate
            </Button>
          </Group>
        </Form>
      </Group>
      {summary ? (
        <Stack gap="sm">
          <SourcedList sentences={summary.key_points} />
          {summary.more.length ? (
            <details>
              <summary style={{ cursor: 'pointer' }}>
                <Text component="span" size="sm" fw={500}>
                  {summary.more.length} more {summary.more.length === 1 ? 'point' : 'points'}
                </Text>
              </summary>
              <Stack mt="xs">
                <SourcedList sentences={summary.more} />
              </Stack>
            </details>
          ) : null}
          <Text size="xs" c="dimmed">
            {summary.engine === 'llm' ? 'Written by the language model' : 'Sentences picked by the local summariser'}{' '}
            from {summary.notes_count} {summary.notes_count === 1 ? 'note' : 'notes'}. Check each against its note
            before relying on it.
            {summary.fallback_reason ? ` The language model was not used: ${summary.fallback_reason}.` : ''}
          </Text>
        </Stack>
      ) : (
        <Alert color="red" title="The summary could not be made" role="alert">
          {error}
        </Alert>
      )}
    </Card>
  )
}
