// Speech engine figures: real-time factor (processing time / audio duration) and word error rate
// of every engine available here, on the synthesised bank call (espeak-ng, two voices, ~26 s) as
// a mono, a stereo and an 8 kHz telephone-band recording, plus the decoder and resampler alone.
//   npx tsx bench/speech.ts            (npm run bench:speech)
// Engines: pocketsphinx when installed; whisper.cpp with WHISPER_MODEL_PATH (and whisper-cli on
// PATH or WHISPER_CPP_BIN); an OpenAI-compatible service with ASR_BASE_URL (ASR_API_KEY, ASR_MODEL).
import { availableEngine, transcribe, type SpeechEngineConfig } from '../api/engines/speech'
import { decodeAudio } from '../api/engines/speech/decode'
import { conversation, telephone, writeWav } from '../api/engines/speech/test-audio'
import { wordErrors } from '../api/engines/speech/wer'

const env = process.env
const configs: { name: string; config: SpeechEngineConfig }[] = [{ name: 'pocketsphinx', config: {} }]
if (env.WHISPER_MODEL_PATH) configs.push({ name: 'whisper', config: { whisperModelPath: env.WHISPER_MODEL_PATH } })
if (env.ASR_BASE_URL) {
  configs.push({
    name: 'openai',
    config: { asrBaseUrl: env.ASR_BASE_URL, asrApiKey: env.ASR_API_KEY, asrModel: env.ASR_MODEL },
  })
}

const call = conversation()
const duration = call.mono.length / 16000
const recordings = [
  { name: 'mono 16 kHz', bytes: writeWav({ sampleRate: 16000, channels: [call.mono] }) },
  { name: 'stereo 16 kHz', bytes: writeWav({ sampleRate: 16000, channels: [call.agent, call.customer] }) },
  { name: 'mono 8 kHz phone', bytes: writeWav({ sampleRate: 8000, channels: [telephone(call.mono)] }) },
]
console.log(
  `Synthesised call: ${call.turns.length} turns, ${call.reference.all.split(' ').length} words, ${duration.toFixed(1)} s\n`,
)

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

const rows: string[][] = [['engine', 'recording', 'time s', 'RTF', 'WER', 'speakers right']]
for (const { name, config } of configs) {
  const chosen = await availableEngine(config)
  if (chosen.name !== name) {
    rows.push([
      name,
      '(not available)',
      '',
      '',
      '',
      chosen.name === null ? chosen.message.slice(0, 60) : `got ${chosen.name}`,
    ])
    continue
  }
  for (const recording of recordings) {
    const start = performance.now()
    const result = await transcribe(recording.bytes, { language: 'en', config })
    const seconds = (performance.now() - start) / 1000
    const { wer } = wordErrors(call.reference.all, result.segments.map((s) => s.text).join(' '))
    const right = call.turns.filter((turn) => {
      const middle = (turn.start + turn.end) / 2
      return result.segments.find((s) => s.start - 0.3 <= middle && middle <= s.end + 0.3)?.speaker === turn.speaker
    }).length
    rows.push([
      result.engine,
      recording.name,
      seconds.toFixed(2),
      (seconds / duration).toFixed(3),
      wer.toFixed(3),
      `${right}/${call.turns.length}`,
    ])
  }
}

const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)))
for (const [i, row] of rows.entries()) {
  console.log(row.map((cell, c) => cell.padEnd(widths[c])).join('  '))
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
}
