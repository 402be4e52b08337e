/**
 * Synthesizes the demo calls of api/seed/calls/conversations.ts into audio and exact, timed transcripts.
 *
 *   npx tsx scripts/synthesize-calls.ts            all conversations
 *   npx tsx scripts/synthesize-calls.ts --dry-run  report durations and sizes, write nothing
 *
 * Needs three Debian packages (the product itself never synthesizes; it ships what this writes):
 *   sudo apt-get install espeak-ng sox opus-tools
 *
 * For each conversation, every line is spoken by espeak-ng in one of two voices (agent and customer; the
 * agent's voice follows the agent, so an agent sounds the same on every call), filtered by sox to a
 * telephone band (300–3400 Hz, 16 kHz mono), trimmed of espeak's lead and tail silence, and measured in
 * samples. The lines are joined with pauses of 0.3–0.9 s, a faint line noise is added, and opusenc
 * encodes the call as Ogg Opus at 16 kbit/s. Segment times come from those sample counts, so they are
 * exact for the audio written.
 *
 * Writes:
 *   api/seed/calls/audio/<key>.ogg     one per conversation (stale files are removed)
 *   api/seed/calls/transcripts.json    { [key]: { duration_s, audio, segments: [{ speaker, start, end, text }] } }
 *
 * Deterministic and idempotent: voices, speeds, pauses and noise come from hashes of the keys, the Ogg
 * serial number is fixed per key, and sox runs in repeatable mode, so a second run writes the same bytes.
 * If the audio would pass AUDIO_BUDGET_BYTES, conversations after the first MIN_WITH_AUDIO keep their
 * timings but get `audio: false` and no file.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { conversations, type Conversation, type Speaker } from '../api/seed/calls/conversations'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CALLS_DIR = path.join(ROOT, 'api', 'seed', 'calls')
const AUDIO_DIR = path.join(CALLS_DIR, 'audio')
const TRANSCRIPTS = path.join(CALLS_DIR, 'transcripts.json')

const RATE = 16_000
const BITRATE_KBPS = 16
const AUDIO_BUDGET_BYTES = 8 * 1024 * 1024
const MIN_WITH_AUDIO = 24
/** Below this (of 32767) a sample counts as silence when trimming espeak's output: about -38 dBFS. */
const SILENCE = 400
const TRIM_MARGIN_S = 0.03
const LEAD_IN_S = 0.35
const TAIL_S = 0.5
/** Peak of the line noise (of 32767): a faint hiss near -56 dBFS RMS, some 30 dB under the speech. */
const NOISE_PEAK = 200

const dryRun = process.argv.includes('--dry-run')

// ───────────────────────────── tools ─────────────────────────────

const TOOLS: [binary: string, debianPackage: string][] = [
  ['espeak-ng', 'espeak-ng'],
  ['sox', 'sox'],
  ['opusenc', 'opus-tools'],
]

function checkTools() {
  const missing = TOOLS.filter(([binary]) => {
    try {
      execFileSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' })
      return false
    } catch {
      return true
    }
  })
  if (missing.length) {
    const packages = [...new Set(missing.map(([, pkg]) => pkg))].join(' ')
    console.error(
      `Missing ${missing.map(([b]) => b).join(', ')}. Install the Debian packages: sudo apt-get install ${packages}`,
    )
    process.exit(1)
  }
}

// ───────────────────────────── determinism ─────────────────────────────

/** FNV-1a, 32 bits: a stable number from a string. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: a small seeded generator for the pauses and the noise. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(items: readonly T[], n: number) => items[n % items.length]

// ───────────────────────────── voices ─────────────────────────────

type Voice = { name: string; speed: number; pitch: number }

/** British and American English bases, and espeak-ng's male and female variants. */
const ACCENTS = ['en-gb', 'en-gb-x-rp', 'en-us', 'en-gb-scotland', 'en-gb-x-gbclan', 'en-gb-x-gbcwmd'] as const
const MALE = ['m1', 'm2', 'm3', 'm4', 'm5', 'm7'] as const
const FEMALE = ['f1', 'f2', 'f3', 'f4', 'f5'] as const

