import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { LlmConfig } from './engines/llm/client'
import { isBlobKey } from './lib/blob-store'
import type { BlobStoreConfig } from './lib/blob-store-s3'

/**
 * The Euclidean distance below which two descriptors are taken as the same person, chosen with
 * bench/face-pairs.ts on real photos: 61 photos of 13 people taken years apart (140 genuine pairs)
 * and 18 strangers' portraits (2,941 impostor pairs; the nearest at 0.515). The rule: no false
 * accept and the fewest false rejects, with 0.02 kept below the nearest impostor for the strangers
 * not seen; chosen leaving each person out in turn it lands at 0.495–0.503 and decides 99.7% of
 * the held-out pairs right with no false accept. At 0.49: no false accept, 11 of 140 genuine pairs
 * refused (mostly a head turned or a decade apart). The earlier 0.43, set on synthetic recaptures
 * of the package's demo faces, refused 42 of them. Deployments that prefer convenience over
 * security can set a higher FACE_MATCH_THRESHOLD; 0.52 already accepts an impostor here.
 */
export const DEFAULT_FACE_THRESHOLD = 0.49

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')
/** SEED_SHOWCASE: true, false, or the demo accounts to fill (emails, comma-separated). */
const showcase = z
  .string()
  .regex(
    /^\s*(true|false|1|0|yes|no|[^\s,@]+@[^\s,@]+(\s*,\s*[^\s,@]+@[^\s,@]+)*)\s*$/,
    'must be true, false or demo accounts’ emails separated by commas',
  )
  .transform((v): boolean | string[] => {
    const value = v.trim()
    if (['true', '1', 'yes'].includes(value)) return true
    if (['false', '0', 'no'].includes(value)) return false
    return value.split(',').map((email) => email.trim().toLowerCase())
  })
const port = z.coerce.number().int().min(0).max(65535)
const count = z.coerce.number().int().min(0).max(10_000)

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  API_PORT: port.default(8000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: bool.optional(),
  SEED_SHOWCASE: showcase.optional(),
  WORKERS: count.optional(),
  TRUST_PROXY: z.string().default('127.0.0.1,::1,::ffff:127.0.0.1'),
  MIGRATIONS_DIR: z.string().min(1).optional(),
  LOGIN_IP_LIMIT: count.default(20),
  LOGIN_ACCOUNT_LIMIT: count.default(5),
  LOGIN_ACCOUNT_WINDOW_MIN: count.default(15),
  /** How long an access token lives; tests shorten it to see expiry. */
  ACCESS_TOKEN_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(15 * 60),
  /** How long a refresh token just rotated may be presented again (two tabs at once) without ending the session. */
  REFRESH_REUSE_LEEWAY_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  HOUSEKEEPING_CRON: z.string().min(9).default('*/5 * * * *'),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().positive().default(5),
  JOB_STALE_SECONDS: z.coerce.number().positive().default(30),
  JOB_SWEEP_SECONDS: z.coerce.number().positive().default(15),
  /** Set by the supervisor (scripts/lib/supervise.mjs) for each child it runs. */
  SUPERVISOR_CHILD: z.string().min(1).max(90).optional(),
  SUPERVISOR_RUN: z.coerce.number().int().positive().default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LLM_BASE_URL: z.string().url('must be an absolute URL').optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  WHISPER_MODEL_PATH: z.string().min(1).optional(),
  WHISPER_CPP_BIN: z.string().min(1).optional(),
  POCKETSPHINX_MODEL_DIR: z.string().min(1).optional(),
  ASR_BASE_URL: z.string().url('must be an absolute URL').optional(),
  ASR_API_KEY: z.string().min(1).optional(),
  ASR_MODEL: z.string().min(1).default('whisper-1'),
  /** The S3-compatible blob store (unset bucket: files under DATA_DIR/blobs); keys come from the SDK's chain. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_ENDPOINT: z
    .string()
    .url('must be an http:// or https:// URL')
    .regex(/^https?:\/\//i, 'must be an http:// or https:// URL')
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  AWS_REGION: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: z
    .string()
    .refine((v) => isBlobKey(v.replace(/\/+$/, '')), 'must be a path of letters, digits, dots, hyphens and underscores')
    .optional(),
  /** Face verification: the descriptor distance below which two faces are the same person (docs/decisions/010). */
  FACE_MATCH_THRESHOLD: z.coerce
    .number()
    .gt(0, 'must be above 0')
    .lt(1, 'must be below 1')
    .default(DEFAULT_FACE_THRESHOLD),
})

