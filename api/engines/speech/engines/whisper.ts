import { open, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { SAMPLE_RATE } from '../decode'
import { runProgram, withTempDir } from '../run'
import type { EngineRun, Phrase } from '../types'
import { encodeWav } from '../wav'
import { which } from './which'

/*
 * whisper.cpp through its command-line program (`whisper-cli`, called `main` before 1.7), with
 * a ggml model from WHISPER_MODEL_PATH. An npm binding was tried first: @fugood/whisper.node
 * installs cleanly (prebuilt, nothing downloaded), but under Node 20 its transcription promise
 * never settled, even through its own wrapper and with whisper.cpp's empty test model; a program
 * we spawn, time out and kill is the dependable way. The program comes from WHISPER_CPP_BIN, or
 * `whisper-cli` / `whisper-cpp` on PATH (Homebrew and most distributions ship one of these).
 */

const PROGRAMS = ['whisper-cli', 'whisper-cpp']
const GGML_MAGIC = 0x67676d6c

export async function whisperProgram(configured = process.env.WHISPER_CPP_BIN): Promise<string | null> {
  if (configured) return configured.includes(path.sep) ? configured : which(configured)
  for (const name of PROGRAMS) {
    const found = await which(name)
    if (found) return found
  }
  return null
}

export type WhisperStatus = { ok: true; program: string } | { ok: false; message: string }

export async function whisperStatus(modelPath: string, programSetting?: string): Promise<WhisperStatus> {
  let magic: number
  try {
    const file = await open(modelPath, 'r')
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0)
      magic = bytesRead === 4 ? buffer.readUInt32LE(0) : 0
    } finally {
      await file.close()
    }
  } catch {
    return { ok: false, message: `WHISPER_MODEL_PATH ${modelPath} is not a readable file (npm run models:whisper)` }
  }
  if (magic !== GGML_MAGIC) {
    return { ok: false, message: `WHISPER_MODEL_PATH ${modelPath} is not a whisper.cpp ggml model` }
  }
  const program = await whisperProgram(programSetting)
  if (!program) {
    return {
      ok: false,
      message: 'whisper.cpp is not installed: put whisper-cli on PATH or set WHISPER_CPP_BIN to it',
    }
  }
  return { ok: true, program }
}

const output = z.object({
  transcription: z.array(z.object({ offsets: z.object({ from: z.number(), to: z.number() }), text: z.string() })),
})

/** Reads whisper.cpp's `-oj` JSON: segments with offsets in milliseconds. */
export function parseWhisperJson(json: string, durationS = Infinity): Phrase[] {
  return output
    .parse(JSON.parse(json))
    .transcription.map((s) => ({
      start: s.offsets.from / 1000,
      // whisper's last timestamp can run past the audio, up to the end of its 30 s window
      end: Math.min(s.offsets.to / 1000, durationS),
      text: s.text.trim(),
    }))
    .filter((p) => p.text && !/^\[.*\]$|^\(.*\)$/.test(p.text)) // [BLANK_AUDIO], (music)
}

/** Whisper's language codes are ISO 639-1: "en-GB" is "en". */
const whisperLanguage = (language: string) => language.split(/[-_]/)[0].toLowerCase() || 'auto'

export function whisperEngine(program: string, modelPath: string): EngineRun {
  return async (samples, { language, signal }) => {
    const durationS = samples.length / SAMPLE_RATE
    return withTempDir(async (dir) => {
      const input = path.join(dir, 'channel.wav')
      const prefix = path.join(dir, 'transcript')
      await writeFile(input, encodeWav(samples, SAMPLE_RATE))
      const threads = String(Math.max(1, Math.min(8, os.availableParallelism())))
      const args = ['-m', modelPath, '-f', input, '-l', whisperLanguage(language), '-t', threads]
      args.push('-oj', '-of', prefix, '-np')
      // base.en runs several times faster than real time on a laptop CPU; large models do not
      const { code, stderr } = await runProgram(program, args, { timeoutMs: 120_000 + durationS * 5000, signal })
      if (code !== 0) {
        const why = stderr.trim().split('\n').at(-1) || `exit code ${code}`
        throw new Error(`whisper.cpp failed: ${why}`)
      }
      return parseWhisperJson(await readFile(`${prefix}.json`, 'utf8'), durationS)
    })
  }
}
