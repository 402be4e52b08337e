import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import path from 'node:path'

// One list of the Debian packages the product runs with (scripts/system-packages.txt): the image
// installs it, CI installs it, and it holds what the engines call on. Without it a container has no
// speech engine and draws the showcase's documents without their fonts.

const fromRoot = (...parts: string[]) => path.resolve(import.meta.dirname, '..', ...parts)
const SYSTEM_PACKAGES_FILE = fromRoot('scripts', 'system-packages.txt')

/** The list's packages, as the Dockerfile and .ci/run read it (comments and blank lines left out). */
const packages = readFileSync(SYSTEM_PACKAGES_FILE, 'utf8')
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean)

/** Runs bash with apt-get stubbed to print what it would install, one package a line. */
function wouldInstall(script: string) {
  const stubs = `apt-get() { if [ "$1" = install ]; then shift; for a in "$@"; do case "$a" in -*) ;; *) echo "$a";; esac; done; fi; }; rm() { :; }`
  return execFileSync('bash', ['-euo', 'pipefail', '-c', `${stubs}\n${script}`], { cwd: fromRoot(), encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
}

/** The Dockerfile's instructions of one stage, continuation lines joined. */
function stage(name: string) {
  const lines = readFileSync(fromRoot('Dockerfile'), 'utf8').replace(/\\\n/g, ' ').split('\n')
  const start = lines.findIndex((l) => new RegExp(`^FROM .* AS ${name}$`, 'i').test(l))
  if (start < 0) throw new Error(`no stage ${name} in the Dockerfile`)
  const end = lines.findIndex((l, i) => i > start && /^FROM /i.test(l))
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((l) => l.trim() && !l.startsWith('#'))
}

/** The Debian package that owns a file on this machine, or null where dpkg does not know it. */
function ownerOf(file: string) {
  try {
    return execFileSync('dpkg', ['-S', file], { encoding: 'utf8' }).split(':')[0]!.trim()
  } catch {
    return null
  }
}

const which = (program: string) => {
  try {
    return execFileSync('bash', ['-c', `command -v ${program}`], { encoding: 'utf8' }).trim()
  } catch {
    return null
  }
}

describe('the system packages', () => {
  it('are listed once, each a Debian package name', () => {
    expect(packages.length).toBeGreaterThan(0)
    expect(new Set(packages).size).toBe(packages.length)
    for (const p of packages) expect(p).toMatch(/^[a-z0-9][a-z0-9.+-]+$/)
  })

  it('are all installed by the image’s runtime stage, whose main process is the supervisor', () => {
    const runtime = stage('runtime')
    const copy = runtime.find((l) => /^COPY\s+scripts\/system-packages\.txt\s/.test(l))
    expect(copy, 'the runtime stage copies the list').toBeDefined()
    const target = copy!.split(/\s+/).at(-1)!
    const run = runtime.filter((l) => /^RUN\s/.test(l) && l.includes('apt-get install'))
    expect(run, 'one RUN installs the packages').toHaveLength(1)
    const script = run[0]!.replace(/^RUN\s+/, '').replaceAll(target, SYSTEM_PACKAGES_FILE)
    expect(wouldInstall(script).sort()).toEqual([...packages].sort())
    // a stop (docker stop's SIGTERM) reaches the supervisor, which drains its children
    expect(runtime.at(-1)).toBe('CMD ["node", "scripts/start.mjs"]')
  })

  it('are all installed by CI, with what only the tests need', () => {
    const ci = readFileSync(fromRoot('.ci/run'), 'utf8')
    const line = ci.split('\n').find((l) => l.startsWith('packages='))
    expect(line, '.ci/run names its packages in one line').toBeDefined()
    const listed = wouldInstall(`${line}\napt-get install $packages`)
    expect(listed).toEqual(expect.arrayContaining(packages))
    expect(listed).toEqual(expect.arrayContaining(['chromium']))
  })

  // on a machine set up by .ci/run (or by hand from the list), the engines find what they call on
  // in the listed packages; elsewhere the engines' own tests say what is missing
  const installed = (p: string) => {
    try {
      return execFileSync('dpkg-query', ['-W', '-f=${Status}', p], { encoding: 'utf8' }).includes(
        'install ok installed',
      )
    } catch {
      return false
    }
  }
  const checkMachine = process.env.CI === 'true' || packages.every(installed)
  it.runIf(checkMachine)('hold the programs, the model and the fonts the engines use', () => {
    const needs: [string, string | null][] = [
      ['pocketsphinx_continuous', which('pocketsphinx_continuous')],
      ['espeak-ng', which('espeak-ng')],
      ['the en-us dictionary', '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict'],
    ]
    // the fonts the showcase's documents name (api/engines/ocr/test-pages.ts)
    const pages = readFileSync(fromRoot('api/engines/ocr/test-pages.ts'), 'utf8')
    const families = [...new Set([...pages.matchAll(/'((?:DejaVu|Liberation) [A-Za-z ]+)'/g)].map((m) => m[1]!))]
    expect(families.length).toBeGreaterThan(1)
    for (const family of families) {
      // DejaVu Sans → DejaVuSans.ttf, Liberation Serif → LiberationSerif-Regular.ttf
      const name = family.replaceAll(' ', '')
      const found = execFileSync(
        'find',
        ['/usr/share/fonts', '-name', `${name}.ttf`, '-o', '-name', `${name}-Regular.ttf`],
        {
          encoding: 'utf8',
        },
      )
      needs.push([family, found.split('\n')[0] || null])
    }
    for (const [what, file] of needs) {
      expect(file, `${what} is on this machine`).toBeTruthy()
      expect(packages, `${what} (${file}) comes from a listed package`).toContain(ownerOf(file!))
    }
  })
})
