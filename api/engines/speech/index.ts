import { decodeAudio } from './decode'
import { diariseMono, labelByChannel } from './diarise'
import { openAiEngine } from './engines/openai'
import { pocketsphinxEngine, pocketsphinxSpeaks, pocketsphinxStatus } from './engines/pocketsphinx'
import { whisperEngine, whisperStatus } from './engines/whisper'
import { abortError, SpeechError } from './errors'
import { isNarrowband } from './narrowband'
import type { EngineName, EngineRun, Phrase, SpeechEngineConfig, SpeechSegment } from './types'

export { ACCEPTED_AUDIO, sniffAudio } from './sniff'
export { decodeAudio, MAX_SECONDS, SAMPLE_RATE } from './decode'
export { headerDuration, tooLongMessage } from './duration'
export { SpeechError, type SpeechErrorCode } from './errors'
export type { Speaker, SpeechSegment, SpeechEngineConfig, EngineName } from './types'

export type AvailableEngine =
  | {
      name: EngineName
      /** What runs, for logs and the job's record, e.g. "whisper.cpp (ggml-base.en.bin)". */
      label: string
      /** pocketsphinx when it is installed and the chosen engine is another one. */
      fallback: 'pocketsphinx' | null
      /** Engines that were configured but cannot run, and why. */
      problems: string[]
      run: EngineRun
    }
  | { name: null; message: string }

/** URL.parse is Node 22; this is the Node 20 way. */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined
  } catch {
    return undefined
  }
}

const HOW_TO_ENABLE =
  'No speech recognition engine is available. Enable one: run `npm run models:whisper` and set ' +
  'WHISPER_MODEL_PATH to the model it downloads; or set ASR_BASE_URL to an OpenAI-compatible ' +
  'transcription service; or install pocketsphinx (`apt-get install pocketsphinx pocketsphinx-en-us`).'

/**
 * Which engine would run, given the config and what is installed: whisper.cpp when a model is
 * configured, else the remote service, else pocketsphinx (ARCHITECTURE §6); or null with the
 * message that says how to enable one. `language` rules out pocketsphinx for languages other than
 * English, the only model Debian packages.
 */
export async function availableEngine(
  config: SpeechEngineConfig,
  {
    language = 'en',
    lm,
  }: { language?: string; /** pocketsphinx's language model, when not its general one */ lm?: string } = {},
): Promise<AvailableEngine> {
  const problems: string[] = []
  const sphinx = await pocketsphinxStatus()
  const sphinxUsable = sphinx.ok && pocketsphinxSpeaks(language)
  if (sphinx.ok && !sphinxUsable) problems.push(`pocketsphinx has only an English model, not "${language}"`)
  const fallback = sphinxUsable ? 'pocketsphinx' : null

  if (config.whisperModelPath) {
    const status = await whisperStatus(config.whisperModelPath, config.whisperCppBin)
    if (status.ok) {
      const file = config.whisperModelPath.split(/[\\/]/).at(-1)
      return {
        name: 'whisper',
        label: `whisper.cpp (${file})`,
        fallback,
        problems,
        run: whisperEngine(status.program, config.whisperModelPath),
      }
    }
    problems.push(status.message)
  }
  const asrHost = config.asrBaseUrl ? hostOf(config.asrBaseUrl) : undefined
  if (config.asrBaseUrl && !asrHost) problems.push(`ASR_BASE_URL ${config.asrBaseUrl} is not a URL`)
  if (config.asrBaseUrl && asrHost) {
    const model = config.asrModel || 'whisper-1'
    return {
      name: 'openai',
      label: `${model} at ${asrHost}`,
      fallback,
      problems,
      run: openAiEngine({ baseUrl: config.asrBaseUrl, apiKey: config.asrApiKey, model: config.asrModel }),
    }
  }
  if (sphinx.ok && sphinxUsable) {
    return {
      name: 'pocketsphinx',
      label: lm ? 'pocketsphinx (en-us, the knowledge base’s words)' : 'pocketsphinx (en-us)',
      fallback: null,
      problems,
      run: pocketsphinxEngine(sphinx.program, { lm }),
    }
  }
  if (!sphinx.ok) problems.push(sphinx.message)
  return { name: null, message: [HOW_TO_ENABLE, ...problems.map((p) => `(${p}.)`)].join(' ') }
}

