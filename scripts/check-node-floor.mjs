// The declared Node floor (package.json "engines") must be one every installed package accepts:
// each package in the lockfile that this platform installs, checked against the floor's lowest version.
//   node scripts/check-node-floor.mjs
import fs from 'node:fs'
import semver from 'semver'

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'))
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'))
const floor = semver.minVersion(pkg.engines.node)
const here = (list, value) =>
  !list || list.includes(value) || (list.some((v) => v.startsWith('!')) && !list.includes(`!${value}`))

const refused = []
for (const [where, entry] of Object.entries(lock.packages)) {
  if (!where || !entry.engines?.node) continue
  // platform binaries for other systems are never installed here
  if (!here(entry.os, process.platform) || !here(entry.cpu, process.arch)) continue
  if (!semver.satisfies(floor, entry.engines.node))
    refused.push(`${where} ${entry.version}: node ${entry.engines.node}`)
}
if (refused.length) {
  console.error(`The declared floor (node ${pkg.engines.node}) is wrong; these packages refuse node ${floor}:`)
  for (const line of refused) console.error(`  ${line}`)
  process.exit(1)
}
console.log(`Every installed package accepts node ${floor} (package.json engines: ${pkg.engines.node}).`)
