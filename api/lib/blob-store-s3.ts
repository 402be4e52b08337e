import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { type BlobStore, checkBlobKey, localBlobStore } from './blob-store'

export type S3BlobStoreOptions = {
  bucket: string
  region: string
  /** An S3-compatible service (MinIO, R2, s3rver…); unset: AWS. */
  endpoint?: string
  forcePathStyle?: boolean
  /** Every key is stored under this folder of the bucket. */
  prefix?: string
  /** Explicit keys (tests); unset: the SDK's chain (AWS_ACCESS_KEY_ID…, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
}

/** Where files live, as the configuration says (api/env.ts: S3_BUCKET and the rest, else DATA_DIR/blobs). */
export type BlobStoreConfig =
  { kind: 'local'; root: string } | ({ kind: 's3'; forcePathStyle: boolean } & Omit<S3BlobStoreOptions, 'credentials'>)

const isMissing = (error: unknown) =>
  error instanceof NotFound ||
  error instanceof NoSuchKey ||
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 404

/** Objects in an S3-compatible bucket: what lets APIs and workers on several machines share files. */
export function s3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // The SDK's default streams a body in aws-chunked encoding with a trailing CRC, which some
    // S3-compatible stores (s3rver, older MinIO) keep as part of the object. The Content-MD5 sent
    // with every put guards the bytes instead where the store checks it (S3, MinIO).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = options.bucket
  const prefix = options.prefix ? `${checkBlobKey(options.prefix.replace(/\/+$/, ''))}/` : ''
  const objectKey = (key: string) => prefix + checkBlobKey(key)

  return {
    async put(key, data) {
      const Key = objectKey(key)
      if (Buffer.isBuffer(data)) {
        const ContentMD5 = createHash('md5').update(data).digest('base64')
        await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentLength: data.length, ContentMD5 }))
        return { size: data.length }
      }
      // S3 wants the length before the body, and a recording may be 200 MB: spool it to disk first,
      // so a stream that breaks off never reaches the bucket
      const spool = path.join(os.tmpdir(), `blob-s3-${randomUUID()}`)
      let body: fs.ReadStream | null = null
      try {
        const md5 = createHash('md5')
        let size = 0
        await pipeline(
          data,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              md5.update(chunk)
              size += chunk.length
              yield chunk
            }
          },
          fs.createWriteStream(spool),
        )
        body = fs.createReadStream(spool)
        const ContentMD5 = md5.digest('base64')
        await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: size, ContentMD5 }))
        return { size }
      } finally {
        body?.destroy()
        await fs.promises.rm(spool, { force: true })
      }
    },

    async size(key) {
      const Key = objectKey(key)
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },

    read(key, range) {
      const Key = objectKey(key)
      const out = new PassThrough()
      const abort = new AbortController()
      // a reader that goes away (a listener who closed the page) ends the download too
      out.once('close', () => abort.abort())
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined
      client
        .send(new GetObjectCommand({ Bucket, Key, Range }), { abortSignal: abort.signal })
        .then(({ Body }) => pipeline(Body as Readable, out))
        .catch((error: unknown) => out.destroy(error as Error))
      return out
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }))
    },
  }
}

/** The store the configuration names (S3_BUCKET, else DATA_DIR/blobs): the API and the workers use the same one. */
export function blobStoreFromEnv(env: { blobStore: BlobStoreConfig }): BlobStore {
  const config = env.blobStore
  if (config.kind === 'local') return localBlobStore(config.root)
  return s3BlobStore(config)
}
