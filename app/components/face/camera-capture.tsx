import { Button, Group, Stack, Text } from '@mantine/core'
import { IconCamera, IconCapture, IconX } from '~/components/icons'
import { useEffect, useRef, useState, type RefObject } from 'react'
import classes from './face.module.css'

type Props = {
  /** The form's file input the captured photo goes into. */
  input: RefObject<HTMLInputElement | null>
  /** Add to the photos already chosen (enrolment) rather than replace the one photo. */
  multiple: boolean
}

/** Whether the device has a camera at all; null until the browser says (and without JavaScript). */
export function useHasCamera() {
  const [hasCamera, setHasCamera] = useState<boolean | null>(null)
  useEffect(() => {
    let live = true
    const devices = navigator.mediaDevices
    if (!devices?.enumerateDevices || !devices.getUserMedia) return setHasCamera(false)
    devices
      .enumerateDevices()
      .then((list) => live && setHasCamera(list.some((d) => d.kind === 'videoinput')))
      .catch(() => live && setHasCamera(false))
    return () => {
      live = false
    }
  }, [])
  return hasCamera
}

/**
 * 'Use camera' opens the camera in the page; 'Capture' takes the frame as a JPEG and puts it in the
 * form's file input, so the form posts it like a chosen file.
 */
export function CameraCapture({ input, multiple }: Props) {
  const video = useRef<HTMLVideoElement>(null)
  const stream = useRef<MediaStream | null>(null)
  const [open, setOpen] = useState(false)
  const [message, setMessage] = useState<string | null>(null)

  const stop = () => {
    stream.current?.getTracks().forEach((t) => t.stop())
    stream.current = null
    setOpen(false)
  }
  useEffect(() => stop, [])

  async function start() {
    setMessage(null)
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false })
      setOpen(true)
      if (video.current) {
        video.current.srcObject = stream.current
        await video.current.play()
      }
    } catch (error) {
      stop()
      setMessage(`The camera could not be opened: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  function capture() {
    const v = video.current
    const el = input.current
    if (!v || !el || !v.videoWidth) return
    const canvas = document.createElement('canvas')
    canvas.width = v.videoWidth
    canvas.height = v.videoHeight
    canvas.getContext('2d')?.drawImage(v, 0, 0)
    canvas.toBlob(
      (blob) => {
        if (!blob) return setMessage('The photo could not be taken. Try again.')
        const file = new File([blob], `camera-${Date.now()}.jpg`, { type: 'image/jpeg' })
        const files = new DataTransfer()
        if (multiple) for (const f of el.files ?? []) files.items.add(f)
        files.items.add(file)
        el.files = files.files
        el.dispatchEvent(new Event('input', { bubbles: true }))
        el.dispatchEvent(new Event('change', { bubbles: true }))
        setMessage(multiple ? `Photo taken: ${files.files.length} chosen.` : 'Photo taken.')
        if (!multiple) stop()
      },
      'image/jpeg',
      0.92,
    )
  }

  return (
    <Stack gap="xs">
      <video ref={video} className={classes.video} hidden={!open} muted playsInline aria-label="Camera" />
      <Group gap="xs">
        {open ? (
          <>
            <Button size="xs" onClick={capture} leftSection={<IconCapture size={14} aria-hidden />}>
              Capture
            </Button>
            <Button size="xs" variant="default" onClick={stop} leftSection={<IconX size={14} aria-hidden />}>
              Close camera
            </Button>
          </>
        ) : (
          <Button
            size="xs"
            variant="light"
            onClick={() => void start()}
            leftSection={<IconCamera size={14} aria-hidden />}
          >
            Use camera
          </Button>
        )}
      </Group>
      {message ? (
        <Text size="xs" c="dimmed" role="status">
          {message}
        </Text>
      ) : null}
    </Stack>
  )
}
