import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { coalescingStream } from './coalesce-stream.server'
import { paintFirst } from './paint-first.server'

// the tags as Remix's <Scripts nonce> writes them through React
const shell = [
  '<html><head><link rel="stylesheet" href="/assets/root.css"/></head><body><main>page</main>',
  '<link rel="modulepreload" href="/assets/manifest.js"/><link rel="modulepreload" href="/assets/entry.client.js"/>',
  '<script nonce="abc">window.__remixContext = {};</script>',
  '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root.js";</script>',
].join('')

describe('paint first', () => {
  it('writes the modulepreload links and the module script inert, and leaves the rest of the page alone', () => {
    const html = paintFirst()(Buffer.from(shell)).toString()
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).toContain('<link rel="x-modulepreload" href="/assets/manifest.js"/>')
    expect(html).toContain('<link rel="x-modulepreload" href="/assets/entry.client.js"/>')
    expect(html).toContain(
      '<script nonce="abc" type="x-module" async="">import * as route0 from "/assets/root.js";</script>',
    )
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>')
    expect(html).toContain('<script nonce="abc">window.__remixContext = {};</script>')
  })

  it('stops after the module script: the chunks that follow go out as they are', () => {
    const rewrite = paintFirst()
    rewrite(Buffer.from(shell))
    const later = Buffer.from('<script nonce="abc" type="module" async="">late</script>')
    expect(rewrite(later)).toBe(later)
  })

  it('passes a chunk without those tags untouched, and cannot be fooled by a page’s text', () => {
    const rewrite = paintFirst()
    const plain = Buffer.from('<p>nothing to do</p>')
    expect(rewrite(plain)).toBe(plain)
    const text = renderToString(<p title='<link rel="modulepreload" '>{'<script type="module" async="">'}</p>)
    expect(rewrite(Buffer.from(text)).toString()).toBe(text)
  })

  it('rewrites the page as the coalescing stream hands it on', async () => {
    const stream = coalescingStream(paintFirst())
    const chunks: string[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
    const ended = new Promise((resolve) => stream.on('end', resolve))
    stream.write(shell)
    stream.end('</body></html>')
    await ended
    expect(chunks.join('')).toContain('type="x-module"')
    expect(chunks.join('')).not.toContain('type="module"')
  })
})
