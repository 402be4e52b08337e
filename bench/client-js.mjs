// Client JavaScript a first load of each page downloads, gzip level 9, from the built Remix
// manifest (build/client/assets/manifest-*.js): the entry, the route manifest itself (unless lazy
// route discovery inlines the page's part of it in the HTML instead), and every route module of the
// matched chain (root → layouts → page) with their imports, deduplicated. A page whose route says
// `handle.hydrate === false` (app/lib/hydration.ts) loads none. Checks each page against its budget
// (issue 20): login ≤ 100 kB, a page that draws charts ≤ 230 kB, any other page ≤ 160 kB; exits
// non-zero when one is over. `node bench/client-js.mjs [--json]`
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const clientDir = path.join(root, 'build', 'client')
const assetsDir = path.join(clientDir, 'assets')
const BUDGET_KB = { login: 100, charts: 230, page: 160 }
const kB = (bytes) => bytes / 1000

if (!existsSync(assetsDir)) {
  console.error('No client build: run `npm run build` first.')
  process.exit(2)
}
const manifestFile = readdirSync(assetsDir).find((name) => /^manifest-.*\.js$/.test(name))
if (!manifestFile) {
  console.error('No Remix manifest (build/client/assets/manifest-*.js) in the build.')
  process.exit(2)
}
const source = readFileSync(path.join(assetsDir, manifestFile), 'utf8')
const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1))

// The server build knows the future flags and each route's handle (importing it runs no app code).
const server = await import(pathToFileURL(path.join(root, 'build', 'server', 'index.js')).href)
const lazyDiscovery = Boolean(server.future?.v3_lazyRouteDiscovery)
const hydrates = (id) => server.routes[id]?.module?.handle?.hydrate !== false

