// Downloads a whisper.cpp ggml model into models/ (gitignored), for the whisper engine
// (ARCHITECTURE §6). Run by hand where there is internet; nothing else in the project downloads.
//   npm run models:whisper                      base.en, 148 MB
//   npm run models:whisper -- --model small.en  any name from the list below
// Then set WHISPER_MODEL_PATH to the file it prints, and install whisper.cpp's whisper-cli.
import { createHash } from 'node:crypto'
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'

// SHA-1 sums published by whisper.cpp (models/README.md of ggerganov/whisper.cpp)
const MODELS = {
  'tiny.en': 'c78c86eb1a8faa21b369bcd33207cc90d64ae9df',
  tiny: 'bd577a113a864445d4c299885e0cb97d4ba92b5f',
  'base.en': '137c40403d78fd54d454da0f9bd998f78703390c',
  base: '465707469ff3a37a2b9b8d8f89f2f99de7299dac',
  'small.en': 'db8a495a91d927739e50b3fc1cc4c6b8f6c2d022',
  small: '55356645c2b361a969dfd0ef2c5a50d530afd8d5',
  'medium.en': '8c30f0e44ce9560643ebd10bbe50cd20eafd3723',
  medium: 'fd9727b6e1217c2f614f9b698455c4ffd82463b4',
  'large-v3': 'ad82bf6a9043ceed055076d0fd39f5f186ff8062',
  'large-v3-turbo': '4af2b29d7ec73d781377bfd1758ca957a807e941',
}
const BASE_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main'

const args = process.argv.slice(2)
const at = args.indexOf('--model')
const name = at >= 0 ? args[at + 1] : 'base.en'
if (!name || !(name in MODELS)) {
  console.error(`Unknown model "${name ?? ''}". Choose one of: ${Object.keys(MODELS).join(', ')}`)
  process.exit(2)
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dir = path.join(root, 'models')
const file = path.join(dir, `ggml-${name}.bin`)
const done = () => {
  console.log(`\nModel ready: ${file}\nset WHISPER_MODEL_PATH=${file}`)
  console.log('(the whisper engine also needs whisper.cpp: whisper-cli on PATH, or WHISPER_CPP_BIN)')
}

mkdirSync(dir, { recursive: true })
if (existsSync(file)) {
  console.log(`${path.relative(root, file)} is already there (${(statSync(file).size / 1e6).toFixed(0)} MB).`)
  done()
  process.exit(0)
}

const url = `${BASE_URL}/ggml-${name}.bin`
console.log(`Downloading ${url}`)
const response = await fetch(url)
if (!response.ok || !response.body) {
  console.error(`Download failed: HTTP ${response.status} ${response.statusText}`)
  process.exit(1)
}
const total = Number(response.headers.get('content-length')) || 0
const hash = createHash('sha1')
let received = 0
let shown = -1
const progress = new Transform({
  transform(chunk, _encoding, callback) {
    hash.update(chunk)
    received += chunk.length
    const percent = total ? Math.floor((received / total) * 100) : -1
    if (percent !== shown && process.stdout.isTTY) {
      shown = percent
      const mb = (received / 1e6).toFixed(0)
      process.stdout.write(`\r  ${mb} MB${total ? ` of ${(total / 1e6).toFixed(0)} MB (${percent}%)` : ''}   `)
    }
    callback(null, chunk)
  },
})

const partial = `${file}.part`
try {
  await pipeline(Readable.fromWeb(response.body), progress, createWriteStream(partial))
} catch (error) {
  rmSync(partial, { force: true })
  console.error(`\nDownload failed: ${error.message}`)
  process.exit(1)
}
const sha1 = hash.digest('hex')
if (sha1 !== MODELS[name]) {
  rmSync(partial, { force: true })
  console.error(`\nChecksum mismatch for ggml-${name}.bin: got ${sha1}, expected ${MODELS[name]}. Removed it.`)
  process.exit(1)
}
renameSync(partial, file)
console.log(`\n  ${(received / 1e6).toFixed(0)} MB, SHA-1 ${sha1} verified`)
done()
