// The portal's server, a drop-in for remix-serve: `node server.mjs build/server/index.js`. Plain JS so it
// runs without a build step. Beyond what remix-serve does (compression, static files, Remix's handler) it
// - hands the connection's address to the app (load context, and the request scope the upstream core
//   reads), because remix-serve gives loaders none and the login throttle needs the real client;
// - answers a cross-site POST with a 403 before Remix, which answers it with an empty 500;
// - sends X-Content-Type-Options: nosniff with every response, static files included;
// - compresses a page whole, in one call, and sends it with its length (compressDocuments);
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

const BROTLI_PARAMS = { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 }
const GZIP_LEVEL = 4
/** Below this a page goes as it is (the compression middleware's threshold). */
const COMPRESS_FROM = 1024

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
  // The rest (data requests, resources, static files) through the compression middleware: Brotli with
  // a 256 KB window instead of 4 MB (setting up the larger one for every page cost more than
  // compressing it: a list page 40 -> 56 pages/s), gzip at level 4 (7% cheaper than 6, 5% larger).
  app.use(compression({ level: GZIP_LEVEL, brotli: { params: BROTLI_PARAMS } }))
  // pages: wraps the middleware's write and end, so it comes after it
  app.use(compressDocuments)
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

/** The encoding of a response to a request that accepts `header`: Brotli, else gzip, else none. */
function chooseEncoding(header) {
  const accepted = new Map()
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name, q ? Number(q.slice(2)) : 1)
  }
  const ok = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null
}

/**
 * Pages (HTML documents) kept whole and compressed in one call, then sent with their length. The
 * portal's pages have no deferred parts, so React writes each one in a single turn; through the
 * compression middleware's stream, a page cost twice the CPU of compressing it at once (a Brotli
 * encoder set up and flushed per response: 1.7 ms against 0.8 for a list page, issue 20). The
 * middleware leaves a response alone once it has a Content-Encoding; anything else goes through it.
 */
function compressDocuments(req, res, next) {
  if (req.method === 'HEAD') return next()
  const { write, end, flush } = res
  /** @type {Uint8Array[] | false | null} null until the first write shows whether this is a page */
  let kept = null
  const keeps = () => {
    kept ??=
      String(res.getHeader('Content-Type') ?? '').startsWith('text/html') && !res.hasHeader('Content-Encoding')
        ? []
        : false
    return kept !== false
  }
  // a string is encoded; bytes are kept as they are (Buffer.concat and zlib take any Uint8Array)
  const chunkOf = (chunk, encoding) => (typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk)
  res.write = function (chunk, encoding, callback) {
    if (!keeps()) return write.call(this, chunk, encoding, callback)
    kept.push(chunkOf(chunk, typeof encoding === 'string' ? encoding : undefined))
    if (typeof encoding === 'function') encoding()
    else if (typeof callback === 'function') callback()
    return true
  }
  // Remix's adapter flushes after each piece: nothing to flush while a page is kept (an event stream is not)
  res.flush = function () {
    if (!keeps()) flush?.call(this)
  }
  res.end = function (chunk, encoding, callback) {
    if (typeof chunk === 'function') [chunk, callback] = [undefined, chunk]
    if (!keeps()) return end.call(this, chunk, encoding, callback)
    if (chunk != null) kept.push(chunkOf(chunk, typeof encoding === 'string' ? encoding : undefined))
    const body = kept.length === 1 ? kept[0] : Buffer.concat(kept)
    const coding = body.length < COMPRESS_FROM ? null : chooseEncoding(req.get('Accept-Encoding'))
    const sent =
      coding === 'br'
        ? zlib.brotliCompressSync(body, { params: BROTLI_PARAMS })
        : coding === 'gzip'
          ? zlib.gzipSync(body, { level: GZIP_LEVEL })
          : body
    if (coding) this.setHeader('Content-Encoding', coding)
    this.setHeader('Content-Length', sent.length)
    return end.call(this, sent, typeof encoding === 'function' ? encoding : callback)
  }
  next()
}
