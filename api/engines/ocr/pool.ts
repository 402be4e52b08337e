import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { createWorker, PSM, type RecognizeOptions, type RecognizeResult, type Worker } from 'tesseract.js'

const require = createRequire(import.meta.url)
/** The npm-shipped English LSTM model: no CDN at run time (ARCHITECTURE §6). */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int')
/** Each worker holds ~100 MB of model and image; two keep a small node responsive. */
export const POOL_SIZE = Math.max(1, Math.min(2, os.availableParallelism() - 1))

const idle: Worker[] = []
const waiting: ((worker: Worker) => void)[] = []
let created = 0
let everyone: Promise<Worker>[] = []

async function acquire(): Promise<Worker> {
  const ready = idle.pop()
  if (ready) return ready
  if (created < POOL_SIZE) {
    created++
    const starting = createWorker('eng', 1, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true }).then(
      async (worker) => {
        // prepareImage scales pages to about 300 dpi; PNGs rarely say so, and Tesseract would guess.
        // Tesseract's library default (and so tesseract.js's) is one uniform block of text, which
        // reads two columns across both and drops a letterhead's large type; the CLI's automatic
        // page segmentation finds the blocks and columns and reads them in order.
        await worker.setParameters({ user_defined_dpi: '300', tessedit_pageseg_mode: PSM.AUTO })
        return worker
      },
    )
    everyone.push(starting)
    return starting.catch((error) => {
      created--
      throw error
    })
  }
  return new Promise((resolve) => waiting.push(resolve))
}

function release(worker: Worker) {
  const next = waiting.shift()
  if (next) next(worker)
  else idle.push(worker)
}

const PROBE_OPTIONS = { tessedit_pageseg_mode: PSM.SINGLE_BLOCK } as Partial<RecognizeOptions>

/** Recognitions so far, whole pages and orientation probes apart (tests and the bench count them). */
export const recognitions = { pages: 0, probes: 0 }

/**
 * One recognition on a pooled worker; at most POOL_SIZE run at once, the rest queue. A 'probe' is a
 * strip of a page read as one block, only for its confidence.
 */
export async function recognisePng(png: Buffer, kind: 'page' | 'probe' = 'page'): Promise<RecognizeResult['data']> {
  const worker = await acquire()
  try {
    recognitions[kind === 'page' ? 'pages' : 'probes']++
    // rotateAuto deskews small angles; blocks carry the words with their boxes and confidences.
    // A probe is one block; tesseract.js passes other options to Tesseract for this call only.
    const options = kind === 'page' ? { rotateAuto: true } : PROBE_OPTIONS
    const result = await worker.recognize(png, options, { text: true, blocks: true })
    return result.data
  } finally {
    release(worker)
  }
}

export async function closePool(): Promise<void> {
  const all = everyone
  everyone = []
  idle.length = 0
  created = 0
  await Promise.allSettled(all.map(async (w) => (await w).terminate()))
}
