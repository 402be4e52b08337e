export type OcrErrorCode = 'unsupported' | 'corrupt' | 'too_large' | 'no_text'

/** A document the OCR engine cannot read, with a message for the person who uploaded it. */
export class OcrError extends Error {
  name = 'OcrError'
  constructor(
    readonly code: OcrErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The OCR run was aborted', 'AbortError')
}
