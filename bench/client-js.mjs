// Client JavaScript a first load of each page downloads, gzip level 9, from the built Remix
// manifest (build/client/assets/manifest-*.js): the entry, the route manifest itself, and every
// route module of the matched chain (root → layouts → page) with their imports, deduplicated.
// Exits non-zero when the login page is over its budget. `node bench/client-js.mjs [--json]`
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const clientDir = path.join(root, 'build', 'client')
const assetsDir = path.join(clientDir, 'assets')
const LOGIN_BUDGET_KB = 120
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
  const files = new Set([manifest.url, manifest.entry.module, ...manifest.entry.imports])
  for (const r of routes) {
    files.add(r.module)
    for (const file of r.imports ?? []) files.add(file)
  }
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const size = sizeOf(file)
    raw += size.raw
    gzip += size.gzip
  }
  rows.push({ id, path: fullPath(routes), files: [...files], raw, gzip })
}
rows.sort((a, b) => a.path.localeCompare(b.path) || a.id.localeCompare(b.id))

const login = rows.find((row) => manifest.routes[row.id].path === 'login')
const overBudget = login ? kB(login.gzip) > LOGIN_BUDGET_KB : true

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ budgetKb: LOGIN_BUDGET_KB, login: login?.id ?? null, overBudget, rows }, null, 2))
} else {
  const header = ['route id', 'path', 'files', 'JS raw kB', 'JS gzip kB', '']
  const table = rows.map((row) => [
    row.id,
    row.path,
    String(row.files.length),
    kB(row.raw).toFixed(1),
    kB(row.gzip).toFixed(1),
    row === login ? `budget ${LOGIN_BUDGET_KB} kB: ${overBudget ? 'OVER' : 'ok'}` : '',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)))
  const line = (cells) =>
    cells.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')
  console.log(`Client JS per page on first load (gzip -9; kB = 1000 bytes; manifest ${manifestFile})\n`)
  console.log(line(header).trimEnd())
  for (const cells of table) console.log(line(cells).trimEnd())
  if (!login) console.log('\nNo login route (path "login") found in the manifest.')
  else {
    console.log(`\n${login.id}: largest files (gzip kB)`)
    const files = login.files.map((file) => [file, sizeOf(file).gzip]).sort((a, b) => b[1] - a[1])
    for (const [file, size] of files.slice(0, 8)) console.log(`  ${kB(size).toFixed(1).padStart(6)}  ${file}`)
  }
}
process.exit(overBudget ? 1 : 0)
