// Builds the portal (Remix/Vite -> build/client, build/server) and the API (esbuild -> build/api).
// `node scripts/build.mjs [portal] [api]`; no argument builds both.
import { build } from './lib/builders.mjs'
import { parts } from './lib/build-state.mjs'

const selected = process.argv.slice(2)
const unknown = selected.filter((part) => !parts.includes(part))
if (unknown.length) {
  console.error(`Unknown build part: ${unknown.join(', ')} (expected ${parts.join(', ')})`)
  process.exit(2)
}
try {
  await build(selected.length ? selected : parts)
} catch (error) {
  console.error(`[build] ${error.message}`)
  process.exit(1)
}
