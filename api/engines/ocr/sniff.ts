/** What the OCR engine reads. SVG is absent on purpose: it is a program (scripts, external references), not a picture. */
export const ACCEPTED_IMAGES = [
  { ext: 'png', mime: 'image/png' },
  { ext: 'jpg', mime: 'image/jpeg' },
  { ext: 'tiff', mime: 'image/tiff' },
  { ext: 'webp', mime: 'image/webp' },
  { ext: 'pdf', mime: 'application/pdf' },
] as const

export type AcceptedImage = (typeof ACCEPTED_IMAGES)[number]

const at = (bytes: Uint8Array, offset: number, signature: number[]) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))
const byExt = (ext: AcceptedImage['ext']) => ACCEPTED_IMAGES.find((t) => t.ext === ext)!

/** The type from the magic bytes, never the name or the client's Content-Type; null for anything else. */
export function sniffDocument(bytes: Uint8Array): AcceptedImage | null {
  if (at(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return byExt('png')
  if (at(bytes, 0, [0xff, 0xd8, 0xff])) return byExt('jpg')
  if (at(bytes, 0, [0x49, 0x49, 0x2a, 0x00]) || at(bytes, 0, [0x4d, 0x4d, 0x00, 0x2a])) return byExt('tiff')
  if (at(bytes, 0, ascii('RIFF')) && at(bytes, 8, ascii('WEBP'))) return byExt('webp')
  // PDF readers accept the header anywhere in the first kilobyte; so does this.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024))
  if (head.includes('%PDF-')) return byExt('pdf')
  return null
}
