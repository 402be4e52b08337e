import { spawn } from 'node:child_process'
import { which } from './engines/which'
import { abortError } from './errors'

/*
 * Spoken replies: Debian's espeak-ng renders the answer to a WAV (ARCHITECTURE §6 "chat"). The
 * text goes in on stdin, never as an argument, so an answer that starts with "-" is not an option.
 */

const PROGRAM = 'espeak-ng'
/** Words a minute: a little slower than espeak's 175, for a phone line. */
const RATE = 160
/** Longest reply spoken: a chat answer is a few sentences. */
const MAX_CHARS = 1_500

let found: Promise<string | null> | undefined
/** Where espeak-ng is, looked up once; null when it is not installed. */
export const espeakProgram = () => (found ??= which(PROGRAM))

/** What is read aloud: citation markers and masking placeholders left out. */
export const speakable = (text: string) =>
  text
    .replace(/\s*\[\d+\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_CHARS)

/** The answer as a WAV (mono, 22,050 Hz, 16-bit); null when espeak-ng is not installed. */
export async function speak(text: string, { signal, voice = 'en-gb' }: { signal?: AbortSignal; voice?: string } = {}) {
  const program = await espeakProgram()
  if (!program) return null
  if (signal?.aborted) throw abortError(signal)
  return new Promise<Buffer>((resolve, reject) => {
    const child = spawn(program, ['--stdout', '-v', voice, '-s', String(RATE)], { stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let stderr = ''
    const onAbort = () => {
      child.kill('SIGKILL')
      reject(abortError(signal!))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort)
      if (code === 0) resolve(withWavSizes(Buffer.concat(out)))
      else reject(new Error(`espeak-ng failed: ${stderr.trim().split('\n').at(-1) || `exit code ${code}`}`))
    })
    child.stdin.end(speakable(text))
  })
}

/**
 * espeak-ng writes to a pipe before it knows the length, so its RIFF and data sizes say "as long as
 * can be" (13 hours): set them from the bytes, or a player (and our own upload check) believes them.
 */
export function withWavSizes(wav: Buffer) {
  if (wav.length < 44 || wav.toString('ascii', 0, 4) !== 'RIFF') return wav
  wav.writeUInt32LE(wav.length - 8, 4)
  let at = 12
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4)
    if (id === 'data') {
      wav.writeUInt32LE(wav.length - at - 8, at + 4)
      break
    }
    at += 8 + wav.readUInt32LE(at + 4)
  }
  return wav
}
