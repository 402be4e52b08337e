import { readdirSync, readFileSync } from 'node:fs'

/** Every process below `pid` (Linux /proc), with its command line: for tests that stop or kill a stack. */
export function descendants(pid) {
  const parents = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // the command name (2nd field) is in parentheses and may hold spaces: the fields after it are fixed
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(Number(entry), ppid)
    } catch {
      // ended meanwhile
    }
  }
  const found = []
  const walk = (parent) => {
    for (const [child, ppid] of parents) {
      if (ppid !== parent) continue
      let command = ''
      try {
        command = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ').trim()
      } catch {
        // ended meanwhile
      }
      found.push({ pid: child, command })
      walk(child)
    }
  }
  walk(pid)
  return found
}

/** Whether a process still runs (a zombie, dead but not yet reaped, does not). */
export function running(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}
