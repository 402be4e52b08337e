import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const fromRoot = (...parts) => path.join(root, ...parts)

export const bins = {
  remix: fromRoot('node_modules', '@remix-run', 'dev', 'dist', 'cli.js'),
  // the portal's own server (remix-serve's work, plus the client address, cross-site refusal and headers)
  portalServer: fromRoot('server.mjs'),
  tsx: fromRoot('node_modules', 'tsx', 'dist', 'cli.mjs'),
}

export const outputs = {
  api: fromRoot('build', 'api', 'main.js'),
  worker: fromRoot('build', 'api', 'worker.js'),
  createAdmin: fromRoot('build', 'api', 'create-admin.js'),
  portal: fromRoot('build', 'server', 'index.js'),
}

export const hasDevTools = () => existsSync(bins.remix) && existsSync(fromRoot('node_modules', 'esbuild'))

/**
 * The servers' command lines. A young generation of 32 MB instead of V8's 16: rendering a page or
 * answering a call makes many short-lived objects, and the collector's scavenges cost about a tenth
 * of the portal's time at its default (13% more pages a second at 32 MB, bench:portal; issue 20).
 */
const serverFlags = ['--max-semi-space-size=32']
export const commands = {
  api: [...serverFlags, '--enable-source-maps', outputs.api],
  worker: ['--enable-source-maps', outputs.worker],
  portal: [...serverFlags, bins.portalServer, outputs.portal],
}