const FEMALE_NAMES = new Set(
  // agents
  (
    'Priya Aisha Chloe Hannah Lucy Fatima Mei Olivia Zara Nadia Grace Amira Sara Ella Ruby ' +
    // customers
    'Margaret Sophie Rebecca Lauren Helen Joanne Patricia Megan Aaliyah Nora Denise Ruth Linda Karen Shannon Laura Valerie'
  ).split(' '),
)
const MALE_NAMES = new Set(
  (
    'James Marcus Tom Ravi Omar Diego Ben Samuel Kenji Liam Ethan Victor Noah Jack Isaac ' +
    'Daniel Kwame Gary Arjun Stephen Thomas Craig George Brian Oliver Edward Simon Peter Michael Dean Anthony ' +
    'Gareth Jordan Ryan Tariq'
  ).split(' '),
)

function isFemale(fullName: string): boolean {
  const first = fullName.split(' ')[0]
  if (FEMALE_NAMES.has(first)) return true
  if (MALE_NAMES.has(first)) return false
  throw new Error(`No voice gender for "${first}": add the name to FEMALE_NAMES or MALE_NAMES`)
}

function voiceFor(seedText: string, female: boolean, speeds: [number, number]): Voice {
  const h = hash(seedText)
  const accent = pick(ACCENTS, h)
  const variant = female ? pick(FEMALE, h >>> 8) : pick(MALE, h >>> 8)
  const speed = speeds[0] + ((h >>> 16) % (speeds[1] - speeds[0] + 1))
  const pitch = 38 + ((h >>> 24) % 25)
  return { name: `${accent}+${variant}`, speed, pitch }
}

/** The agent's voice follows the agent; the customer's follows the call, and always differs from the agent's. */
function voicesOf(conversation: Conversation): Record<Speaker, Voice> {
  const agent = voiceFor(`agent:${conversation.agent_first_name}`, isFemale(conversation.agent_first_name), [160, 175])
  let customer = voiceFor(`customer:${conversation.key}`, isFemale(conversation.customer_name), [150, 170])
  for (let salt = 1; customer.name === agent.name || customer.name.split('+')[0] === agent.name.split('+')[0]; salt++) {
    customer = voiceFor(`customer:${conversation.key}:${salt}`, isFemale(conversation.customer_name), [150, 170])
  }
  return { agent, customer }
}

// ───────────────────────────── audio ─────────────────────────────

/** One line as 16 kHz mono telephone-band samples, without espeak's silence around it. */
function speak(text: string, voice: Voice, workDir: string): Int16Array {
  const wav = path.join(workDir, 'line.wav')
  execFileSync('espeak-ng', ['-v', voice.name, '-s', String(voice.speed), '-p', String(voice.pitch), '-w', wav, text])
  // -R: repeatable (seeded) processing; -D: no dither. Headroom, band-pass to a phone line, normalise to -4 dBFS.
  const raw = execFileSync(
    'sox',
    [
      '-V1',
      '-R',
      '-D',
      wav,
      '-t',
      'raw',
      '-e',
      'signed-integer',
      '-b',
      '16',
      '-c',
      '1',
      '-r',
      String(RATE),
      '-',
    ].concat(['gain', '-6', 'highpass', '300', 'lowpass', '3400', 'gain', '-n', '-4']),
    { maxBuffer: 64 * 1024 * 1024 },
  )
  const samples = new Int16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2)
  let first = 0
  while (first < samples.length && Math.abs(samples[first]) < SILENCE) first++
  let last = samples.length - 1
  while (last > first && Math.abs(samples[last]) < SILENCE) last--
  if (first >= samples.length) throw new Error(`espeak-ng produced silence for: ${text}`)
  const margin = Math.round(TRIM_MARGIN_S * RATE)
  return samples.slice(Math.max(0, first - margin), Math.min(samples.length, last + 1 + margin))
}

function wavFile(samples: Int16Array): Buffer {
  const header = Buffer.alloc(44)
  const bytes = samples.length * 2
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + bytes, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(RATE, 24)
  header.writeUInt32LE(RATE * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(bytes, 40)
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, bytes)])
}

type Segment = { speaker: Speaker; start: number; end: number; text: string }
type Transcript = { duration_s: number; audio: boolean; segments: Segment[] }

const round2 = (n: number) => Math.round(n * 100) / 100

