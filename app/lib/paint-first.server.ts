import { INERT_MODULE, INERT_PRELOAD } from '~/lib/hydration'

const PRELOAD = /<link rel="modulepreload" /g
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/
const MARKS = ['<link rel="modulepreload" ', ' type="module" async="">']

/**
 * A rewriter for the page's HTML as it streams: Remix's modulepreload links and its module script
 * are written inert until the page's first paint (`PAINT_FIRST_SCRIPT` in app/lib/hydration.ts starts
 * them). They are all in the page's shell, before the module script; once that is rewritten, later
 * chunks (a deferred part of the page, the streamed loader data) pass as they are. React escapes
 * quotes in text and attributes, so these tags cannot come from a page's data.
 */
export function paintFirst(): (chunk: Buffer) => Buffer {
  let done = false
  return (chunk) => {
    if (done) return chunk
    if (!MARKS.some((mark) => chunk.includes(mark))) return chunk
    const html = chunk.toString()
    done = MODULE_SCRIPT.test(html)
    return Buffer.from(
      html
        .replace(PRELOAD, `<link rel="${INERT_PRELOAD}" `)
        .replace(MODULE_SCRIPT, `<script$1 type="${INERT_MODULE}" async="">`),
    )
  }
}
