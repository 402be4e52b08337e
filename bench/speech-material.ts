// The speech bench's material, synthesised here from texts written for it: two-party calls (a
// tuning set and a held-out set with other texts and other voices) and one-voice recordings, in
// the formats calls arrive in (16 kHz and 8 kHz telephone band, mono and stereo).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { resample } from '../api/engines/speech/resample'
import { readWav, telephone, writeWav } from '../api/engines/speech/test-audio'

export type BenchVoice = { label: string; engine: 'espeak' | 'flite'; name: string; pitch?: number; speed?: number }
export type Line = { speaker: 'agent' | 'customer'; text: string }

const espeak = (name: string, pitch?: number, speed?: number): BenchVoice => ({
  label: `espeak ${name}${pitch ? ` p${pitch}` : ''}`,
  engine: 'espeak',
  name,
  pitch,
  speed,
})
const flite = (name: string): BenchVoice => ({ label: `flite ${name}`, engine: 'flite', name })

/** Voice pairs (agent, customer): the tuning set's and the held-out set's have no voice in common. */
export const TUNING_PAIRS: [BenchVoice, BenchVoice][] = [
  [espeak('en-us+klatt', 35, 170), espeak('en-us+klatt5', 85, 165)],
  [flite('awb'), flite('slt')],
]
export const HELD_OUT_PAIRS: [BenchVoice, BenchVoice][] = [
  [flite('rms'), espeak('en-us+klatt4', 75, 160)],
  [espeak('en-us+klatt3', 40, 165), flite('kal16')],
]

const a = (text: string): Line => ({ speaker: 'agent', text })
const c = (text: string): Line => ({ speaker: 'customer', text })

export const TUNING_TEXTS: { name: string; lines: Line[] }[] = [
  {
    name: 'bank',
    lines: [
      a('thank you for calling first national bank this is david how can i help you'),
      c('hello i lost my debit card yesterday and i need to cancel it'),
      a('i am sorry to hear that can you tell me your full name and postcode'),
      c('my name is anna jones and the postcode is one two three four'),
      a('thank you the card is now blocked and a new one will arrive in five days'),
      c('that is great thank you for your help'),
    ],
  },
  {
    name: 'telecom',
    lines: [
      a('good morning you are through to city mobile my name is tom'),
      c('hi my phone bill this month is much higher than usual'),
      a('let me look at your account i can see some roaming charges from last week'),
      c('i was in france for three days but i bought a travel pass'),
      a('you are right the pass was not applied i will refund the charges now'),
      c('thank you very much that is all i needed'),
    ],
  },
]

export const HELD_OUT_TEXTS: { name: string; lines: Line[] }[] = [
  {
    name: 'healthcare',
    lines: [
      a('hello you have reached the riverside medical centre how may i help'),
      c('i would like to book an appointment with my doctor please'),
      a('of course what is your date of birth'),
      c('it is the second of june nineteen seventy four'),
      a('i have an opening on tuesday at ten in the morning would that suit you'),
      c('yes tuesday at ten is perfect thank you'),
    ],
  },
  {
    name: 'insurance',
    lines: [
      a('thanks for calling home shield insurance my name is kate'),
      c('hello i want to make a claim for water damage in my kitchen'),
      a('i can help with that when did the damage happen'),
      c('on sunday night a pipe burst under the sink'),
      a('i have opened a claim and an adjuster will call you tomorrow'),
      c('thank you that is a relief goodbye'),
    ],
  },
]

/** One voice reading a short message, as the tester's upload was. */
export const SOLO_TEXT =
  'Hello, thank you for calling Acme Bank. My name is Sarah. How can I help you today? I can check your balance or your recent payments.'

const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-speech-'))
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }))
let n = 0

/** The voice saying `text`, at the synthesiser's own rate. */
export function synthesise(text: string, voice: BenchVoice): { sampleRate: number; samples: Float32Array } {
  let wav: Uint8Array
  if (voice.engine === 'espeak') {
    const args = ['-v', voice.name, '--stdout']
    if (voice.pitch !== undefined) args.push('-p', String(voice.pitch))
    if (voice.speed !== undefined) args.push('-s', String(voice.speed))
    wav = new Uint8Array(execFileSync('espeak-ng', [...args, text]))
  } else {
    const file = path.join(tmp, `${n++}.wav`)
    execFileSync('flite', ['-voice', voice.name, '-t', text, '-o', file])
    wav = new Uint8Array(readFileSync(file))
  }
  const { sampleRate, channels } = readWav(wav)
  return { sampleRate, samples: channels[0] }
}

