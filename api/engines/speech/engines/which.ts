import { access } from 'node:fs/promises'
import { constants } from 'node:fs'
import path from 'node:path'

/** The full path of a program on PATH (as the shell would find it), or null. */
export async function which(program: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, program)
    try {
      await access(candidate, constants.X_OK)
      return candidate
    } catch {
      // not in this one
    }
  }
  return null
}
