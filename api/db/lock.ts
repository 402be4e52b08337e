import fs from 'node:fs'

export class DbLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite lives in one process only. The lock file holds the owner's pid; a lock whose pid is
 * dead is stale and taken over. Returns the release function.
 */
export function acquireLock(file: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      let released = false
      return () => {
        if (released) return
        released = true
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file)
        } catch {
          // already gone
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10)
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
      throw new DbLockedError(
        `The embedded database is in use by another process (pid ${pid}, lock file ${file}). ` +
          'Stop that process first, or set DATABASE_URL to use PostgreSQL for several processes.',
      )
    }
    fs.rmSync(file, { force: true })
  }
  throw new DbLockedError(`Could not take the database lock ${file}`)
}
