import path from 'node:path'
import { parseAst, build, type Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { pureAnnotationOffsets, pureDeclarations } from './vite-pure-declarations'

const fixture = path.resolve(import.meta.dirname, 'fixtures/pure-declarations')

/** The browser bundle of page.ts, with or without the plugin on contract.ts. */
async function bundle(withPlugin: boolean) {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: fixture,
    plugins: withPlugin ? [pureDeclarations({ include: (id) => id.endsWith('/contract.ts') })] : [],
    build: {
      write: false,
      minify: false,
      lib: { entry: path.join(fixture, 'page.ts'), formats: ['es'], fileName: 'page' },
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[]
  return outputs[0].output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n')
}

describe('pure declarations (the browser build of contract/)', () => {
  it('leaves out the schemas and zod when a page imports only a label', async () => {
    const code = await bundle(true)
    expect(code).toContain('Rouge')
    expect(code).not.toContain('ZodError')
    expect(code.length).toBeLessThan(2_000)
  }, 60_000)

  it('keeps them without it: Rollup cannot tell that building a schema has no effect', async () => {
    const code = await bundle(false)
    expect(code).toContain('Rouge')
    expect(code).toContain('ZodError')
  }, 60_000)

  it('marks the calls of top-level initialisers, not those inside the functions written there', () => {
    const code =
      'import { z } from "zod"\nexport const a = z.string().min(1)\nexport const f = (x) => z.literal(x)\nconst b = new Set([1])\nexport function g() { return z.number() }\n'
    const offsets = pureAnnotationOffsets(parseAst(code))
    const marked = offsets.map((offset) => code.slice(offset, offset + 12))
    expect(marked).toEqual(['z.string().m', 'new Set([1])'])
  })

  it('refuses a module with a top-level statement whose effect could matter', () => {
    expect(() =>
      pureAnnotationOffsets(parseAst('import { z } from "zod"\nz.setErrorMap(() => ({ message: "no" }))\n'), 'x.ts'),
    ).toThrow(/x\.ts: a top-level ExpressionStatement/)
  })
})
