import type { SubmissionResult } from '@conform-to/react'
import { Button, Group, Progress, Stack, Text } from '@mantine/core'
import { useNavigate } from '@remix-run/react'
import { IconUpload } from '~/components/icons'
import { useEffect, useRef, useState } from 'react'
import { formatBytes } from '~/components/speech/format'
import type { UploadReply } from './xhr-upload.schema'

/** What an upload resource route answers the page's XMLHttpRequest with (its type lives in xhr-upload.schema.ts, for the server). */
export type { UploadReply }

export type UploadProgressState =
  { phase: 'idle'; message?: string } | { phase: 'uploading'; loaded: number; total: number } | { phase: 'processing' }

const FAILED = 'The upload did not reach the portal. Check your connection and try again.'

/**
 * Posts an upload form with XMLHttpRequest (the one browser API that reports upload progress) to
 * a resource route that answers with an UploadReply: on success the page goes on to `location`,
 * otherwise the form shows the route's result (or says the upload did not get through).
 */
export function useXhrUpload(path: string) {
  const navigate = useNavigate()
  const xhr = useRef<XMLHttpRequest | null>(null)
  const [progress, setProgress] = useState<UploadProgressState>({ phase: 'idle' })
  const [reply, setReply] = useState<SubmissionResult<string[]> | null>(null)
  useEffect(() => () => xhr.current?.abort(), [])

  const send = (body: FormData) =>
    new Promise<{ status: number; reply: UploadReply | null } | 'aborted'>((resolve) => {
      const request = new XMLHttpRequest()
      xhr.current = request
      request.open('POST', path)
      request.setRequestHeader('Accept', 'application/json')
      request.upload.onprogress = (event) => {
        if (!event.lengthComputable) return
        setProgress(
          event.loaded < event.total
            ? { phase: 'uploading', loaded: event.loaded, total: event.total }
            : { phase: 'processing' },
        )
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

  return {
    progress,
    /** The route's answer to the last upload, for the form's `lastResult`. */
    reply,
    busy: progress.phase !== 'idle',
    abort: () => xhr.current?.abort(),
    async submit(body: FormData) {
      setReply(null)
      setProgress({ phase: 'uploading', loaded: 0, total: 0 })
      const answer = await send(body)
      if (answer === 'aborted') return setProgress({ phase: 'idle', message: 'Upload cancelled.' })
      const { reply: result } = answer
      if (result && 'location' in result) {
        if (result.reload) window.location.assign(result.location)
        else navigate(result.location)
        return
      }
      setProgress({ phase: 'idle' })
      setReply(result && 'result' in result ? result.result : { status: 'error', error: { '': [FAILED] } })
    },
  }
}

/** The upload's progress (announced politely) and the form's Cancel and submit buttons. */
export function UploadControls({
  upload,
  processing,
  submitLabel,
}: {
  upload: ReturnType<typeof useXhrUpload>
  /** Said once the bytes are sent and the service is taking it. */
  processing: string
  submitLabel: string
}) {
  const { progress, busy } = upload
  const percent = progress.phase === 'uploading' && progress.total ? (progress.loaded / progress.total) * 100 : 0
  return (
    <>
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
            <Text size="sm">{processing}</Text>
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
          {submitLabel}
        </Button>
      </Group>
    </>
  )
}
