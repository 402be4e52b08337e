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
