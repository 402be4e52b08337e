export type SpeechErrorCode = 'unsupported' | 'corrupt' | 'no_engine' | 'engine_failed' | 'too_long' | 'empty'

/** A failure the job can show as it is: the message says what went wrong and, where it can, what to do. */
export class SpeechError extends Error {
  readonly code: SpeechErrorCode

  constructor(code: SpeechErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SpeechError'
    this.code = code
  }
}

/** The cancellation a caller asked for, as the AbortError that fetch and spawn also throw. */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason
  if (reason instanceof Error) return reason
  const error = new Error(typeof reason === 'string' ? reason : 'The transcription was cancelled')
  error.name = 'AbortError'
  return error
}
