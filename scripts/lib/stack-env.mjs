import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { root } from './paths.mjs'

export const demoAccounts = [
  ['admin@demo.local', 'admin'],
  ['supervisor@demo.local', 'qa_supervisor'],
  ['auditor@demo.local', 'auditor'],
  ['agent@demo.local', 'agent'],
  ['visitor@demo.local', 'visitor'],
  ['clinician@demo.local', 'clinician'],
]
export const demoPassword = 'Demo@1234'

export class StartError extends Error {}

function port(name, fallback, source) {
  const raw = source[name] || String(fallback)
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new StartError(`${name} must be a port number between 1 and 65535 (got "${raw}")`)
  }
  return value
}

const truthy = (value) => ['true', '1', 'yes'].includes(String(value).toLowerCase())

/** Same file and 'wx' race rule as the API and the portal use, so all three agree on one secret. */
function secretFrom(file, bytes) {
  mkdirSync(path.dirname(file), { recursive: true })
  try {
    writeFileSync(file, randomBytes(bytes).toString('base64url'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if (error.code !== 'EEXIST') throw error
  }
  for (let i = 0; i < 20; i++) {
    const value = readFileSync(file, 'utf8').trim()
    if (value) return value
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25)
  }
  throw new StartError(`${file} is empty; delete it or set the secret in the environment`)
}

/**
 * The environment the children run with. They run with NODE_ENV=production (fast React, no dev
 * overhead) unless the caller set NODE_ENV; outside an explicit production deployment the launcher
 * provides the secrets from DATA_DIR so a fresh clone starts without configuration.
 */
export function stackEnv(source = process.env) {
  const env = { ...source }
  const apiPort = port('API_PORT', 8000, source)
  const portalPort = port('PORT', 3000, source)
  const dataDir = path.resolve(root, source.DATA_DIR || './data')
  const embedded = !source.DATABASE_URL
  Object.assign(env, {
    PORT: String(portalPort),
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    API_BASE_URL: source.API_BASE_URL || `http://127.0.0.1:${apiPort}`,
    NODE_ENV: source.NODE_ENV || 'production',
  })
  if (source.SEED_DEMO === undefined || source.SEED_DEMO === '') {
    if (embedded) env.SEED_DEMO = 'true'
    else delete env.SEED_DEMO
  }
  if (source.NODE_ENV !== 'production') {
    env.SESSION_SECRET ||= secretFrom(path.join(dataDir, 'session-secret'), 32)
    env.JWT_SECRET ||= secretFrom(path.join(dataDir, 'jwt-secret'), 48)
    // A local demo is often opened over plain HTTP from another machine; Secure cookies would never come back.
    env.COOKIE_SECURE ||= 'false'
  }
  mkdirSync(dataDir, { recursive: true })
  return {
    env,
    apiPort,
    portalPort,
    dataDir,
    embedded,
    seeding: truthy(env.SEED_DEMO ?? 'false'),
    probeHost: probeHost(source.HOST),
  }
}

function probeHost(host) {
  if (!host || host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

/** Each role gets only the secret it uses. */
export function roleEnv(env, role) {
  const copy = { ...env }
  if (role === 'portal') delete copy.JWT_SECRET
  else delete copy.SESSION_SECRET
  return copy
}
