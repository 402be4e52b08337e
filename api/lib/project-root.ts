import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The folder holding package.json, found from this module's location (source or esbuild bundle). */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
    const parent = path.dirname(dir)
    if (parent === dir) return process.cwd()
    dir = parent
  }
}

export function migrationsFolder(override?: string): string {
  return override ? path.resolve(override) : path.join(projectRoot(), 'api', 'db', 'migrations')
}