const at16k = (text: string, voice: BenchVoice) => {
  const { sampleRate, samples } = synthesise(text, voice)
  return resample(samples, sampleRate, 16000)
}

/** Scales a signal to an RMS of `level` over its voiced part (so every voice arrives equally loud). */
function levelled(x: Float32Array, level = 0.08): Float32Array {
  let sum = 0
  let count = 0
  for (const v of x) {
    if (Math.abs(v) > 0.01) {
      sum += v * v
      count++
    }
  }
  const gain = count ? level / Math.sqrt(sum / count) : 1
  return x.map((v) => v * gain)
}

export type BenchCall = {
  name: string
  set: 'tuning' | 'held-out'
  voices: string
  durationS: number
  turns: (Line & { start: number; end: number })[]
  reference: string
  /** WAV files as uploaded. */
  files: Record<'mono 16k' | 'stereo 16k' | 'mono 8k' | 'stereo 8k', Uint8Array>
}

export function buildCall(
  name: string,
  set: BenchCall['set'],
  lines: Line[],
  [agentVoice, customerVoice]: [BenchVoice, BenchVoice],
  gapS = 0.7,
): BenchCall {
  const spoken = lines.map((l) => ({
    ...l,
    audio: levelled(at16k(l.text, l.speaker === 'agent' ? agentVoice : customerVoice)),
  }))
  const gap = Math.round(gapS * 16000)
  const length = spoken.reduce((sum, t) => sum + t.audio.length + gap, gap)
  const agent = new Float32Array(length)
  const customer = new Float32Array(length)
  let at = gap
  const turns = spoken.map((t) => {
    ;(t.speaker === 'agent' ? agent : customer).set(t.audio, at)
    const start = at / 16000
    at += t.audio.length + gap
    return { speaker: t.speaker, text: t.text, start, end: start + t.audio.length / 16000 }
  })
  const mono = agent.map((v, i) => v + customer[i])
  return {
    name,
    set,
    voices: `${agentVoice.label} / ${customerVoice.label}`,
    durationS: length / 16000,
    turns,
    reference: lines.map((l) => l.text).join(' '),
    files: {
      'mono 16k': writeWav({ sampleRate: 16000, channels: [mono] }),
      'stereo 16k': writeWav({ sampleRate: 16000, channels: [agent, customer] }),
      'mono 8k': writeWav({ sampleRate: 8000, channels: [telephone(mono)] }),
      'stereo 8k': writeWav({ sampleRate: 8000, channels: [telephone(agent), telephone(customer)] }),
    },
  }
}

export function benchCalls(): BenchCall[] {
  const calls: BenchCall[] = []
  TUNING_TEXTS.forEach((t) =>
    TUNING_PAIRS.forEach((p, i) => calls.push(buildCall(`${t.name} ${i + 1}`, 'tuning', t.lines, p))),
  )
  HELD_OUT_TEXTS.forEach((t, i) => calls.push(buildCall(t.name, 'held-out', t.lines, HELD_OUT_PAIRS[i])))
  return calls
}

export type Solo = { voice: string; format: string; durationS: number; bytes: Uint8Array }

/** One voice saying SOLO_TEXT: espeak's default voice as it writes it (22.05 kHz) and each voice at 16 and 8 kHz. */
export function soloRecordings(): Solo[] {
  const voices = [espeak('en'), espeak('en-us+klatt'), flite('slt'), flite('awb'), flite('rms'), flite('kal')]
  const out: Solo[] = []
  for (const voice of voices) {
    const { sampleRate, samples } = synthesise(SOLO_TEXT, voice)
    const durationS = samples.length / sampleRate
    if (voice.label === 'espeak en') {
      out.push({
        voice: voice.label,
        format: `raw ${sampleRate / 1000} kHz`,
        durationS,
        bytes: writeWav({ sampleRate, channels: [samples] }),
      })
    }
    if (sampleRate === 8000) {
      out.push({
        voice: voice.label,
        format: 'native 8k',
        durationS,
        bytes: writeWav({ sampleRate, channels: [samples] }),
      })
      continue
    }
    const wide = resample(samples, sampleRate, 16000)
    out.push({ voice: voice.label, format: '16k', durationS, bytes: writeWav({ sampleRate: 16000, channels: [wide] }) })
    out.push({
      voice: voice.label,
      format: 'phone 8k',
      durationS,
      bytes: writeWav({ sampleRate: 8000, channels: [telephone(wide)] }),
    })
  }
  return out
}
