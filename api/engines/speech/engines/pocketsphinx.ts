import { access, writeFile } from 'node:fs/promises'
import { constants } from 'node:fs'
import path from 'node:path'
import { SAMPLE_RATE } from '../decode'
import { LEAD_IN_S, widenForModel } from '../narrowband'
import { runProgram, withTempDir } from '../run'
import type { EngineRun, Phrase, Word } from '../types'
import { encodeWav } from '../wav'
import { which } from './which'

/*
 * Debian's pocketsphinx (5prealpha): CMU Sphinx's continuous recogniser with the US English
 * acoustic model, language model and dictionary from pocketsphinx-en-us. Offline and small, far
 * less accurate than Whisper, but it is one apt-get away on every Debian machine.
 */

const PROGRAM = 'pocketsphinx_continuous'
const MODEL_DIR = process.env.POCKETSPHINX_MODEL_DIR || '/usr/share/pocketsphinx/model/en-us'
const model = {
  hmm: path.join(MODEL_DIR, 'en-us'),
  lm: path.join(MODEL_DIR, 'en-us.lm.bin'),
  dict: path.join(MODEL_DIR, 'cmudict-en-us.dict'),
}

/** A new phrase starts after this much silence between words, or where pocketsphinx ended an utterance. */
const PHRASE_PAUSE_S = 0.5

export type PocketsphinxStatus = { ok: true; program: string } | { ok: false; message: string }

export async function pocketsphinxStatus(): Promise<PocketsphinxStatus> {
  const program = await which(PROGRAM)
  if (!program) return { ok: false, message: `${PROGRAM} is not installed (apt-get install pocketsphinx)` }
  for (const file of Object.values(model)) {
    try {
      await access(file, constants.R_OK)
    } catch {
      return { ok: false, message: `the pocketsphinx model is missing: ${file} (apt-get install pocketsphinx-en-us)` }
    }
  }
  return { ok: true, program }
}

/** Only the US English model is packaged; English in any region is close enough to try. */
export const pocketsphinxSpeaks = (language: string) => /^en(\b|[-_])/i.test(language)

/** Noise, silence and sentence markers are not words: <s>, </s>, <sil>, [NOISE], ++UH++. */
const notAWord = (token: string) => /^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(token)

/**
 * Reads `-time yes` output: per utterance a hypothesis line, then one "word start end
 * probability" line per token, in seconds from the start of the file. Alternative pronunciations
 * come as "the(2)".
 */
export function parsePocketsphinx(stdout: string): Phrase[] {
  const phrases: Phrase[] = []
  let words: Word[] = []
  const close = () => {
    if (words.length) {
      phrases.push({
        start: words[0].start,
        end: words.at(-1)!.end,
        text: words.map((w) => w.text).join(' '),
        words,
      })
    }
    words = []
  }
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) \S+$/.exec(line.trim())
    if (!m) continue
    const [, token, start, end] = m
    if (token === '<s>') close()
    if (notAWord(token)) continue
    const word = { text: token.replace(/\(\d+\)$/, ''), start: Number(start), end: Number(end) }
    if (words.length && word.start - words.at(-1)!.end >= PHRASE_PAUSE_S) close()
    words.push(word)
  }
  close()
  return phrases
}

/**
 * pocketsphinx over one channel. `lm`: a language model of the words expected (an ARPA file from
 * domain-lm.ts, for questions about one knowledge base) in place of the packaged general one.
 */
export function pocketsphinxEngine(program: string, { lm = model.lm }: { lm?: string } = {}): EngineRun {
  return async (samples, { signal, narrowband }) => {
    const durationS = samples.length / SAMPLE_RATE
    return withTempDir(async (dir) => {
      const file = path.join(dir, 'channel.wav')
      await writeFile(file, encodeWav(narrowband ? widenForModel(samples) : samples, SAMPLE_RATE))
      const args = ['-infile', file, '-time', 'yes']
      args.push('-hmm', model.hmm, '-lm', lm, '-dict', model.dict, '-samprate', String(SAMPLE_RATE))
      // it runs at about half real time on one core; allow three times the audio's length
      const { code, stdout, stderr } = await runProgram(program, args, {
        timeoutMs: 60_000 + durationS * 3000,
        signal,
      })
      if (code !== 0) {
        const why = stderr.trim().split('\n').at(-1) || `exit code ${code}`
        throw new Error(`pocketsphinx failed: ${why}`)
      }
      const phrases = parsePocketsphinx(stdout)
      return narrowband ? shifted(phrases, -LEAD_IN_S, durationS) : phrases
    })
  }
}

/** Phrases with their times moved by `by` seconds and kept within [0, durationS]. */
function shifted(phrases: Phrase[], by: number, durationS: number): Phrase[] {
  const move = (t: number) => Math.round(Math.min(durationS, Math.max(0, t + by)) * 1000) / 1000
  return phrases.map((p) => ({
    ...p,
    start: move(p.start),
    end: move(p.end),
    words: p.words?.map((w) => ({ ...w, start: move(w.start), end: move(w.end) })),
  }))
}
