import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, parseEnv } from '#api/env'

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'api-env-'))

describe('parseEnv', () => {
  it('applies the embedded defaults and generates the JWT secret once', () => {
    const dir = tmp()
    const env = parseEnv({ DATA_DIR: dir })
    expect(env).toMatchObject({ port: 8000, seedDemo: true, workers: 2, databaseUrl: undefined })
    expect(env.trustProxy).toEqual(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
    expect(env.jwtSecret.length).toBeGreaterThanOrEqual(32)
    expect(parseEnv({ DATA_DIR: dir }).jwtSecret).toBe(env.jwtSecret)
    expect(fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(env.jwtSecret)
  })

  it('does not seed on PostgreSQL unless asked', () => {
    const base = { DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'x'.repeat(40) }
    expect(parseEnv(base).seedDemo).toBe(false)
    expect(parseEnv({ ...base, SEED_DEMO: 'true', WORKERS: '0' })).toMatchObject({ seedDemo: true, workers: 0 })
  })

  it('stops with a clear message on bad values', () => {
    expect(() => parseEnv({ API_PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => parseEnv({ API_PORT: 'eighty' })).toThrow(/API_PORT/)
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/)
    expect(() => parseEnv({ SEED_DEMO: 'maybe', JWT_SECRET: 'x'.repeat(40) })).toThrow(/SEED_DEMO/)
  })

  it("reads the job workers' timing and refuses a stale limit a live worker could cross", () => {
    const dir = tmp()
    expect(parseEnv({ DATA_DIR: dir }).jobTiming).toEqual({ heartbeatMs: 5000, staleMs: 30_000, sweepMs: 15_000 })
    expect(parseEnv({ DATA_DIR: dir, JOB_HEARTBEAT_SECONDS: '0.5', JOB_STALE_SECONDS: '2' }).jobTiming).toMatchObject({
      heartbeatMs: 500,
      staleMs: 2000,
    })
    expect(() => parseEnv({ DATA_DIR: dir, JOB_STALE_SECONDS: '6' })).toThrow(/JOB_STALE_SECONDS/)
  })

  it('requires JWT_SECRET in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(/JWT_SECRET must be set/)
  })

  it('chooses the blob store: DATA_DIR/blobs by default, S3 with a bucket, with its region and addressing', () => {
    const dir = tmp()
    expect(parseEnv({ DATA_DIR: dir }).blobStore).toEqual({ kind: 'local', root: path.join(dir, 'blobs') })
    const bucket = { DATA_DIR: dir, S3_BUCKET: 'portal-files' }
    expect(parseEnv(bucket).blobStore).toEqual({
      kind: 's3',
      bucket: 'portal-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: undefined,
    })
    expect(parseEnv({ ...bucket, AWS_REGION: 'eu-west-3' }).blobStore).toMatchObject({ region: 'eu-west-3' })
    expect(parseEnv({ ...bucket, AWS_REGION: 'eu-west-3', S3_REGION: 'auto' }).blobStore).toMatchObject({
      region: 'auto',
    })
    // an endpoint of one's own (MinIO, s3rver) is path-style unless told otherwise
    const minio = { ...bucket, S3_ENDPOINT: 'http://minio:9000', S3_PREFIX: 'prod/' }
    expect(parseEnv(minio).blobStore).toMatchObject({
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      prefix: 'prod',
    })
    expect(parseEnv({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).blobStore).toMatchObject({ forcePathStyle: false })
  })

  it('refuses S3 settings that are wrong or lack their bucket', () => {
    const dir = tmp()
    expect(() => parseEnv({ DATA_DIR: dir, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/)
    expect(() => parseEnv({ DATA_DIR: dir, S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/)
    expect(() => parseEnv({ DATA_DIR: dir, S3_BUCKET: 'b-1', S3_PREFIX: '../up' })).toThrow(/S3_PREFIX/)
    expect(() => parseEnv({ DATA_DIR: dir, S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_BUCKET: must be set with S3_ENDPOINT/,
    )
  })
})
