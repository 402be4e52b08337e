import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Alert, Button, Group, Input, NativeSelect, Progress, SimpleGrid, Stack, Text } from '@mantine/core'
import { useNavigate } from '@remix-run/react'
import { IconUpload } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { formatBytes, SPEECH_DEMO_PATH, SPEECH_UPLOAD_PATH } from './format'
import classes from './speech.module.css'
import { parseUploadForm, RECORDING_MAX_MB } from './upload-schema'

export type Option = { value: string; label: string }

/** What the upload resource route answers the page's XMLHttpRequest with. */
export type UploadReply = { location: string; reload?: boolean } | { result: SubmissionResult<string[]> }

type Progress =
  { phase: 'idle'; message?: string } | { phase: 'uploading'; loaded: number; total: number } | { phase: 'processing' }

type Props = {
  languages: Option[]
  domains: Option[]
  accept: string
  /** The action's answer to a post without JavaScript. */
  lastResult: SubmissionResult<string[]> | null | undefined
}

const FAILED = 'The upload did not reach the portal. Check your connection and try again.'

/** Posts the form with XMLHttpRequest, the one browser API that reports upload progress. */
function useUploadRequest() {
  const xhr = useRef<XMLHttpRequest | null>(null)
  useEffect(() => () => xhr.current?.abort(), [])
  return {
    send(body: FormData, onProgress: (loaded: number, total: number) => void) {
      return new Promise<{ status: number; reply: UploadReply | null } | 'aborted'>((resolve) => {
        const request = new XMLHttpRequest()
        xhr.current = request
        request.open('POST', SPEECH_UPLOAD_PATH)
        request.setRequestHeader('Accept', 'application/json')
        request.upload.onprogress = (event) => {
          if (event.lengthComputable) onProgress(event.loaded, event.total)
        }
        request.onload = () => {
          let reply: UploadReply | null = null
          try {
            reply = JSON.parse(request.responseText) as UploadReply
          } catch {
            // not ours (a proxy's error page): said as a failed upload
          }
          resolve({ status: request.status, reply })
        }
        request.onerror = () => resolve({ status: 0, reply: null })
        request.onabort = () => resolve('aborted')
        request.send(body)
      })
    },
    abort: () => xhr.current?.abort(),
  }
}

/**
 * The recording, its language and its domain. Without JavaScript a plain multipart POST to the demo
 * page's action; with it, the same form through XMLHttpRequest to the upload route, showing progress,
 * then on to the recording's page.
 */
export function UploadForm({ languages, domains, accept, lastResult }: Props) {
  const navigate = useNavigate()
  const upload = useUploadRequest()
  const [progress, setProgress] = useState<Progress>({ phase: 'idle' })
  const [reply, setReply] = useState<SubmissionResult<string[]> | null>(null)
  const busy = progress.phase !== 'idle'
  const [form, fields] = useForm({
    id: 'recording-upload',
    lastResult: reply ?? lastResult,
    defaultValue: { language: languages.some((l) => l.value === 'en') ? 'en' : '', domain: '' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseUploadForm(formData),
    async onSubmit(event, { formData }) {
      event.preventDefault()
      setReply(null)
      setProgress({ phase: 'uploading', loaded: 0, total: 0 })
      const answer = await upload.send(formData, (loaded, total) =>
        setProgress(loaded < total ? { phase: 'uploading', loaded, total } : { phase: 'processing' }),
      )
      if (answer === 'aborted') return setProgress({ phase: 'idle', message: 'Upload cancelled.' })
      const { reply: body } = answer
      if (body && 'location' in body) {
        if (body.reload) window.location.assign(body.location)
        else navigate(body.location)
        return
      }
      setProgress({ phase: 'idle' })
      if (body && 'result' in body) setReply(body.result)
      else setReply({ status: 'error', error: { '': [FAILED] } })
    },
  })
  const { key: fileKey, ...fileProps } = getInputProps(fields.file, { type: 'file', ariaAttributes: false })
  const { key: languageKey, ...languageProps } = getSelectProps(fields.language, { ariaAttributes: false })
  const { key: domainKey, ...domainProps } = getSelectProps(fields.domain, { ariaAttributes: false })
  const percent = progress.phase === 'uploading' && progress.total ? (progress.loaded / progress.total) * 100 : 0

  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={SPEECH_DEMO_PATH}
      {...getFormProps(form)}
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
        <div role="status" aria-live="polite">
          {progress.phase === 'uploading' ? (
            <Stack gap={4}>
              <Progress value={percent} aria-label="Upload progress" animated striped size="lg" />
              <Text size="sm">
                Uploading {Math.floor(percent)}%
                {progress.total ? ` · ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}` : ''}
              </Text>
            </Stack>
          ) : progress.phase === 'processing' ? (
            <Stack gap={4}>
              <Progress value={100} aria-label="Upload progress" animated striped size="lg" />
              <Text size="sm">Uploaded. Handing it to the speech service…</Text>
            </Stack>
          ) : progress.message ? (
            <Text size="sm" c="dimmed">
              {progress.message}
            </Text>
          ) : null}
        </div>
        <Group justify="flex-end" gap="sm">
          {progress.phase === 'uploading' ? (
            <Button variant="default" onClick={upload.abort}>
              Cancel upload
            </Button>
          ) : null}
          <Button type="submit" loading={busy} leftSection={<IconUpload size={16} aria-hidden />}>
            Upload and transcribe
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
