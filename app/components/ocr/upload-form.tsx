import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Alert, Button, Group, Input, NativeSelect, Progress, Stack, Text } from '@mantine/core'
import { useNavigate } from '@remix-run/react'
import { IconCamera, IconUpload } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { formatBytes, OCR_DEMO_PATH, OCR_UPLOAD_PATH, typeOptions } from './format'
import classes from './ocr.module.css'
import { DOCUMENT_MAX_MB, parseUploadForm, withPhoto } from './upload-schema'

/** What the upload resource route answers the page's XMLHttpRequest with. */
export type UploadReply = { location: string; reload?: boolean } | { result: SubmissionResult<string[]> }

type Progress =
  { phase: 'idle'; message?: string } | { phase: 'uploading'; loaded: number; total: number } | { phase: 'processing' }

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
        request.open('POST', OCR_UPLOAD_PATH)
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

/** Whether the device has a camera to photograph the document with (asked once the page runs scripts). */
function useHasCamera() {
  const [hasCamera, setHasCamera] = useState(false)
  useEffect(() => {
    let live = true
    navigator.mediaDevices
      ?.enumerateDevices?.()
      .then((devices) => live && setHasCamera(devices.some((d) => d.kind === 'videoinput')))
      .catch(() => {})
    return () => {
      live = false
    }
  }, [])
  return hasCamera
}

type Props = {
  accept: string
  /** The action's answer to a post without JavaScript. */
  lastResult: SubmissionResult<string[]> | null | undefined
}

/**
 * The document and its type. Without JavaScript a plain multipart POST to the demo page's action;
 * with it, the same form through XMLHttpRequest to the upload route, showing progress, then on to the
 * document's page. On a device with a camera a second input takes a photo instead of a file.
 */
export function UploadForm({ accept, lastResult }: Props) {
  const navigate = useNavigate()
  const upload = useUploadRequest()
  const hasCamera = useHasCamera()
  const fileInput = useRef<HTMLInputElement>(null)
  const photoInput = useRef<HTMLInputElement>(null)
  const [photoName, setPhotoName] = useState<string | null>(null)
  const [progress, setProgress] = useState<Progress>({ phase: 'idle' })
  const [reply, setReply] = useState<SubmissionResult<string[]> | null>(null)
  const busy = progress.phase !== 'idle'
  const [form, fields] = useForm({
    id: 'document-upload',
    lastResult: reply ?? lastResult,
    defaultValue: { document_type: '' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseUploadForm(formData, { browser: true }),
    async onSubmit(event, { formData }) {
      event.preventDefault()
      setReply(null)
      setProgress({ phase: 'uploading', loaded: 0, total: 0 })
      const answer = await upload.send(withPhoto(formData), (loaded, total) =>
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
  const { key: typeKey, ...typeProps } = getSelectProps(fields.document_type, { ariaAttributes: false })
  const percent = progress.phase === 'uploading' && progress.total ? (progress.loaded / progress.total) * 100 : 0
  const [title, ...details] = form.errors ?? []

  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={OCR_DEMO_PATH}
      {...getFormProps(form)}
      aria-label="Upload a document"
    >
      <Stack gap="md">
        {title ? (
          <Alert color="red" title={title} role="alert" id={form.errorId}>
            {details.join(' ') || 'Correct the highlighted fields and try again.'}
          </Alert>
        ) : null}
        <NativeSelect
          key={typeKey}
          {...typeProps}
          label="Document type"
          withAsterisk
          description="Decides which fields are extracted"
          data={[{ value: '', label: 'Select a document type' }, ...typeOptions]}
          error={fields.document_type.errors?.[0]}
          disabled={busy}
          maw={360}
        />
        <Input.Wrapper
          label="Document"
          withAsterisk
          description={`PNG, JPEG, TIFF, WebP or PDF (up to 20 pages), up to ${DOCUMENT_MAX_MB} MB`}
          error={fields.file.errors?.[0]}
          id={fields.file.id}
          labelElement="label"
          className={classes.drop}
        >
          <input
            key={fileKey}
            {...fileProps}
            ref={fileInput}
            accept={accept}
            disabled={busy}
            onChange={() => {
              if (photoInput.current) photoInput.current.value = ''
              setPhotoName(null)
            }}
            aria-describedby={fields.file.errors ? fields.file.errorId : undefined}
            aria-invalid={fields.file.errors ? true : undefined}
            style={{ display: 'block', marginTop: 8, maxWidth: '100%' }}
          />
        </Input.Wrapper>
        {hasCamera ? (
          <Group gap="sm">
            <Button
              component="label"
              variant="default"
              leftSection={<IconCamera size={16} aria-hidden />}
              disabled={busy}
            >
              Take a photo
              <input
                ref={photoInput}
                type="file"
                name="photo"
                accept="image/*"
                capture="environment"
                disabled={busy}
                style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
                onChange={(event) => {
                  const photo = event.currentTarget.files?.[0]
                  if (!photo) return
                  if (fileInput.current) fileInput.current.value = ''
                  setPhotoName(photo.name)
                }}
              />
            </Button>
            {photoName ? (
              <Text size="sm" c="dimmed">
                Photo: {photoName}
              </Text>
            ) : null}
          </Group>
        ) : null}
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
              <Text size="sm">Uploaded. Handing it to the OCR service…</Text>
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
            Upload and read
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
