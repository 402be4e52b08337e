import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAiEngine, pieceBounds, toPhrases } from './engines/openai'
import { parsePocketsphinx, pocketsphinxSpeaks } from './engines/pocketsphinx'
import { parseWhisperJson, whisperEngine, whisperStatus } from './engines/whisper'
import { availableEngine } from './index'
import { fakeWhisperCli, transcriptionServer } from './test-servers'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'speech-engines-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const GGML = Buffer.from([0x6c, 0x6d, 0x67, 0x67, 0, 0, 0, 0])
const tone = (seconds: number) =>
  Float32Array.from({ length: seconds * 16000 }, (_, i) => 0.2 * Math.sin((2 * Math.PI * 220 * i) / 16000))

describe('pocketsphinx output', () => {
  const stdout = [
    'thank you for calling',
    '<s> 0.000 0.020 1.000000',
    'thank 0.030 0.370 0.117414',
    'you 0.380 0.530 0.673178',
    '<sil> 0.540 0.700 1.000000',
    'for 0.710 0.740 0.237220',
    'calling(2) 0.750 1.120 0.184927',
    '</s> 1.130 1.540 1.000000',
    'the minute',
    '<s> 2.890 3.000 1.000100',
    '[NOISE] 3.010 3.200 1.0',
    'the(2) 3.210 3.380 0.405147',
    'minute 4.100 4.540 0.949513',
    '</s> 4.550 4.600 1.000000',
  ].join('\n')

  it('reads word times, drops markers and noise, strips pronunciation variants, splits at utterances and pauses', () => {
    const phrases = parsePocketsphinx(stdout)
    expect(phrases.map((p) => [p.start, p.end, p.text])).toEqual([
      [0.03, 1.12, 'thank you for calling'],
      [3.21, 3.38, 'the'],
      [4.1, 4.54, 'minute'],
    ])
    expect(phrases[0].words?.map((w) => w.text)).toEqual(['thank', 'you', 'for', 'calling'])
  })

  it('speaks English only, in any region', () => {
    expect(['en', 'en-GB', 'en_US', 'EN'].every(pocketsphinxSpeaks)).toBe(true)
    expect(['fr', 'de-DE', 'eng', ''].some(pocketsphinxSpeaks)).toBe(false)
  })
})

describe('the OpenAI-compatible engine', () => {
  it('maps verbose_json segments (with their words) to phrases, offset into the recording', () => {
    const phrases = toPhrases(
      {
        text: 'Hello there. Fine.',
        segments: [
          { start: 0, end: 1.2, text: ' Hello there.' },
          { start: 1.5, end: 2, text: ' Fine.' },
        ],
        words: [
          { word: 'Hello', start: 0, end: 0.5 },
          { word: 'there', start: 0.6, end: 1.2 },
          { word: 'Fine', start: 1.5, end: 2 },
        ],
      },
      600,
    )
    expect(phrases).toEqual([
      {
        start: 600,
        end: 601.2,
        text: 'Hello there.',
        words: [
          { text: 'Hello', start: 600, end: 600.5 },
          { text: 'there', start: 600.6, end: 601.2 },
        ],
      },
      { start: 601.5, end: 602, text: 'Fine.', words: [{ text: 'Fine', start: 601.5, end: 602 }] },
    ])
  })

  it('cuts audio longer than ten minutes at a quiet moment, each piece at most ten minutes', () => {
    const samples = new Float32Array(16000 * 25 * 60).fill(0.1)
    samples.fill(0, 16000 * 595, 16000 * 595.2) // a pause 5 s before the first ten-minute mark
    const bounds = pieceBounds(samples)
    expect(bounds[0]).toBe(0)
    expect(bounds[1] / 16000).toBeCloseTo(595.1, 0)
    expect(bounds.at(-1)).toBe(samples.length)
    for (let i = 1; i < bounds.length; i++) expect(bounds[i] - bounds[i - 1]).toBeLessThanOrEqual(600 * 16000)
  })

  it('sends 16 kHz mono WAV with the key, model and language, and asks for verbose_json', async () => {
    const server = await transcriptionServer(() => ({
      status: 200,
      body: {
        text: 'hello',
        language: 'english',
        duration: 2,
        segments: [{ id: 0, start: 0.2, end: 1.4, text: ' hello' }],
      },
    }))
    try {
      const run = openAiEngine({ baseUrl: server.baseUrl, apiKey: 'sk-test', model: 'whisper-large-v3' })
      const phrases = await run(tone(2), { language: 'en-GB' })
      expect(phrases).toEqual([{ start: 0.2, end: 1.4, text: 'hello' }])
      expect(server.received).toEqual([
        {
          auth: 'Bearer sk-test',
          model: 'whisper-large-v3',
          language: 'en',
          format: 'verbose_json',
          rate: 16000,
          channels: 1,
          seconds: 2,
        },
      ])
    } finally {
      await server.close()
    }
  })

  it('fails on a service error, and on an answer that is not verbose_json', async () => {
    const server = await transcriptionServer(({ model }) =>
      model === 'broken'
        ? { status: 500, body: { error: { message: 'out of memory' } } }
        : { status: 200, body: { id: 1 } },
    )
    try {
      await expect(
        openAiEngine({ baseUrl: server.baseUrl, apiKey: 'k', model: 'broken' })(tone(1), { language: 'en' }),
      ).rejects.toThrow(/500/)
      await expect(
        openAiEngine({ baseUrl: server.baseUrl, apiKey: 'k', model: 'odd' })(tone(1), { language: 'en' }),
      ).rejects.toThrow()
    } finally {
      await server.close()
    }
  })
})