const sizes = new Map()
function sizeOf(url) {
  if (!sizes.has(url)) {
    const bytes = readFileSync(path.join(clientDir, url.replace(/^\//, '')))
    sizes.set(url, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length })
  }
  return sizes.get(url)
}

/** The manifest does not say which routes render; a page's client module exports a default. */
function hasComponent(route) {
  const code = readFileSync(path.join(clientDir, route.module.replace(/^\//, '')), 'utf8')
  return /export\s*default\b|\bas default\b/.test(code)
}

// Vite's manifest (vite.config.ts keeps it, in build/.vite) lists each chunk's lazy imports: a chart
// library that a page imports lazily still loads on every view of that page, so it counts.
const viteManifestFile = path.join(root, 'build', '.vite', 'client-manifest.json')
if (!existsSync(viteManifestFile)) {
  console.error('No Vite manifest (build/.vite/client-manifest.json): build with vite.config.ts as it is.')
  process.exit(2)
}
const viteChunks = Object.entries(JSON.parse(readFileSync(viteManifestFile, 'utf8')))
const chunkByFile = new Map(viteChunks.map(([, chunk]) => [`/${chunk.file}`, chunk]))
const chunkByKey = new Map(viteChunks)

/**
 * Code that draws charts: the portal's own (app/components/charts, in its chunk while more than one
 * page shares it), or a chart library (recharts names its wrapper in the markup it draws).
 */
const isChartCode = (file) =>
  chunkByFile.get(file)?.name === 'svg-charts' ||
  readFileSync(path.join(clientDir, file.replace(/^\//, '')), 'utf8').includes('recharts-wrapper')
function staticClosure(key, into = new Set()) {
  const chunk = chunkByKey.get(key)
  if (!chunk || into.has(`/${chunk.file}`)) return into
  into.add(`/${chunk.file}`)
  for (const next of chunk.imports ?? []) staticClosure(next, into)
  return into
}
/** The chunks these files import lazily that draw charts, with what those import. */
function lazyChartFiles(files) {
  const found = new Set()
  for (const file of files) {
    for (const key of chunkByFile.get(file)?.dynamicImports ?? []) {
      const closure = staticClosure(key)
      if ([...closure].some(isChartCode)) for (const f of closure) found.add(f)
    }
  }
  return found
}

function chain(routeId) {
  const routes = []
  for (let id = routeId; id; id = manifest.routes[id].parentId) routes.unshift(manifest.routes[id])
  return routes
}

function fullPath(routes) {
  const segments = routes.map((r) => r.path).filter(Boolean)
  return '/' + segments.join('/')
}

const rows = []
for (const [id, route] of Object.entries(manifest.routes)) {
  // resource routes (no component) are never a page load; root is part of every chain
  if (id === 'root' || !hasComponent(route)) continue
  // a layout with an index child never renders alone: its index row covers it
  if (Object.values(manifest.routes).some((r) => r.parentId === id && r.index)) continue
  const routes = chain(id)
  const files = new Set()
  if (routes.every((r) => hydrates(r.id))) {
    if (!lazyDiscovery) files.add(manifest.url)
    for (const file of [manifest.entry.module, ...manifest.entry.imports]) files.add(file)
    for (const r of routes) {
      files.add(r.module)
      for (const file of r.imports ?? []) files.add(file)
    }
  }
  for (const file of lazyChartFiles(files)) files.add(file)
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const size = sizeOf(file)
    raw += size.raw
    gzip += size.gzip
  }
  const signIn = route.path === 'login' || (route.index && route.parentId === 'root')
  const kind = signIn ? 'login' : [...files].some(isChartCode) ? 'charts' : 'page'
  rows.push({ id, path: fullPath(routes), files: [...files], raw, gzip, kind, budget: BUDGET_KB[kind] })
}
rows.sort((a, b) => a.path.localeCompare(b.path) || a.id.localeCompare(b.id))

for (const row of rows) row.over = kB(row.gzip) > row.budget
const over = rows.filter((row) => row.over)
const login = rows.find((row) => manifest.routes[row.id].path === 'login')

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ budgetKb: BUDGET_KB, lazyDiscovery, over: over.map((r) => r.id), rows }, null, 2))
} else {
  const header = ['route id', 'path', 'files', 'JS raw kB', 'JS gzip kB', 'budget']
  const table = rows.map((row) => [
    row.id,
    row.path,
    String(row.files.length),
    kB(row.raw).toFixed(1),
    kB(row.gzip).toFixed(1),
    `${row.kind} ${row.budget}${row.over ? ' OVER' : ''}${row.files.length === 0 ? ' (no JavaScript)' : ''}`,
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)))
  const line = (cells) =>
    cells.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')
  console.log(
    `Client JS per page on first load (gzip -9; kB = 1000 bytes; manifest ${manifestFile}${lazyDiscovery ? ', discovered lazily: inlined in the HTML, not loaded' : ''})\n`,
  )
  console.log(line(header).trimEnd())
  for (const cells of table) console.log(line(cells).trimEnd())
  const largest = [...rows].sort((a, b) => b.gzip - a.gzip)[0]
  console.log(`\n${largest.id}: largest files (gzip kB)`)
  const files = largest.files.map((file) => [file, sizeOf(file).gzip]).sort((a, b) => b[1] - a[1])
  for (const [file, size] of files.slice(0, 8)) console.log(`  ${kB(size).toFixed(1).padStart(6)}  ${file}`)
  if (!login) console.log('\nNo login route (path "login") found in the manifest.')
  console.log(
    over.length === 0
      ? `\nEvery page within its budget (login ${BUDGET_KB.login}, charts ${BUDGET_KB.charts}, other pages ${BUDGET_KB.page} kB).`
      : `\n${over.length} of ${rows.length} pages over budget: ${over.map((r) => r.path).join(', ')}`,
  )
}
// exitCode, not exit(): a report piped to another program (`--json | …`) is written in full first
process.exitCode = over.length > 0 || !login ? 1 : 0
