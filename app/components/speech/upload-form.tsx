import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Alert, Input, NativeSelect, SimpleGrid, Stack } from '@mantine/core'
import { UploadControls, useXhrUpload } from '~/components/layout/xhr-upload'
import { RECORDING_MAX_MB, SPEECH_DEMO_PATH, SPEECH_UPLOAD_PATH } from './format'
import classes from './speech.module.css'
import { useBrowserChecks } from '~/lib/browser-checks'

export type Option = { value: string; label: string }

export type { UploadReply } from '~/components/layout/xhr-upload'

type Props = {
  /** What transcribes here, e.g. "pocketsphinx (en-us)": the languages are the ones it has. */
  engine: string | null
  languages: Option[]
  domains: Option[]
  accept: string
  /** The action's answer to a post without JavaScript. */
  lastResult: SubmissionResult<string[]> | null | undefined
}

const loadChecks = () => import('./upload.schema')

/**
 * The recording, its language and its domain. Without JavaScript a plain multipart POST to the demo
 * page's action; with it, the same form through XMLHttpRequest to the upload route, showing progress,
 * then on to the recording's page.
 */
export function UploadForm({ engine, languages, domains, accept, lastResult }: Props) {
  const upload = useXhrUpload(SPEECH_UPLOAD_PATH)
  const { busy } = upload
  const checks = useBrowserChecks(loadChecks, (schemas, formData) => schemas.parseUploadForm(formData), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const [form, fields] = useForm({
    id: 'recording-upload',
    lastResult: upload.reply ?? lastResult,
    defaultValue: { language: languages.some((l) => l.value === 'en') ? 'en' : '', domain: '' },
    ...checks.options,
    onSubmit(event, { formData }) {
      event.preventDefault()
      // the upload reports its own progress and failure in the form
      void upload.submit(formData)
    },
  })
  const { key: fileKey, ...fileProps } = getInputProps(fields.file, { type: 'file', ariaAttributes: false })
  const { key: languageKey, ...languageProps } = getSelectProps(fields.language, { ariaAttributes: false })
  const { key: domainKey, ...domainProps } = getSelectProps(fields.domain, { ariaAttributes: false })

  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={SPEECH_DEMO_PATH}
      {...getFormProps(form)}
      {...checks.formProps}
      aria-label="Upload a recording"
    >
      <Stack gap="md">
        {form.errors ? (
          <Alert color="red" title="The recording was not uploaded" role="alert" id={form.errorId}>
            {form.errors.join(' ')}
          </Alert>
        ) : null}
        <Input.Wrapper
          label="Recording"
          withAsterisk
          description={`WAV, MP3, M4A, OGG, FLAC or WebM, up to ${RECORDING_MAX_MB} MB`}
          error={fields.file.errors?.[0]}
          id={fields.file.id}
          labelElement="label"
          className={classes.drop}
        >
          <input
            key={fileKey}
            {...fileProps}
            accept={accept}
            disabled={busy}
            aria-describedby={fields.file.errors ? fields.file.errorId : undefined}
            aria-invalid={fields.file.errors ? true : undefined}
            style={{ display: 'block', marginTop: 8, maxWidth: '100%' }}
          />
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            key={languageKey}
            {...languageProps}
            label="Language"
            withAsterisk
            description={engine ? `Transcribed by ${engine}: only the languages it knows are listed` : undefined}
            data={[{ value: '', label: 'Select a language' }, ...languages]}
            error={fields.language.errors?.[0]}
            disabled={busy}
          />
          <NativeSelect
            key={domainKey}
            {...domainProps}
            label="Domain"
            withAsterisk
            description="Helps the engine with the vocabulary"
            data={[{ value: '', label: 'Select a domain' }, ...domains]}
            error={fields.domain.errors?.[0]}
            disabled={busy}
          />
        </SimpleGrid>
        <UploadControls
          upload={upload}
          processing="Uploaded. Handing it to the speech service…"
          submitLabel="Upload and transcribe"
        />
      </Stack>
    </form>
  )
}
