import { Text } from '@mantine/core'
import { useRevalidator } from '@remix-run/react'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react'

type Listener = (seconds: number) => void
type AudioSeek = {
  audioRef: RefObject<HTMLAudioElement>
  seek: (seconds: number) => void
  /** Calls `listener` with the playing position as it moves; returns the unsubscribe. */
  onTime: (listener: Listener) => () => void
  /** Tells the listeners where the audio is. */
  emit: Listener
}

const AudioContext = createContext<AudioSeek>({
  audioRef: { current: null },
  seek: () => {},
  onTime: () => () => {},
  emit: () => {},
})

/** One recording's audio element, shared by the player and the transcript lines that seek it. */
export function RecordingAudioProvider({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null)
  const listeners = useRef(new Set<Listener>())
  const emit = useCallback((seconds: number) => listeners.current.forEach((l) => l(seconds)), [])
  const seek = useCallback(
    (seconds: number) => {
      const audio = audioRef.current
      if (!audio) return
      audio.currentTime = seconds
      emit(seconds)
      // Autoplay rules or a missing file may refuse play(); the position is still set.
      void audio.play()?.catch(() => {})
    },
    [emit],
  )
  const onTime = useCallback((listener: Listener) => {
    listeners.current.add(listener)
    return () => void listeners.current.delete(listener)
  }, [])
  const value = useMemo(() => ({ audioRef, seek, onTime, emit }), [seek, onTime, emit])
  return <AudioContext.Provider value={value}>{children}</AudioContext.Provider>
}

export const useRecordingSeek = () => useContext(AudioContext).seek

/** The index of the line being played (the last one that started by now), or -1; changes only when the line does. */
export function useActiveLine(lines: { start: number }[]): number {
  const { onTime } = useContext(AudioContext)
  const [active, setActive] = useState(-1)
  useEffect(
    () =>
      onTime((seconds) => {
        let found = -1
        for (let i = 0; i < lines.length && lines[i].start <= seconds + 0.05; i++) found = i
        setActive(found)
      }),
    [onTime, lines],
  )
  return active
}

const pathOf = (src: string | null) => src?.split('?')[0] ?? null
const REFRESH_AFTER_MS = 60_000

/**
 * Every load of the page signs the audio link anew. Keep the one the player has (a new one would reload
 * it and lose the position) until the recording changes or the link stops working (it expires after
 * a while): then take the newest, asking the server for one if need be, and go back to where it was.
 */
function useStickySrc(latest: string | null, audioRef: RefObject<HTMLAudioElement>) {
  const [src, setSrc] = useState(latest)
  const resumeAt = useRef<number | null>(null)
  const lastRefresh = useRef(0)
  const { revalidate } = useRevalidator()
  if (pathOf(src) !== pathOf(latest)) setSrc(latest)

  const onError = () => {
    if (!latest) return
    resumeAt.current = audioRef.current?.currentTime ?? null
    if (latest !== src) setSrc(latest)
    else if (Date.now() - lastRefresh.current > REFRESH_AFTER_MS) {
      lastRefresh.current = Date.now()
      revalidate()
    }
  }
  const onLoadedMetadata = () => {
    const audio = audioRef.current
    if (audio && resumeAt.current !== null) audio.currentTime = resumeAt.current
    resumeAt.current = null
  }
  return { src, onError, onLoadedMetadata }
}

export function RecordingAudio({ src: latest }: { src: string | null }) {
  const { audioRef, emit } = useContext(AudioContext)
  const { src, onError, onLoadedMetadata } = useStickySrc(latest, audioRef)
  if (!src) {
    return (
      <Text size="sm" c="dimmed">
        The recording&apos;s audio is not available.
      </Text>
    )
  }
  return (
    <audio
      ref={audioRef}
      src={src}
      controls
      preload="metadata"
      style={{ width: '100%' }}
      aria-label="Recording"
      onError={onError}
      onLoadedMetadata={onLoadedMetadata}
      onTimeUpdate={(event) => emit(event.currentTarget.currentTime)}
    >
      <a href={src}>Download the recording</a>
    </audio>
  )
}
