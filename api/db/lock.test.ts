import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '#api/db/client'
import { acquireLock, DbLockedError } from '#api/db/lock'

const dirs: string[] = []
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-lock-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('the PGlite lock', () => {
  it('refuses a second opener while a live process holds it, then frees it on release', async () => {
    const file = path.join(tempDir(), 'db.lock')
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
    try {
      fs.writeFileSync(file, String(child.pid))
      expect(() => acquireLock(file)).toThrow(DbLockedError)
      expect(() => acquireLock(file)).toThrow(new RegExp(`pid ${child.pid}`))
    } finally {
      child.kill()
    }
  })

  it('takes over a stale lock whose process is gone', async () => {
    const file = path.join(tempDir(), 'db.lock')
    const child = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => child.on('exit', resolve))
    fs.writeFileSync(file, String(child.pid))
    const release = acquireLock(file)
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid))
    release()
    expect(fs.existsSync(file)).toBe(false)
  })

  it('makes a second openDatabase on the same DATA_DIR fail with a clear message', async () => {
    const dataDir = tempDir()
    const first = await openDatabase({ driver: 'pglite', dataDir })
    try {
      // the same process counts as a live holder: the lock is about the data directory
      await expect(openDatabase({ driver: 'pglite', dataDir })).rejects.toThrow(/in use by another process/)
    } finally {
      await first.close()
    }
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false)
  })
})
