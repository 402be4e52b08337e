// The portal's server, a drop-in for remix-serve: `node server.mjs build/server/index.js`. Plain JS so it
// runs without a build step. Beyond what remix-serve does (compression, static files, Remix's handler) it
// - hands the connection's address to the app (load context, and the request scope the upstream core
//   reads), because remix-serve gives loaders none and the login throttle needs the real client;
// - answers a cross-site POST with a 403 before Remix, which answers it with an empty 500;
// - sends X-Content-Type-Options: nosniff with every response, static files included;
// - with PORTAL_PROCESSES=N (N > 1) runs N copies on the one port (node:cluster), so a machine's cores
//   all render pages: one Node process renders on one core. A copy that dies is started again.
import cluster from 'node:cluster'
import zlib from 'node:zlib'
import { createServer } from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import { installGlobals } from '@remix-run/node'
import compression from 'compression'
import express from 'express'

process.env.NODE_ENV ??= 'production'

const buildPath = process.argv[2]
if (!buildPath) {
  console.error('Usage: node server.mjs <server-build-path>, e.g. node server.mjs build/server/index.js')
  process.exit(1)
}
const processes = Number(process.env.PORTAL_PROCESSES || 1)
if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
  console.error(`PORTAL_PROCESSES must be a whole number from 1 to 64, not "${process.env.PORTAL_PROCESSES}"`)
  process.exit(1)
}
if (processes > 1 && cluster.isPrimary) {
  runCopies(processes)
} else {
  await serve()
}

/** The primary of PORTAL_PROCESSES copies: starts them, replaces one that dies, and stops them all on a signal. */
function runCopies(count) {
  let stopping = false
  const started = new Map()
  const fork = () => started.set(cluster.fork(), Date.now())
  for (let i = 0; i < count; i++) fork()
  cluster.on('exit', (worker, code, signal) => {
    const ranFor = Date.now() - (started.get(worker) ?? 0)
    started.delete(worker)
    if (stopping) {
      if (started.size === 0) process.exit(0)
      return
    }
    console.error(`[portal] a copy exited (${signal ?? code}); starting another`)
    // one that dies at once (a bad build, a port taken) would spin: wait a little before the next
    setTimeout(fork, ranFor < 5_000 ? 2_000 : 0)
  })
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.once(signal, () => {
      stopping = true
      for (const worker of started.keys()) worker.process.kill(signal)
      if (started.size === 0) process.exit(0)
      setTimeout(() => process.exit(0), 10_000).unref()
    })
  }
}

async function serve() {
  const build = await import(pathToFileURL(path.resolve(buildPath)).href)
  installGlobals({ nativeFetch: build.future.v3_singleFetch })

  const { inRequestScope, isCrossSite, CROSS_SITE_MESSAGE } = build.entry.module
  if (typeof inRequestScope !== 'function' || typeof isCrossSite !== 'function') {
    console.error(`${buildPath} is not the portal's build (its entry.server lacks inRequestScope/isCrossSite)`)
    process.exit(1)
  }

  const app = express()
  app.disable('x-powered-by')

  // At the last moment, so the header Remix's documents already carry is not sent twice.
  app.use((req, res, next) => {
    const writeHead = res.writeHead
    res.writeHead = function (...args) {
      if (!res.hasHeader('X-Content-Type-Options')) res.setHeader('X-Content-Type-Options', 'nosniff')
      return writeHead.apply(this, args)
    }
    next()
  })
  // Brotli (what browsers prefer) with a 256 KB window instead of 4 MB: setting up the larger one for
  // every page cost more than compressing it (a list page: 40 -> 56 pages/s, 14.6 KB). gzip, for the
  // rest, at level 4: 7% cheaper than 6, 5% larger.
  app.use(
    compression({
      level: 4,
      brotli: {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
      },
    }),
  )

  // Vite fingerprints everything under /assets; the rest of build/client (favicon, fonts) may change.
  const clientDir = path.resolve(build.assetsBuildDirectory)
  app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }))
  app.use(express.static(clientDir, { maxAge: '1h' }))

  app.use((req, res, next) => {
    const started = process.hrtime.bigint()
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      console.log(
        `${req.method} ${req.originalUrl} ${res.statusCode} ${res.get('Content-Length') ?? '-'} - ${ms.toFixed(3)} ms`,
      )
    })
    next()
  })

  app.use((req, res, next) => {
    if (!isCrossSite(req.method, (name) => req.get(name))) return next()
    res.status(403).type('text/plain').send(CROSS_SITE_MESSAGE)
  })

  const handle = createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (_req, res) => res.locals.facts,
  })
  app.all('*', (req, res, next) => {
    // Express adds "::ffff:" to IPv4 peers on a dual-stack socket; the app takes it off.
    const facts = { socketAddress: req.socket.remoteAddress ?? null }
    res.locals.facts = facts
    return inRequestScope(facts, () => handle(req, res, next))
  })

  const port = Number(process.env.PORT) || 3000
  const host = process.env.HOST
  const server = createServer(app)
  server.listen(port, host, () => {
    // once, not once per copy
    if (cluster.isWorker && cluster.worker.id !== 1) return
    console.log(`[portal] http://localhost:${port}${host ? ` (listening on ${host})` : ''}`)
  })
  // Finish the requests in flight, then exit; a stream that outlasts the stop grace period is cut.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.once(signal, () => {
      server.close((error) => process.exit(error ? 1 : 0))
      server.closeIdleConnections()
      setTimeout(() => process.exit(0), 8_000).unref()
    })
  }
}
