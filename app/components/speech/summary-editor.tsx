import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import { SUMMARY_INTENT } from './format'
import { useBrowserChecks } from '~/lib/browser-checks'

type Props = {
  recordingId: number
  summary: string
  lastResult: SubmissionResult<string[]> | null | undefined
  cancelHref: string
}

const loadChecks = () => import('./summary-editor.schema')

/** The summary as one text; a plain POST with or without JavaScript. */
export function SummaryEditor({ recordingId, summary, lastResult, cancelHref }: Props) {
  const navigation = useNavigation()
  const checks = useBrowserChecks(loadChecks, (schemas, formData) => schemas.parseSummaryForm(formData), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const [form, fields] = useForm({
    id: `summary-${recordingId}`,
    lastResult,
    defaultValue: { recording_id: String(recordingId), summary },
    ...checks.options,
  })
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === SUMMARY_INTENT
  const [title, ...details] = form.errors ?? []
  const { key, ...textProps } = getTextareaProps(fields.summary, { ariaAttributes: false })

  return (
    <Form method="post" {...getFormProps(form)} {...checks.formProps} aria-label="Edit summary">
      <input type="hidden" name="intent" value={SUMMARY_INTENT} />
      <input type="hidden" name="recording_id" value={recordingId} />
      <Stack gap="sm">
        {title ? (
          <Alert color="red" title={title} role="alert" id={form.errorId}>
            {details.join(' ') || 'The summary was not saved.'}
          </Alert>
        ) : null}
        <Textarea
          key={key}
          {...textProps}
          label="Summary"
          description="The engine's summary is kept as the original."
          autosize
          minRows={4}
          maxRows={16}
          error={fields.summary.errors?.[0]}
        />
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={cancelHref} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save summary
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
