import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseEnv } from '#api/env'
import { type BlobStore, localBlobStore } from '#api/lib/blob-store'
import { blobStoreFromEnv } from '#api/lib/blob-store-s3'
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from '#api/lib/test-s3'

let s3: TestS3
const folders: string[] = []
const folder = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `api-test-${name}-`))
  folders.push(dir)
  return dir
}

beforeAll(async () => {
  s3 = await startS3rver()
})
afterAll(async () => {
  await s3?.close()
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true })
})
afterEach(() => {
  vi.unstubAllEnvs()
})

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** A stream of `chunks` that fails after sending them: an upload cut off half-way. */
function brokenStream(chunks: Buffer[]) {
  return Readable.from(
    (async function* () {
      for (const chunk of chunks) yield chunk
      throw new Error('connection reset')
    })(),
  )
}

const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251))
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex')

// One set of behaviours, every store: what the routes and jobs rely on whichever is configured.
const stores: [string, () => BlobStore][] = [
  ['the local folder', () => localBlobStore(folder('blobs'))],
  ['S3 (s3rver)', () => s3.store()],
  ['S3 under a prefix', () => s3.store('tenant-a/files')],
]

describe.each(stores)('%s', (_name, make) => {
  let blobs: BlobStore
  let spool: string
  beforeAll(() => {
    blobs = make()
  })
  // the S3 store spools streams under os.tmpdir(): a folder of its own, to see it emptied
  const withSpool = () => {
    spool = folder('spool')
    vi.stubEnv('TMPDIR', spool)
  }

  it('stores a buffer and reads it back whole, with its size', async () => {
    expect(await blobs.put('uploads/2026-01/a.mp3', data)).toEqual({ size: 1000 })
    expect(await blobs.size('uploads/2026-01/a.mp3')).toBe(1000)
    expect((await bytesOf(blobs.read('uploads/2026-01/a.mp3'))).equals(data)).toBe(true)
  })

  it('stores a stream (3 MB in 64 KB chunks) and leaves no spooled copy behind', async () => {
    withSpool()
    const big = randomBytes(3 * 1024 * 1024)
    const chunks = Array.from({ length: big.length / 65_536 }, (_, i) => big.subarray(i * 65_536, (i + 1) * 65_536))
    expect(await blobs.put('uploads/2026-01/big.wav', Readable.from(chunks))).toEqual({ size: big.length })
    expect(await blobs.size('uploads/2026-01/big.wav')).toBe(big.length)
    expect(md5(await bytesOf(blobs.read('uploads/2026-01/big.wav')))).toBe(md5(big))
    expect(fs.readdirSync(spool)).toEqual([])
  })

  it('reads byte ranges, both ends included: the first bytes, the middle, the last byte', async () => {
    await blobs.put('uploads/2026-01/r.bin', data)
    const range = async (start: number, end: number) => bytesOf(blobs.read('uploads/2026-01/r.bin', { start, end }))
    expect((await range(0, 9)).equals(data.subarray(0, 10))).toBe(true)
    expect((await range(100, 199)).equals(data.subarray(100, 200))).toBe(true)
    expect((await range(999, 999)).equals(data.subarray(999))).toBe(true)
    // not bytes=0-0: s3rver 3.7 reads its end 0 as "no end" and sends everything (S3 itself does not)
  })

  it('replaces a blob written again under the same key', async () => {
    await blobs.put('uploads/2026-01/same.txt', Buffer.from('first version'))
    await blobs.put('uploads/2026-01/same.txt', Readable.from([Buffer.from('second')]))
    expect(await blobs.size('uploads/2026-01/same.txt')).toBe(6)
    expect(await text(blobs.read('uploads/2026-01/same.txt'))).toBe('second')
  })

  it('answers null for the size of a missing blob, and a read of it fails', async () => {
    expect(await blobs.size('uploads/2026-01/missing.mp3')).toBeNull()
    await expect(bytesOf(blobs.read('uploads/2026-01/missing.mp3'))).rejects.toThrow()
  })

  it('removes a blob; removing it again is not an error', async () => {
    await blobs.put('uploads/2026-01/gone.mp3', data)
    await blobs.remove('uploads/2026-01/gone.mp3')
    expect(await blobs.size('uploads/2026-01/gone.mp3')).toBeNull()
    await expect(blobs.remove('uploads/2026-01/gone.mp3')).resolves.toBeUndefined()
  })

  it('refuses keys that could leave its folder or are not plain names, in every method', async () => {
    for (const key of ['../escape', 'uploads/../../etc/passwd', '/absolute', 'a/./b', 'with space', 'a//b', '']) {
      await expect(blobs.put(key, data), key).rejects.toThrow(/Invalid blob key/)
      await expect(blobs.put(key, Readable.from([data])), key).rejects.toThrow(/Invalid blob key/)
      await expect(blobs.size(key), key).rejects.toThrow(/Invalid blob key/)
      await expect(blobs.remove(key), key).rejects.toThrow(/Invalid blob key/)
      expect(() => blobs.read(key), key).toThrow(/Invalid blob key/)
    }
  })

  it('keeps nothing of a stream that breaks off half-way, not even an older blob under that key', async () => {
    withSpool()
    await expect(blobs.put('uploads/2026-01/cut.wav', brokenStream([data, data]))).rejects.toThrow('connection reset')
    expect(await blobs.size('uploads/2026-01/cut.wav')).toBeNull()
    await blobs.put('uploads/2026-01/kept.wav', data)
    await expect(blobs.put('uploads/2026-01/kept.wav', brokenStream([data]))).rejects.toThrow('connection reset')
    expect((await bytesOf(blobs.read('uploads/2026-01/kept.wav'))).equals(data)).toBe(true)
    expect(fs.readdirSync(spool)).toEqual([])
  })
})

describe('S3 keys', () => {
  it('are stored under the prefix, so one bucket can hold several deployments', async () => {
    await s3.store('tenant-b/').put('recordings/x.mp3', data)
    expect(await s3.store().size('tenant-b/recordings/x.mp3')).toBe(1000)
    expect(await s3.store().size('recordings/x.mp3')).toBeNull()
  })
})

describe('blobStoreFromEnv', () => {
  const base = () => ({ DATA_DIR: folder('data'), JWT_SECRET: 'x'.repeat(40) })

  it('keeps files under DATA_DIR/blobs without S3_BUCKET', async () => {
    const source = base()
    const blobs = blobStoreFromEnv(parseEnv(source))
    await blobs.put('uploads/2026-01/local.txt', Buffer.from('on disk'))
    const file = path.join(source.DATA_DIR, 'blobs', 'uploads', '2026-01', 'local.txt')
    expect(fs.readFileSync(file, 'utf8')).toBe('on disk')
  })

  it("uses the bucket with S3_BUCKET, signing with the SDK's usual AWS_* keys", async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId)
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey)
    const source = { ...base(), S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_PREFIX: 'from-env' }
    const blobs = blobStoreFromEnv(parseEnv(source))
    await blobs.put('uploads/2026-01/remote.txt', Buffer.from('in the bucket'))
    expect(await text(s3.store().read('from-env/uploads/2026-01/remote.txt'))).toBe('in the bucket')
    expect(fs.existsSync(path.join(source.DATA_DIR, 'blobs'))).toBe(false)
  })

  it('fails, not falls back to the disk, when the bucket refuses the keys', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'WRONG')
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'WRONG')
    const blobs = blobStoreFromEnv(parseEnv({ ...base(), S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint }))
    await expect(blobs.put('uploads/2026-01/refused.txt', Buffer.from('no'))).rejects.toThrow()
  })
})
