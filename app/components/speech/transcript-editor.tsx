import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import type { SpeechSegment } from '#contract/speech'
import { formatClock, speakerLabel, TRANSCRIPT_ERROR, TRANSCRIPT_INTENT } from './format'
import classes from './speech.module.css'
import { useBrowserChecks } from '~/lib/browser-checks'

const noAria = { ariaAttributes: false } as const
const speakerOptions = (Object.keys(speakerLabel) as SpeechSegment['speaker'][]).map((value) => ({
  value,
  label: speakerLabel[value],
}))

type Props = {
  recordingId: number
  segments: SpeechSegment[]
  lastResult: SubmissionResult<string[]> | null | undefined
  cancelHref: string
}

const loadChecks = () => import('./transcript-editor.schema')

/** Each line's speaker and text (its time stays the engine's); a plain POST with or without JavaScript. */
export function TranscriptEditor({ recordingId, segments, lastResult, cancelHref }: Props) {
  const navigation = useNavigation()
  const checks = useBrowserChecks(loadChecks, (schemas, formData) => schemas.parseTranscriptForm(formData), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const [form, fields] = useForm({
    id: `transcript-${recordingId}`,
    lastResult,
    defaultValue: {
      recording_id: String(recordingId),
      segments: segments.map((s) => ({ speaker: s.speaker, text: s.text })),
    },
    ...checks.options,
  })
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === TRANSCRIPT_INTENT
  const lines = fields.segments.getFieldList()

  return (
    <Form method="post" {...getFormProps(form)} {...checks.formProps} aria-label="Edit transcript">
      <input type="hidden" name="intent" value={TRANSCRIPT_INTENT} />
      <input type="hidden" name="recording_id" value={recordingId} />
      <Stack gap="sm">
        {form.errors ? (
          <Alert color="red" title={TRANSCRIPT_ERROR} role="alert" id={form.errorId}>
            {form.errors.filter((e) => e !== TRANSCRIPT_ERROR).join(' ') || 'The transcript was not saved.'}
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          Correct what was heard and who said it. The times stay as the engine found them; the original transcript is
          kept.
        </Text>
        <ol className={classes.editLines} aria-label="Transcript lines">
          {lines.map((line, i) => {
            const { speaker, text } = line.getFieldset()
            const { key: speakerKey, ...speakerProps } = getSelectProps(speaker, noAria)
            const { key: textKey, ...textProps } = getTextareaProps(text, noAria)
            const at = formatClock(segments[i]?.start ?? 0)
            return (
              <li key={line.key ?? i} className={classes.editLine}>
                <Text size="xs" ff="monospace" c="dimmed" pt={8}>
                  {at}
                </Text>
                <NativeSelect
                  key={speakerKey}
                  {...speakerProps}
                  data={speakerOptions}
                  aria-label={`Speaker at ${at}`}
                  size="xs"
                  error={speaker.errors?.[0]}
                />
                <Textarea
                  key={textKey}
                  {...textProps}
                  aria-label={`Text at ${at}`}
                  autosize
                  minRows={1}
                  maxRows={8}
                  size="sm"
                  error={text.errors?.[0]}
                />
              </li>
            )
          })}
        </ol>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={cancelHref} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save transcript
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
