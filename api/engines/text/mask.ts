import { censorProfanity } from './analyse'
import { redactSegments, type RedactionKind } from './redact'

export type MaskedText = {
  text: string
  /** Obscene words were starred out. */
  profane: boolean
  /** What kinds of numbers were replaced ("[card number]", "[phone number]"…). */
  redacted: RedactionKind[]
}

/**
 * A message as it may be stored and shown: card numbers, national ids, phone numbers and dates of
 * birth replaced (the transcript redaction engine) and obscene words starred out.
 */
export function maskText(text: string): MaskedText {
  const { segments, redactions } = redactSegments([{ speaker: 'customer', start: 0, end: 0, text }])
  const censored = censorProfanity(segments[0]!.text)
  return { text: censored.text, profane: censored.profane, redacted: [...new Set(redactions.map((r) => r.kind))] }
}