export type Transcript = {
  engine: string
  durationS: number
  channels: number
  segments: SpeechSegment[]
  /** Set when the configured engine failed and pocketsphinx stood in. */
  fellBackFrom?: { engine: EngineName; reason: string }
  /** How speakers were told apart: voice pitch, alternating turns, one voice only, or channels. */
  diarisation?: 'pitch' | 'turns' | 'one voice' | 'channels'
}

const describe = (e: unknown) => (e instanceof Error ? e.message : String(e))

/**
 * The whole pipeline: decode, recognise (each channel apart when the recording is stereo),
 * label the speakers (stereo: channel 0 is the agent, 1 the customer; mono: see diarise.ts) and
 * return segments sorted by start. A configured whisper or remote engine that fails falls back
 * to pocketsphinx when it is installed.
 */
export async function transcribe(
  bytes: Uint8Array,
  { language, config, signal }: { language: string; config: SpeechEngineConfig; signal?: AbortSignal },
): Promise<Transcript> {
  const audio = await decodeAudio(bytes, { signal })
  const narrowband = isNarrowband(audio.sourceRate)
  const engine = await availableEngine(config, { language })
  if (!engine.name) throw new SpeechError('no_engine', engine.message)

  // pocketsphinx uses one core, so the two channels of a stereo call run side by side; whisper
  // uses every core and a remote service its own, so for them one channel follows the other
  const recognise = async (run: EngineRun, parallel: boolean) => {
    if (!parallel) {
      const out: Phrase[][] = []
      for (const c of audio.channels) out.push(await run(c, { language, signal, narrowband }))
      return out
    }
    // when one channel fails, stop the other rather than let it run on for nothing
    const both = new AbortController()
    const stop = () => both.abort(signal?.reason)
    signal?.addEventListener('abort', stop, { once: true })
    try {
      return await Promise.all(
        audio.channels.map((c) =>
          run(c, { language, signal: both.signal, narrowband }).catch((e: unknown) => {
            both.abort(e)
            throw e
          }),
        ),
      )
    } finally {
      signal?.removeEventListener('abort', stop)
    }
  }

  let used: string = engine.name
  let fellBackFrom: Transcript['fellBackFrom']
  let perChannel: Phrase[][]
  try {
    perChannel = await recognise(engine.run, engine.name === 'pocketsphinx')
  } catch (e) {
    if (signal?.aborted) throw abortError(signal)
    if (!engine.fallback) {
      throw new SpeechError('engine_failed', `Speech recognition (${engine.label}) failed: ${describe(e)}`, {
        cause: e,
      })
    }
    const sphinx = await pocketsphinxStatus()
    if (!sphinx.ok) throw new SpeechError('engine_failed', `${engine.label} failed: ${describe(e)}`, { cause: e })
    fellBackFrom = { engine: engine.name, reason: describe(e) }
    used = 'pocketsphinx'
    try {
      perChannel = await recognise(pocketsphinxEngine(sphinx.program), true)
    } catch (e2) {
      if (signal?.aborted) throw abortError(signal)
      throw new SpeechError(
        'engine_failed',
        `Speech recognition failed: ${engine.label}: ${describe(e)}; pocketsphinx: ${describe(e2)}`,
        { cause: e2 },
      )
    }
  }

  const stereo = audio.channels.length === 2
  const diarised = stereo ? null : diariseMono(perChannel[0], audio.mono)
  return {
    engine: used,
    durationS: audio.durationS,
    channels: audio.channels.length,
    segments: diarised ? diarised.segments : labelByChannel(perChannel),
    ...(fellBackFrom ? { fellBackFrom } : {}),
    diarisation: diarised ? diarised.method : 'channels',
  }
}
