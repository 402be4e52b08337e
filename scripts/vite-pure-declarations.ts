// A Vite plugin for the browser's build: the top-level declarations of the modules it is given
// (contract/: zod schemas, their value lists and labels) are marked side-effect free, so a page that
// imports a label or a limit from a contract module does not also download every schema beside it
// and zod with them (issue 20's client-JS budgets).
//
// Rollup keeps a call at a module's top level unless it can prove the call has no side effect, and
// it cannot prove that of `z.object({…})` or `schema.extend({…})`. A `/*#__PURE__*/` annotation
// before a call says so; Rollup then drops the call when its value is unused. This plugin writes the
// annotation before every call and `new` in the initialiser of a top-level `const`/`let` (not inside
// a function written there: that code runs only when called). It is right only for declarative
// modules: a top-level call whose effect matters (a registry, a global setting) would be dropped, so
// the plugin refuses a module that has any top-level statement other than imports, exports and
// declarations.
import MagicString from 'magic-string'
import type { Plugin, Rollup } from 'vite'

const PURE = '/*#__PURE__*/ '

/** Where the annotations go in a parsed module (ESTree), or throws on a top-level statement with effects. */
export function pureAnnotationOffsets(program: Rollup.ProgramNode, id = 'module'): number[] {
  const offsets = new Set<number>()
  type Node = { type: string; start: number; [key: string]: unknown }
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object' || typeof (value as Node).type !== 'string') return
    const node = value as Node
    // a function's body runs when it is called, not at import: its calls are not the module's
    if (/Function/.test(node.type)) return
    if (node.type === 'CallExpression' || node.type === 'NewExpression') offsets.add(node.start)
    for (const [key, value] of Object.entries(node)) {
      if (key === 'start' || key === 'end' || key === 'loc' || key === 'range') continue
      if (Array.isArray(value)) value.forEach(visit)
      else visit(value)
    }
  }
  const declaration = (node: { type: string }) => {
    if (node.type !== 'VariableDeclaration') return false
    for (const declarator of (node as Rollup.AstNode & { declarations: { init: unknown }[] }).declarations)
      visit(declarator.init)
    return true
  }
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration' || statement.type === 'ExportAllDeclaration') continue
    if (statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') continue
    if (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration') {
      const inner = statement.declaration
      if (!inner || /Function|Class/.test(inner.type) || declaration(inner)) continue
      if (statement.type === 'ExportDefaultDeclaration' && inner.type === 'Identifier') continue
    } else if (declaration(statement)) continue
    throw new Error(
      `${id}: a top-level ${statement.type} (at ${(statement as unknown as Rollup.AstNode).start}) in a module whose declarations are marked pure; ` +
        'move it into a function, or out of this module',
    )
  }
  return [...offsets].sort((a, b) => a - b)
}

/** `include` says which modules are declarative. */
export function pureDeclarations({ include }: { include: (id: string) => boolean }): Plugin {
  return {
    name: 'pure-declarations',
    // after TypeScript is stripped: the parser reads JavaScript
    enforce: 'post',
    transform(code, id, options) {
      if (options?.ssr || !include(id.split('?')[0])) return null
      const offsets = pureAnnotationOffsets(this.parse(code), id)
      if (offsets.length === 0) return null
      const out = new MagicString(code)
      for (const offset of offsets) out.appendLeft(offset, PURE)
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) }
    },
  }
}