export type ApiEnv = {
  nodeEnv: string
  host: string
  port: number
  dataDir: string
  databaseUrl: string | undefined
  jwtSecret: string
  seedDemo: boolean
  /**
   * The showcase items (face, OCR, speech, summaries) seeded with the demo data on a first start:
   * for every demo account (true), none (false) or those listed. Only with seedDemo.
   */
  seedShowcase: boolean | string[]
  workers: number
  trustProxy: string[]
  migrationsDir: string | undefined
  loginIpLimit: number
  loginAccountLimit: number
  loginAccountWindowMs: number
  accessTokenTtlS: number
  refreshReuseLeewayS: number
  housekeepingCron: string
  /** Job workers' heartbeat, when one counts as dead, and how often each looks for dead ones (ms). */
  jobTiming: { heartbeatMs: number; staleMs: number; sweepMs: number }
  /** Which supervised child this process is, and which run of it (a restart's predecessors are dead). */
  supervised: { child: string; run: number } | null
  logLevel: string
  /** An OpenAI-compatible endpoint for the AI engines; unset: the local engines only. */
  llm: LlmConfig | null
  /** The speech engines configured beyond Debian's pocketsphinx (ARCHITECTURE §6). */
  speech: SpeechConfig
  /** The face verification threshold (FACE_MATCH_THRESHOLD). */
  faceThreshold: number
  /** Where uploaded and seeded files live (ARCHITECTURE §7): DATA_DIR/blobs, or an S3 bucket. */
  blobStore: BlobStoreConfig
}

export type SpeechConfig = {
  whisperModelPath?: string
  /** The whisper.cpp program (whisper-cli); else found on PATH. */
  whisperCppBin?: string
  asrBaseUrl?: string
  asrApiKey?: string
  asrModel?: string
}

export class ConfigError extends Error {}

/** Reads a secret from DATA_DIR, creating it once; 'wx' makes two racing processes agree. */
export function ensureSecretFile(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  for (let i = 0; i < 20; i++) {
    const value = fs.readFileSync(file, 'utf8').trim()
    if (value) return value
    // the other process created the file but has not written it yet
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25)
  }
  throw new ConfigError(`${file} is empty; delete it or set JWT_SECRET`)
}

export function parseEnv(source: Record<string, string | undefined> = process.env): ApiEnv {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
  const result = schema.safeParse(raw)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid API configuration:\n${lines.join('\n')}`)
  }
  const e = result.data
  const dataDir = path.resolve(e.DATA_DIR)
  const embedded = !e.DATABASE_URL
  // with a stale limit this short, a live worker between two heartbeats would count as dead
  if (e.JOB_STALE_SECONDS < 2 * e.JOB_HEARTBEAT_SECONDS) {
    throw new ConfigError(
      'Invalid API configuration:\n  JOB_STALE_SECONDS: must be at least twice JOB_HEARTBEAT_SECONDS',
    )
  }
  const s3Only = (['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const).filter((k) => e[k] != null)
  // a typo'd bucket would otherwise put every file on one machine's disk without a word
  if (!e.S3_BUCKET && s3Only.length) {
    throw new ConfigError(`Invalid API configuration:\n  S3_BUCKET: must be set with ${s3Only.join(', ')}`)
  }
  let jwtSecret = e.JWT_SECRET
  if (!jwtSecret) {
    if (e.NODE_ENV === 'production') throw new ConfigError('JWT_SECRET must be set in production')
    jwtSecret = ensureSecretFile(path.join(dataDir, 'jwt-secret'))
  }
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.API_PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret,
    seedDemo: e.SEED_DEMO ?? embedded,
    seedShowcase: (e.SEED_DEMO ?? embedded) ? (e.SEED_SHOWCASE ?? true) : false,
    workers: e.WORKERS ?? 2,
    trustProxy: e.TRUST_PROXY.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    migrationsDir: e.MIGRATIONS_DIR,
    loginIpLimit: e.LOGIN_IP_LIMIT,
    loginAccountLimit: e.LOGIN_ACCOUNT_LIMIT,
    loginAccountWindowMs: e.LOGIN_ACCOUNT_WINDOW_MIN * 60_000,
    accessTokenTtlS: e.ACCESS_TOKEN_SECONDS,
    refreshReuseLeewayS: e.REFRESH_REUSE_LEEWAY_SECONDS,
    housekeepingCron: e.HOUSEKEEPING_CRON,
    jobTiming: {
      heartbeatMs: e.JOB_HEARTBEAT_SECONDS * 1000,
      staleMs: e.JOB_STALE_SECONDS * 1000,
      sweepMs: e.JOB_SWEEP_SECONDS * 1000,
    },
    supervised: e.SUPERVISOR_CHILD ? { child: e.SUPERVISOR_CHILD, run: e.SUPERVISOR_RUN } : null,
    logLevel: e.LOG_LEVEL,
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY ?? 'unused', model: e.LLM_MODEL } : null,
    speech: {
      whisperModelPath: e.WHISPER_MODEL_PATH ? path.resolve(e.WHISPER_MODEL_PATH) : undefined,
      whisperCppBin: e.WHISPER_CPP_BIN,
      asrBaseUrl: e.ASR_BASE_URL,
      asrApiKey: e.ASR_API_KEY,
      asrModel: e.ASR_MODEL,
    },
    faceThreshold: e.FACE_MATCH_THRESHOLD,
    blobStore: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? e.AWS_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          // MinIO, s3rver and most self-hosted stores have no per-bucket host names
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          prefix: e.S3_PREFIX?.replace(/\/+$/, ''),
        }
      : { kind: 'local', root: path.join(dataDir, 'blobs') },
  }
}

/** For entry points: a bad value stops the process with a clear message. */
export function loadEnvOrExit(): ApiEnv {
  try {
    return parseEnv()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      // EX_CONFIG: the supervisor does not restart a process whose configuration is wrong
      process.exit(78)
    }
    throw error
  }
}
