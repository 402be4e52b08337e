import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { s3BlobStore } from './blob-store-s3'

/** s3rver's fixed keys (its README): the SDK signs every request, s3rver checks the signature. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/** A fake S3 server on a free port with one empty bucket, its files in a throw-away folder. */
export async function startS3rver(bucket = 'test-bucket') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-s3-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    directory,
    /** A store on this bucket, as the API builds it from S3_ENDPOINT. */
    store: (prefix?: string) =>
      s3BlobStore({
        bucket,
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        prefix,
        credentials: S3RVER_CREDENTIALS,
      }),
    async close() {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}

export type TestS3 = Awaited<ReturnType<typeof startS3rver>>
