import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import {
  Alert,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Textarea,
} from '@mantine/core'
import { useFetcher } from '@remix-run/react'
import { IconPlayerStop, IconSparkles } from '~/components/icons'
import { useState, type FormEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { SummaryTypeList } from '#contract/summarization'
import { SUMMARY_TEXT_MAX, SUMMARY_TEXT_MIN, summaryFileAccept } from '#contract/limits'
import { SUMMARIZE_DEMO_PATH } from './format'
import { SummarizeProgress } from './summarize-progress'
import type { SummarizeFormValue, SummarizeOutcome } from './summarize.schema'
import classes from './summarization.module.css'
import { useBrowserChecks } from '~/lib/browser-checks'

export type { SummarizeOutcome }
type ActionData = { result: SubmissionResult<string[]>; outcome: SummarizeOutcome | null }

type Props = {
  types: SummaryTypeList
  /** The action's answer to a POST without JavaScript. */
  actionData: ActionData | undefined
  /** SPEC §8's title for a failed POST. */
  errorTitle: string
}

const noAria = { ariaAttributes: false } as const

const loadChecks = () => import('./summarize.schema')

/**
 * The demo's form. Without JavaScript it is a plain multipart POST whose answer is the page again,
 * with the summary. With JavaScript it posts through a fetcher, so the page stays put, and Cancel
 * aborts the request: the action's upstream call goes with it, and the API cancels the summary.
 */
export function SummarizeForm({ types, actionData, errorTitle }: Props) {
  const fetcher = useFetcher<ActionData | { types: SummaryTypeList }>({ key: 'summarize' })
  const hydrated = useHydrated()
  const [source, setSource] = useState<'text' | 'file'>('text')
  const [cancelled, setCancelled] = useState(false)
  const fetched = fetcher.data && 'result' in fetcher.data ? fetcher.data : undefined
  const answer = cancelled ? undefined : (fetched ?? actionData)
  const submitting = fetcher.state === 'submitting'
  const checks = useBrowserChecks(loadChecks, (schemas, formData) => schemas.parseSummarizeForm(formData), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const [form, fields] = useForm<SummarizeFormValue>({
    id: 'summarize',
    lastResult: answer?.result,
    defaultValue: { summary_type: types[0]?.code ?? '' },
    ...checks.options,
  })
  const formProps = getFormProps(form)
  const chosen = types.find((t) => t.code === fields.summary_type.value)
  // Without JavaScript both inputs show; with it, the one not chosen is hidden and disabled (so not sent).
  const showText = !hydrated || source === 'text'
  const showFile = !hydrated || source === 'file'

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event)
    if (!event.defaultPrevented) setCancelled(false)
  }

  function cancel() {
    setCancelled(true)
    // a fetcher's next request aborts the one in flight; loading this page's data is the cheapest
    fetcher.load(SUMMARIZE_DEMO_PATH)
  }

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card padding="md" component="section" aria-label="The text or document">
          <fetcher.Form
            method="post"
            encType="multipart/form-data"
            {...formProps}
            {...checks.formProps}
            onSubmit={onSubmit}
            aria-label="Summarise"
          >
            <Stack gap="md">
              {form.errors ? (
                <Alert color="red" title={errorTitle} role="alert" id={form.errorId}>
                  {form.errors.join(' ')}
                </Alert>
              ) : null}
              {hydrated ? (
                <SegmentedControl
                  value={source}
                  onChange={(value) => setSource(value as 'text' | 'file')}
                  data={[
                    { value: 'text', label: 'Paste text' },
                    { value: 'file', label: 'Upload a file' },
                  ]}
                  aria-label="What to summarise"
                  disabled={submitting}
                  fullWidth
                />
              ) : null}
              <div hidden={!showText}>
                <Textarea
                  {...getTextareaProps(fields.text, noAria)}
                  label="Text to summarise"
                  description={`A call transcript, an email or notes: ${SUMMARY_TEXT_MIN} to ${SUMMARY_TEXT_MAX.toLocaleString('en-GB')} characters.`}
                  placeholder={'Agent: Thank you for calling…\nCustomer: Hi, I’m calling about…'}
                  error={fields.text.errors?.[0]}
                  autosize
                  minRows={8}
                  maxRows={16}
                  disabled={!showText}
                />
              </div>
              {hydrated ? null : <Divider label="or" labelPosition="center" />}
              <div className={classes.file} hidden={!showFile}>
                <label htmlFor={fields.file.id} className={classes.fileLabel}>
                  Document
                </label>
                <span className={classes.hint} id={`${fields.file.id}-hint`}>
                  A .txt, .docx or .pdf of up to 25 MB; its text is summarised.
                </span>
                <input
                  {...getInputProps(fields.file, { type: 'file' })}
                  accept={summaryFileAccept}
                  disabled={!showFile}
                  aria-describedby={
                    fields.file.errors ? `${fields.file.id}-hint ${fields.file.errorId}` : `${fields.file.id}-hint`
                  }
                />
                {fields.file.errors ? (
                  <span className={classes.error} id={fields.file.errorId}>
                    {fields.file.errors[0]}
                  </span>
                ) : null}
              </div>
              <NativeSelect
                {...getSelectProps(fields.summary_type, noAria)}
                label="Summary type"
                data={types.map((t) => ({ value: t.code, label: t.name }))}
                description={hydrated ? chosen?.description : undefined}
                error={fields.summary_type.errors?.[0]}
              />
              <details className={classes.types}>
                <summary>What each type gives</summary>
                <dl>
                  {types.map((t) => (
                    <div key={t.code}>
                      <dt>{t.name}</dt>
                      <dd>{t.description}</dd>
                    </div>
                  ))}
                </dl>
              </details>
              <Group gap="sm" justify="flex-end">
                {submitting ? (
                  <Button
                    type="button"
                    variant="default"
                    color="red"
                    onClick={cancel}
                    leftSection={<IconPlayerStop size={16} aria-hidden />}
                  >
                    Cancel
                  </Button>
                ) : null}
                <Button type="submit" loading={submitting} leftSection={<IconSparkles size={16} aria-hidden />}>
                  Summarize
                </Button>
              </Group>
            </Stack>
          </fetcher.Form>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <SummarizeProgress
          submitting={submitting}
          cancelled={cancelled}
          outcome={answer?.outcome ?? null}
          typeName={(code) => types.find((t) => t.code === code)?.name ?? code}
          pendingType={fetcher.formData?.get('summary_type')?.toString() ?? null}
        />
      </Grid.Col>
    </Grid>
  )
}
