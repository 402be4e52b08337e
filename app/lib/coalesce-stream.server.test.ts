import { describe, expect, it } from 'vitest'
import { coalescingStream } from './coalesce-stream.server'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('coalescing stream', () => {
  it('hands on the writes of one turn as one chunk, and a later turn’s as the next', async () => {
    const stream = coalescingStream()
    const chunks: string[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
    const ended = new Promise((resolve) => stream.on('end', resolve))

    stream.write('<html><head>')
    stream.write(Buffer.from('</head><body>'))
    stream.write('<main>shell</main>')
    await nextTurn()
    await nextTurn()
    expect(chunks).toEqual(['<html><head></head><body><main>shell</main>'])

    // a deferred part, once its data came, goes out without waiting for the end
    stream.write('<div hidden>later</div>')
    await nextTurn()
    await nextTurn()
    expect(chunks).toHaveLength(2)

    stream.write('</body>')
    stream.end('</html>')
    await ended
    expect(chunks.join('')).toBe('<html><head></head><body><main>shell</main><div hidden>later</div></body></html>')
    expect(chunks).toEqual([
      '<html><head></head><body><main>shell</main>',
      '<div hidden>later</div>',
      '</body></html>',
    ])
  })
})
