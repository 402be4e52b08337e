import { chmod, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { readWav } from './test-audio'

/*
 * Stand-ins for the optional engines, for tests on machines that have neither a whisper.cpp
 * build nor a transcription service: a local OpenAI-compatible HTTP server and a whisper-cli
 * look-alike program. Both check what our engine sends (auth, WAV at 16 kHz mono, arguments) the
 * way the real ones would refuse it, and answer in the real formats.
 */

export type Received = {
  auth: string | null
  model: string
  language: string
  format: string
  rate: number
  channels: number
  seconds: number
}

type Handler = (received: Received) => { status: number; body: unknown }

/** An OpenAI-compatible /v1/audio/transcriptions on 127.0.0.1; 401 without a bearer token. */
export async function transcriptionServer(handler: Handler) {
  const received: Received[] = []
  const server = createServer((req, res) => {
    void (async (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      const auth = req.headers.authorization ?? null
      if (!auth?.startsWith('Bearer ')) return send(401, { error: { message: 'missing API key' } })
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions')
        return send(404, { error: { message: 'no such route' } })
      const form = await new Request('http://local/', {
        method: 'POST',
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      }).formData()
      const file = form.get('file') as File
      const wav = readWav(new Uint8Array(await file.arrayBuffer()))
      const got: Received = {
        auth,
        model: String(form.get('model')),
        language: String(form.get('language')),
        format: String(form.get('response_format')),
        rate: wav.sampleRate,
        channels: wav.channels.length,
        seconds: wav.channels[0].length / wav.sampleRate,
      }
      received.push(got)
      const { status, body } = handler(got)
      send(status, body)
    })(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * A program that takes whisper-cli's arguments and writes a transcript where `-oj -of PREFIX`
 * says, or fails like whisper-cli does on a bad model. It logs its arguments to `args.json`.
 */
export async function fakeWhisperCli(dir: string, { fail = false } = {}): Promise<string> {
  const file = path.join(dir, fail ? 'whisper-cli-failing' : 'whisper-cli')
  const script = `#!${process.execPath}
const fs = require('node:fs')
const args = process.argv.slice(2)
const value = (flag) => args[args.indexOf(flag) + 1]
fs.writeFileSync(${JSON.stringify(path.join(dir, 'args.json'))}, JSON.stringify(args))
if (${fail}) { console.error('whisper_init_from_file_with_params_no_state: failed to load model'); process.exit(1) }
const wav = fs.readFileSync(value('-f'))
if (wav.toString('latin1', 0, 4) !== 'RIFF' || wav.readUInt32LE(24) !== 16000 || wav.readUInt16LE(22) !== 1) {
  console.error('error: input is not 16 kHz mono WAV'); process.exit(2)
}
const ms = Math.round(((wav.length - 44) / 2 / 16000) * 1000)
fs.writeFileSync(value('-of') + '.json', JSON.stringify({
  result: { language: value('-l') },
  transcription: [
    { timestamps: { from: '00:00:00,000', to: '00:00:01,500' }, offsets: { from: 0, to: 1500 }, text: ' Thank you for calling.' },
    { timestamps: { from: '00:00:01,500', to: '00:00:02,000' }, offsets: { from: 1500, to: 2000 }, text: ' [BLANK_AUDIO]' },
    { timestamps: { from: '00:00:02,000', to: '00:00:30,000' }, offsets: { from: 2000, to: 30000 }, text: ' How can I help? (' + ms + ' ms)' },
  ],
}))
`
  await writeFile(file, script)
  await chmod(file, 0o755)
  return file
}
