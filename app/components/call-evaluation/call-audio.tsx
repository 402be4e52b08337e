import { Text } from '@mantine/core'
import { createContext, useCallback, useContext, useMemo, useRef, type ReactNode, type RefObject } from 'react'

type AudioSeek = { audioRef: RefObject<HTMLAudioElement>; seek: (seconds: number) => void }

const AudioSeekContext = createContext<AudioSeek>({ audioRef: { current: null }, seek: () => {} })

/** One call's audio element, shared by the transcript and the review panel's play buttons. */
export function AudioSeekProvider({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null)
  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current
    if (!audio) return
    audio.currentTime = seconds
    // Autoplay rules or a missing file may refuse play(); the position is still set.
    void audio.play()?.catch(() => {})
  }, [])
  const value = useMemo(() => ({ audioRef, seek }), [seek])
  return <AudioSeekContext.Provider value={value}>{children}</AudioSeekContext.Provider>
}

export const useAudioSeek = () => useContext(AudioSeekContext).seek

export function CallAudio({ src, mimeType }: { src: string | null; mimeType?: string }) {
  const { audioRef } = useContext(AudioSeekContext)
  if (!src) {
    return (
      <Text size="sm" c="dimmed">
        The recording&apos;s audio is not available.
      </Text>
    )
  }
  // preload="none": a call's recording (megabytes on a long call) comes down when someone plays it or
  // seeks to a question's evidence, not with every review page over a thin link
  return (
    <audio ref={audioRef} src={src} controls preload="none" style={{ width: '100%' }} aria-label="Call recording">
      <a href={src} type={mimeType}>
        Download the recording
      </a>
    </audio>
  )
}
