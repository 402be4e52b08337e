import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'

/** Where uploaded and seeded files live (ARCHITECTURE §7). Keys are generated, never the client's name. */
export type BlobStore = {
  put(key: string, data: Buffer | Readable): Promise<{ size: number }>
  size(key: string): Promise<number | null>
  /** The bytes from `start` to `end` inclusive (the whole blob without a range). */
  read(key: string, range?: { start: number; end: number }): Readable
  remove(key: string): Promise<void>
}

export function newBlobKey(prefix: string, extension: string) {
  const month = new Date().toISOString().slice(0, 7)
  return `${prefix}/${month}/${randomUUID()}${extension}`
}

const safeKey = /^[a-z0-9_-]+(\/[a-z0-9_.-]+)*$/i

/** Whether `key` is a relative path of plain names that cannot leave the store's root (every store's rule). */
export const isBlobKey = (key: string) =>
  safeKey.test(key) && !key.split('/').some((part) => part === '..' || part === '.')

export function checkBlobKey(key: string): string {
  if (!isBlobKey(key)) throw new Error(`Invalid blob key: ${key}`)
  return key
}

/** Files under one folder (DATA_DIR/blobs by default). */
export function localBlobStore(root: string): BlobStore {
  const resolve = (key: string) => path.join(root, checkBlobKey(key))
  return {
    async put(key, data) {
      const file = resolve(key)
      await fs.promises.mkdir(path.dirname(file), { recursive: true })
      const tmp = `${file}.${process.pid}.tmp`
      try {
        if (Buffer.isBuffer(data)) await fs.promises.writeFile(tmp, data)
        else await pipeline(data, fs.createWriteStream(tmp))
        await fs.promises.rename(tmp, file)
      } catch (error) {
        // a stream that broke off (a cut upload) leaves nothing half-written behind
        await fs.promises.rm(tmp, { force: true })
        throw error
      }
      return { size: (await fs.promises.stat(file)).size }
    },
    async size(key) {
      const file = resolve(key)
      try {
        return (await fs.promises.stat(file)).size
      } catch {
        return null
      }
    },
    read(key, range) {
      return fs.createReadStream(resolve(key), range)
    },
    async remove(key) {
      await fs.promises.rm(resolve(key), { force: true })
    },
  }
}
