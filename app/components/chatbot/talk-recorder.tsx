import { Button, Checkbox, Group, Text } from '@mantine/core'
import { IconMicrophone, IconPlayerStopFilled } from '~/components/icons'
import { useEffect, useRef, useState } from 'react'

/** A question is short; the recorder stops itself after this long. */
const MAX_SECONDS = 60
const VOICE_KEY = 'trelliTalk.browserVoice'

/** The recording as a file the form's file input can carry. */
function toFile(chunks: Blob[], type: string) {
  const ext = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm'
  return new File(chunks, `question.${ext}`, { type: type.split(';')[0] })
}

/**
 * Record in the browser (MediaRecorder): on stop the recording goes into the form's file input and
 * the form is submitted, as if the file had been chosen. Shown only where a microphone can be used;
 * without one (or without JavaScript) the upload field of the same form does the job.
 */
export function TalkRecorder({ formId, inputName = 'file' }: { formId: string; inputName?: string }) {
  const [supported, setSupported] = useState(false)
  const [recording, setRecording] = useState(false)
  const [seconds, setSeconds] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)
  const recorder = useRef<MediaRecorder | null>(null)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)

  useEffect(() => {
    setSupported(typeof window.MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia))
    return () => {
      if (timer.current) clearInterval(timer.current)
      recorder.current?.stream.getTracks().forEach((t) => t.stop())
    }
  }, [])

  async function start() {
    setProblem(null)
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      const rec = new MediaRecorder(stream)
      const chunks: Blob[] = []
      rec.ondataavailable = (e) => e.data.size && chunks.push(e.data)
      rec.onstop = () => {
        stream.getTracks().forEach((t) => t.stop())
        if (timer.current) clearInterval(timer.current)
        setRecording(false)
        const form = document.getElementById(formId) as HTMLFormElement | null
        const input = form?.elements.namedItem(inputName) as HTMLInputElement | null
        if (!form || !input || !chunks.length) return
        const transfer = new DataTransfer()
        transfer.items.add(toFile(chunks, rec.mimeType || 'audio/webm'))
        input.files = transfer.files
        form.requestSubmit()
      }
      recorder.current = rec
      rec.start()
      setSeconds(0)
      setRecording(true)
      timer.current = setInterval(() => {
        setSeconds((s) => {
          if (s + 1 >= MAX_SECONDS && rec.state === 'recording') rec.stop()
          return s + 1
        })
      }, 1000)
    } catch {
      setProblem('The microphone could not be used. Allow it in the browser, or upload a recording instead.')
    }
  }

  if (!supported) return null
  return (
    <Group gap="sm" align="center">
      {recording ? (
        <Button
          color="red"
          onClick={() => recorder.current?.stop()}
          leftSection={<IconPlayerStopFilled size={16} aria-hidden />}
        >
          Stop and ask ({seconds} s)
        </Button>
      ) : (
        <Button onClick={() => void start()} leftSection={<IconMicrophone size={16} aria-hidden />}>
          Record a question
        </Button>
      )}
      <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
        {problem ?? (recording ? 'Speak now; stop when you are done.' : 'Or upload a recording below.')}
      </Text>
    </Group>
  )
}

/** The option to hear answers in the browser's own voice (speechSynthesis) instead of the server's recording. */
export function useBrowserVoice() {
  const [on, setOn] = useState(false)
  const [available, setAvailable] = useState(false)
  useEffect(() => {
    setAvailable('speechSynthesis' in window)
    setOn(window.localStorage.getItem(VOICE_KEY) === 'on')
  }, [])
  const toggle = (value: boolean) => {
    setOn(value)
    window.localStorage.setItem(VOICE_KEY, value ? 'on' : 'off')
  }
  const control = available ? (
    <Checkbox
      size="xs"
      label="Read answers with my browser’s voice"
      checked={on}
      onChange={(e) => toggle(e.currentTarget.checked)}
    />
  ) : null
  const speak = (text: string) => {
    if (!on || !available) return false
    window.speechSynthesis.cancel()
    window.speechSynthesis.speak(new SpeechSynthesisUtterance(text.replace(/\s*\[\d+\]/g, '')))
    return true
  }
  return { control, speak, on }
}
