import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Alert, Button, Group, Input, NativeSelect, Stack, Text } from '@mantine/core'
import { IconCamera } from '~/components/icons'
import { useEffect, useRef, useState } from 'react'
import { UploadControls, useXhrUpload } from '~/components/layout/xhr-upload'
import { OCR_DEMO_PATH, OCR_UPLOAD_PATH, typeOptions } from './format'
import classes from './ocr.module.css'
import { DOCUMENT_MAX_MB, withPhoto } from './document-file'
import { useBrowserChecks } from '~/lib/browser-checks'

export type { UploadReply } from '~/components/layout/xhr-upload'

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

const loadChecks = () => import('./upload.schema')

/**
 * The document and its type. Without JavaScript a plain multipart POST to the demo page's action;
 * with it, the same form through XMLHttpRequest to the upload route, showing progress, then on to the
 * document's page. On a device with a camera a second input takes a photo instead of a file.
 */
export function UploadForm({ accept, lastResult }: Props) {
  const upload = useXhrUpload(OCR_UPLOAD_PATH)
  const hasCamera = useHasCamera()
  const fileInput = useRef<HTMLInputElement>(null)
  const photoInput = useRef<HTMLInputElement>(null)
  const [photoName, setPhotoName] = useState<string | null>(null)
  const { busy } = upload
  const checks = useBrowserChecks(
    loadChecks,
    (schemas, formData) => schemas.parseUploadForm(formData, { browser: true }),
    {
      shouldValidate: 'onBlur',
      shouldRevalidate: 'onInput',
    },
  )
  const [form, fields] = useForm({
    id: 'document-upload',
    lastResult: upload.reply ?? lastResult,
    defaultValue: { document_type: '' },
    ...checks.options,
    onSubmit(event, { formData }) {
      event.preventDefault()
      // the upload reports its own progress and failure in the form
      void upload.submit(withPhoto(formData))
    },
  })
  const { key: fileKey, ...fileProps } = getInputProps(fields.file, { type: 'file', ariaAttributes: false })
  const { key: typeKey, ...typeProps } = getSelectProps(fields.document_type, { ariaAttributes: false })
  const [title, ...details] = form.errors ?? []

  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={OCR_DEMO_PATH}
      {...getFormProps(form)}
      {...checks.formProps}
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
        <UploadControls
          upload={upload}
          processing="Uploaded. Handing it to the OCR service…"
          submitLabel="Upload and read"
        />
      </Stack>
    </form>
  )
}