describe('the whisper.cpp engine', () => {
  it('reads whisper-cli JSON, drops [BLANK_AUDIO] and keeps ends within the audio', () => {
    const json = JSON.stringify({
      transcription: [
        { offsets: { from: 0, to: 1500 }, text: ' Hello.' },
        { offsets: { from: 1500, to: 2000 }, text: ' [BLANK_AUDIO]' },
        { offsets: { from: 2000, to: 30000 }, text: ' Bye.' },
      ],
    })
    expect(parseWhisperJson(json, 4.2)).toEqual([
      { start: 0, end: 1.5, text: 'Hello.' },
      { start: 2, end: 4.2, text: 'Bye.' },
    ])
  })

  it('says what is missing: the model file, a ggml model, the program', async () => {
    const notModel = path.join(dir, 'not-a-model.bin')
    const model = path.join(dir, 'ggml-test.bin')
    await writeFile(notModel, 'MZ')
    await writeFile(model, GGML)
    expect(await whisperStatus(path.join(dir, 'missing.bin'))).toMatchObject({
      ok: false,
      message: /not a readable file/,
    })
    expect(await whisperStatus(notModel)).toMatchObject({ ok: false, message: /not a whisper.cpp ggml model/ })
    expect(await whisperStatus(model, 'no-such-whisper-program')).toMatchObject({
      ok: false,
      message: /WHISPER_CPP_BIN/,
    })
    const program = await fakeWhisperCli(dir)
    expect(await whisperStatus(model, program)).toEqual({ ok: true, program })
  })

  it('runs the program with the model, a 16 kHz WAV, the language and JSON output, and reads its transcript', async () => {
    const model = path.join(dir, 'ggml-base.en.bin')
    await writeFile(model, GGML)
    const program = await fakeWhisperCli(dir)
    const phrases = await whisperEngine(program, model)(tone(3), { language: 'en-US' })
    expect(phrases).toEqual([
      { start: 0, end: 1.5, text: 'Thank you for calling.' },
      { start: 2, end: 3, text: 'How can I help? (3000 ms)' },
    ])
    const args: string[] = JSON.parse(await readFile(path.join(dir, 'args.json'), 'utf8'))
    expect(args.slice(0, 2)).toEqual(['-m', model])
    expect(args).toEqual(expect.arrayContaining(['-l', 'en', '-oj', '-np']))
  })

  it('reports the program’s own last words when it fails', async () => {
    const model = path.join(dir, 'ggml-base.en.bin')
    await writeFile(model, GGML)
    const program = await fakeWhisperCli(dir, { fail: true })
    await expect(whisperEngine(program, model)(tone(1), { language: 'en' })).rejects.toThrow(/failed to load model/)
  })
})

describe('choosing an engine', () => {
  it('prefers whisper, then the remote service, then pocketsphinx', async () => {
    const model = path.join(dir, 'ggml-pick.bin')
    await writeFile(model, GGML)
    const whisperCppBin = await fakeWhisperCli(dir)
    const asrBaseUrl = 'http://127.0.0.1:9/v1'
    expect(await availableEngine({ whisperModelPath: model, whisperCppBin, asrBaseUrl })).toMatchObject({
      name: 'whisper',
      label: 'whisper.cpp (ggml-pick.bin)',
      fallback: 'pocketsphinx',
    })
    expect(await availableEngine({ asrBaseUrl, asrModel: 'large-v3' })).toMatchObject({
      name: 'openai',
      label: 'large-v3 at 127.0.0.1:9',
    })
    expect(await availableEngine({})).toMatchObject({ name: 'pocketsphinx', fallback: null })
  })

  it('skips a misconfigured whisper and says why', async () => {
    const chosen = await availableEngine({ whisperModelPath: path.join(dir, 'nope.bin') })
    expect(chosen).toMatchObject({
      name: 'pocketsphinx',
      problems: [expect.stringMatching(/nope.bin is not a readable file/)],
    })
  })

  it('ignores an ASR_BASE_URL that is not a URL, and says so', async () => {
    expect(await availableEngine({ asrBaseUrl: 'not a url' })).toMatchObject({
      name: 'pocketsphinx',
      problems: ['ASR_BASE_URL not a url is not a URL'],
    })
  })

  it('rules out pocketsphinx for a language it has no model for', async () => {
    const chosen = await availableEngine({}, { language: 'fr' })
    expect(chosen.name).toBeNull()
    if (chosen.name === null) expect(chosen.message).toMatch(/only an English model, not "fr"/)
  })

  it('says how to enable an engine when none is installed or configured', async () => {
    const saved = process.env.PATH
    process.env.PATH = dir // pocketsphinx is not in there
    try {
      const chosen = await availableEngine({})
      expect(chosen.name).toBeNull()
      if (chosen.name === null) {
        expect(chosen.message).toMatch(/npm run models:whisper/)
        expect(chosen.message).toMatch(/WHISPER_MODEL_PATH/)
        expect(chosen.message).toMatch(/ASR_BASE_URL/)
        expect(chosen.message).toMatch(/apt-get install pocketsphinx pocketsphinx-en-us/)
      }
    } finally {
      process.env.PATH = saved
    }
  })
})
