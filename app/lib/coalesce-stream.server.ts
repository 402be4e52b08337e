import { Transform } from 'node:stream'

/**
 * A pass-through stream that hands on what was written to it in one turn of the event loop as one
 * chunk, at the end of that turn. React writes a page in pieces of a few kilobytes, all in one go;
 * passed on one by one, each piece went through the response's compression on its own, which cost
 * a quarter of the portal's time on a list page (issue 20). Later writes (a deferred part of the
 * page, after its data came) still go out as soon as their turn ends. `rewrite`, when given, sees
 * each chunk as it goes out (app/lib/paint-first.server.ts).
 */
export function coalescingStream(rewrite: (chunk: Buffer) => Buffer = (chunk) => chunk): Transform {
  let pending: Buffer[] = []
  let scheduled = false
  const release = () => {
    scheduled = false
    if (pending.length === 0) return
    stream.push(rewrite(pending.length === 1 ? pending[0] : Buffer.concat(pending)))
    pending = []
  }
  const stream = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      pending.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
      if (!scheduled) {
        scheduled = true
        setImmediate(release)
      }
      done()
    },
    flush(done) {
      release()
      done()
    },
  })
  return stream
}