function synthesize(conversation: Conversation, workDir: string): { transcript: Transcript; ogg: Buffer } {
  const voices = voicesOf(conversation)
  const rand = random(hash(`pauses:${conversation.key}`))
  const pieces: Int16Array[] = []
  const segments: Segment[] = []
  let at = Math.round(LEAD_IN_S * RATE)
  pieces.push(new Int16Array(at))
  conversation.lines.forEach((line, i) => {
    if (i > 0) {
      const gap = Math.round((0.3 + rand() * 0.6) * RATE)
      pieces.push(new Int16Array(gap))
      at += gap
    }
    const speech = speak(line.text, voices[line.speaker], workDir)
    segments.push({
      speaker: line.speaker,
      start: round2(at / RATE),
      end: round2((at + speech.length) / RATE),
      text: line.text,
    })
    pieces.push(speech)
    at += speech.length
  })
  const tail = Math.round(TAIL_S * RATE)
  pieces.push(new Int16Array(tail))
  at += tail

  const call = new Int16Array(at)
  let offset = 0
  for (const piece of pieces) {
    call.set(piece, offset)
    offset += piece.length
  }
  const noise = random(hash(`noise:${conversation.key}`))
  for (let i = 0; i < call.length; i++) {
    const n = (noise() + noise() + noise() - 1.5) * (NOISE_PEAK / 1.5)
    call[i] = Math.max(-32768, Math.min(32767, Math.round(call[i] + n)))
  }

  const wav = path.join(workDir, 'call.wav')
  const ogg = path.join(workDir, 'call.ogg')
  fs.writeFileSync(wav, wavFile(call))
  execFileSync('opusenc', [
    '--quiet',
    '--bitrate',
    String(BITRATE_KBPS),
    '--serial',
    String(hash(`serial:${conversation.key}`) & 0x7fffffff),
    '--title',
    conversation.purpose,
    '--artist',
    `Synthetic demo call (${conversation.campaign})`,
    wav,
    ogg,
  ])
  return { transcript: { duration_s: round2(call.length / RATE), audio: true, segments }, ogg: fs.readFileSync(ogg) }
}

// ───────────────────────────── main ─────────────────────────────

async function main() {
  checkTools()
  const keys = new Set<string>()
  for (const conversation of conversations) {
    if (keys.has(conversation.key)) throw new Error(`Duplicate conversation key ${conversation.key}`)
    keys.add(conversation.key)
  }

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synthesize-calls-'))
  const transcripts: Record<string, Transcript> = {}
  const audio = new Map<string, Buffer>()
  try {
    for (const conversation of conversations) {
      const { transcript, ogg } = synthesize(conversation, workDir)
      transcripts[conversation.key] = transcript
      audio.set(conversation.key, ogg)
      const { agent, customer } = voicesOf(conversation)
      console.log(
        `${conversation.key.padEnd(44)} ${transcript.duration_s.toFixed(1).padStart(6)} s ` +
          `${(ogg.length / 1024).toFixed(0).padStart(4)} KiB  agent ${agent.name}@${agent.speed}, customer ${customer.name}@${customer.speed}`,
      )
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true })
  }

  // keep the total under budget: later conversations lose their audio first (never the first MIN_WITH_AUDIO)
  let total = [...audio.values()].reduce((sum, b) => sum + b.length, 0)
  for (const conversation of [...conversations].reverse()) {
    if (total <= AUDIO_BUDGET_BYTES || audio.size <= MIN_WITH_AUDIO) break
    total -= audio.get(conversation.key)!.length
    audio.delete(conversation.key)
    transcripts[conversation.key].audio = false
  }

  const seconds = Object.values(transcripts).reduce((sum, t) => sum + t.duration_s, 0)
  console.log(
    `\n${conversations.length} conversations, ${audio.size} with audio: ${(total / 1024 / 1024).toFixed(2)} MiB, ` +
      `${(seconds / 60).toFixed(1)} min of speech in all`,
  )
  if (dryRun) return

  fs.mkdirSync(AUDIO_DIR, { recursive: true })
  for (const file of fs.readdirSync(AUDIO_DIR)) {
    if (file.endsWith('.ogg') && !audio.has(file.slice(0, -4))) fs.rmSync(path.join(AUDIO_DIR, file))
  }
  for (const [key, ogg] of audio) {
    const file = path.join(AUDIO_DIR, `${key}.ogg`)
    if (!fs.existsSync(file) || !fs.readFileSync(file).equals(ogg)) fs.writeFileSync(file, ogg)
  }
  const json = await format(JSON.stringify(transcripts), {
    ...(await resolveConfig(TRANSCRIPTS)),
    filepath: TRANSCRIPTS,
  })
  fs.writeFileSync(TRANSCRIPTS, json)
  console.log(`Wrote ${path.relative(ROOT, AUDIO_DIR)}/ and ${path.relative(ROOT, TRANSCRIPTS)}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
