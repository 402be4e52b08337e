// Speech engine figures on synthesised calls (bench/speech-material.ts): word error rate per
// format (16/8 kHz, mono/stereo), per voice pair and per single voice, real-time factor, and
// speaker-label accuracy per turn, for a tuning set and a held-out set (other texts, other voices),
// beside Debian's `pocketsphinx_continuous` run with its defaults on the same files.
//   npx tsx bench/speech.ts            (npm run bench:speech; --tuning or --held-out for one set)
// Engines: pocketsphinx when installed; whisper.cpp with WHISPER_MODEL_PATH (and whisper-cli on
// PATH or WHISPER_CPP_BIN); an OpenAI-compatible service with ASR_BASE_URL (ASR_API_KEY, ASR_MODEL).
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { availableEngine, transcribe, type SpeechEngineConfig, type SpeechSegment } from '../api/engines/speech'
import { decodeAudio } from '../api/engines/speech/decode'
import { parsePocketsphinx } from '../api/engines/speech/engines/pocketsphinx'
import { runProgram, withTempDir } from '../api/engines/speech/run'
import { writeWav } from '../api/engines/speech/test-audio'
import { wordErrors } from '../api/engines/speech/wer'
import { benchCalls, soloRecordings, SOLO_TEXT, type BenchCall } from './speech-material'

const env = process.env
const configs: { name: string; config: SpeechEngineConfig }[] = [{ name: 'pocketsphinx', config: {} }]
if (env.WHISPER_MODEL_PATH) configs.push({ name: 'whisper', config: { whisperModelPath: env.WHISPER_MODEL_PATH } })
if (env.ASR_BASE_URL) {
  configs.push({
    name: 'openai',
    config: { asrBaseUrl: env.ASR_BASE_URL, asrApiKey: env.ASR_API_KEY, asrModel: env.ASR_MODEL },
  })
}
const only = process.argv.includes('--tuning') ? 'tuning' : process.argv.includes('--held-out') ? 'held-out' : null

function table(rows: string[][]) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)))
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, c) => (cell ?? '').padEnd(widths[c])).join('  '))
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
  console.log()
}

const text = (segments: SpeechSegment[]) => segments.map((s) => s.text).join(' ')

/** Per reference turn, whether the segment covering its middle has its speaker. */
const labelsRight = (call: BenchCall, segments: SpeechSegment[]) =>
  call.turns.filter((turn) => {
    const middle = (turn.start + turn.end) / 2
    return segments.find((s) => s.start - 0.3 <= middle && middle <= s.end + 0.3)?.speaker === turn.speaker
  }).length

// decoding and resampling alone, on a ten-minute 44.1 kHz stereo WAV
{
  const long = Float32Array.from({ length: 44100 * 600 }, (_, i) => 0.3 * Math.sin(i / 9))
  const bytes = writeWav({ sampleRate: 44100, channels: [long, long.map((v) => -v)] })
  const start = performance.now()
  await decodeAudio(bytes)
  const seconds = (performance.now() - start) / 1000
  console.log(
    `decode + resample, 10 min 44.1 kHz stereo WAV: ${seconds.toFixed(2)} s (RTF ${(seconds / 600).toFixed(4)})\n`,
  )
}

const calls = benchCalls().filter((c) => !only || c.set === only)
for (const call of calls) {
  console.log(`${call.set} ${call.name}: ${call.voices}, ${call.turns.length} turns, ${call.durationS.toFixed(1)} s`)
}
console.log()

type Tally = { errors: number; words: number; seconds: number; audio: number; right: number; turns: number }
const tallies = new Map<string, Tally>()
const add = (key: string, t: Omit<Tally, 'right' | 'turns'> & Partial<Tally>) => {
  const sum = tallies.get(key) ?? { errors: 0, words: 0, seconds: 0, audio: 0, right: 0, turns: 0 }
  for (const k of Object.keys(sum) as (keyof Tally)[]) sum[k] += t[k] ?? 0
  tallies.set(key, sum)
}
const wer = (t: Tally) => (t.errors / t.words).toFixed(3)

// pocketsphinx_continuous as Debian ships it, given the file as it came: no option but the model
const sphinxModel = env.POCKETSPHINX_MODEL_DIR || '/usr/share/pocketsphinx/model/en-us'
async function sphinxDefaults(bytes: Uint8Array) {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'call.wav')
    await writeFile(file, bytes)
    const args = ['-infile', file, '-time', 'yes', '-hmm', path.join(sphinxModel, 'en-us')]
    args.push('-lm', path.join(sphinxModel, 'en-us.lm.bin'), '-dict', path.join(sphinxModel, 'cmudict-en-us.dict'))
    const { stdout } = await runProgram('pocketsphinx_continuous', args, { timeoutMs: 300_000 })
    return parsePocketsphinx(stdout)
      .map((p) => p.text)
      .join(' ')
  })
}

for (const { name, config } of configs) {
  const chosen = await availableEngine(config)
  if (chosen.name !== name) {
    console.log(`${name}: not available (${chosen.name === null ? chosen.message.slice(0, 80) : `got ${chosen.name}`})`)
    continue
  }
  const perCall: string[][] = [['set', 'call', 'format', 'time s', 'RTF', 'WER', 'labels right']]
  for (const call of calls) {
    for (const [format, bytes] of Object.entries(call.files)) {
      const start = performance.now()
      const result = await transcribe(bytes, { language: 'en', config })
      const seconds = (performance.now() - start) / 1000
      const { errors, words } = wordErrors(call.reference, text(result.segments))
      const right = labelsRight(call, result.segments)
      const t = { errors, words, seconds, audio: call.durationS, right, turns: call.turns.length }
      add(`${name}|${call.set}|${format}`, t)
      add(`${name}|${call.set}|pair ${call.voices}`, t)
      perCall.push([
        call.set,
        call.name,
        format,
        seconds.toFixed(1),
        (seconds / call.durationS).toFixed(3),
        (errors / words).toFixed(3),
        `${right}/${call.turns.length}`,
      ])
    }
    if (name === 'pocketsphinx') {
      for (const format of ['mono 16k', 'mono 8k', 'stereo 8k'] as const) {
        const start = performance.now()
        const hypothesis = await sphinxDefaults(call.files[format])
        const seconds = (performance.now() - start) / 1000
        const { errors, words } = wordErrors(call.reference, hypothesis)
        add(`pocketsphinx_continuous defaults|${call.set}|${format}`, { errors, words, seconds, audio: call.durationS })
      }
    }
  }
  table(perCall)
}

const summary: string[][] = [['engine', 'set', 'format / voices', 'WER', 'RTF', 'labels right']]
for (const [key, t] of tallies) {
  const [engine, set, what] = key.split('|')
  summary.push([engine, set, what, wer(t), (t.seconds / t.audio).toFixed(3), t.turns ? `${t.right}/${t.turns}` : ''])
}
table(summary)

// one voice reading one message: WER, and how many speakers the transcript claims
const solo: string[][] = [['voice', 'format', 'WER', 'speakers', 'transcript']]
for (const recording of soloRecordings()) {
  const result = await transcribe(recording.bytes, { language: 'en', config: {} })
  const said = text(result.segments)
  solo.push([
    recording.voice,
    recording.format,
    wordErrors(SOLO_TEXT, said).wer.toFixed(3),
    String(new Set(result.segments.map((s) => s.speaker)).size),
    said.slice(0, 70),
  ])
}
table(solo)
