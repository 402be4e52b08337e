// A Vite plugin: each route module of the portal imports one stylesheet made for it, holding the
// stylesheets of the Mantine components its page draws (and of the components they are built on),
// so a page links the Mantine CSS it draws, not all 200 KB of `@mantine/core/styles.css` (issue 20:
// CSS that a page does not use is not render-blocking). Mantine documents this per-component import;
// which files a component needs is read from Mantine's own ES modules: a component's module imports
// its `X.module.css.mjs` (whose rules are `styles/X.css`) and the modules of the components it uses.
//
// The stylesheets now come in whatever order the pages' sheets are linked, and Mantine's rules rely
// on their order (Button's after UnstyledButton's, both one class). So each file is wrapped in a CSS
// layer of its own, `mantine.X`, and app/styles/mantine-layers.css, linked before any other, orders
// those layers once, as Mantine's own `styles.css` orders its files. Being layered, every Mantine
// rule yields to the portal's own unlayered CSS modules, as Mantine's `styles.layer.css` does.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const require = createRequire(import.meta.url)
/** A Mantine package's ES modules (its package.json is not exported: found from its entry). */
const esmOf = (pkg: string) => path.join(path.dirname(require.resolve(`@mantine/${pkg}`)), '..', 'esm')
const esmDir = esmOf('core')
const coreDir = path.join(esmDir, '..')

/** The stylesheets every page needs: Mantine's reset, its default variables and its global classes. */
export const GLOBAL_STYLES = ['baseline', 'default-css-variables', 'global'] as const
/** Other Mantine packages the portal uses, whose stylesheets are layered after the core's. */
const PACKAGE_STYLES: Record<string, string> = { notifications: '@mantine/notifications/styles.css' }

/** The core components a package of Mantine's draws (the core's names it imports). */
function coreImportsOf(pkg: string) {
  const dir = esmOf(pkg)
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mjs'))
    .flatMap((file) => mantineImports(readFileSync(path.join(dir, file), 'utf8')))
}

/** Leaves an import of Mantine's out of the walk, as the build leaves it out of the bundle. */
export type Skip = (source: string, importer: string) => boolean

const exportsOf = (() => {
  let map: Map<string, string> | undefined
  return () => {
    if (map) return map
    map = new Map()
    const index = readFileSync(path.join(esmDir, 'index.mjs'), 'utf8')
    for (const [, names, from] of index.matchAll(/export \{([^}]+)\} from '(\.[^']+)'/g)) {
      for (const name of names!.split(',')) {
        const exported = name
          .trim()
          .split(/\s+as\s+/)
          .pop()!
        map.set(exported, path.join(esmDir, from!))
      }
    }
    return map
  }
})()

const importsCache = new Map<string, string[]>()

/** The modules of Mantine's that a module imports (relative imports, less the skipped ones). */
function importsOf(file: string, skip: Skip) {
  let found = importsCache.get(file)
  if (!found) {
    found = [...readFileSync(file, 'utf8').matchAll(/(?:from|import) '(\.[^']+\.mjs)'/g)].map(([, source]) => source!)
    importsCache.set(file, found)
  }
  return found.filter((source) => !skip(source, file)).map((source) => path.resolve(path.dirname(file), source))
}

/** `styles/X.css` is the rules of `X.module.css.mjs`. */
const styleOf = (file: string) => /([^/\\]+)\.module\.css\.mjs$/.exec(file)?.[1]

/** The stylesheets of the modules reachable from `files`. */
function walk(files: string[], skip: Skip): Set<string> {
  const visited = new Set<string>()
  const styles = new Set<string>()
  const visit = (file: string) => {
    if (visited.has(file)) return
    visited.add(file)
    const style = styleOf(file)
    if (style) styles.add(style)
    else importsOf(file, skip).forEach(visit)
  }
  files.forEach(visit)
  return styles
}

let order: string[] | undefined
/**
 * Every core stylesheet in the order of Mantine's own bundle, `styles.css`, where the shared pieces
 * (UnstyledButton, Popover, Input…) come before the components built on them: each file's place is
 * that of its first class there.
 */
function coreOrder() {
  if (order) return order
  const bundle = readFileSync(path.join(coreDir, 'styles.css'), 'utf8')
  const place = (name: string) => {
    const firstClass = /\.m_[0-9a-f]+\b/.exec(readFileSync(path.join(coreDir, 'styles', `${name}.css`), 'utf8'))
    const at = firstClass ? bundle.indexOf(firstClass[0]) : -1
    if (at < 0) throw new Error(`mantine-css: ${name}.css is not in @mantine/core/styles.css`)
    return at
  }
  const names = readdirSync(path.join(coreDir, 'styles'))
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => file.slice(0, -'.css'.length))
    .filter((name) => !(GLOBAL_STYLES as readonly string[]).includes(name))
  const places = new Map(names.map((name) => [name, place(name)]))
  return (order = names.sort((a, b) => places.get(a)! - places.get(b)!))
}

/** The stylesheets that the named exports of @mantine/core need, in the order of their layers. */
export function stylesOf(names: readonly string[], skip: Skip = () => false): string[] {
  const files = names.flatMap((name) => exportsOf().get(name) ?? [])
  const needed = walk(files, skip)
  return coreOrder().filter((style) => needed.has(style))
}

/** Every layer, in the order the cascade must give them: the global ones, the core's, the other packages'. */
export function layerOrder(): string[] {
  return [...GLOBAL_STYLES, ...coreOrder(), ...Object.keys(PACKAGE_STYLES)].map((name) => `mantine.${name}`)
}

export const layersFile = fileURLToPath(new URL('../app/styles/mantine-layers.css', import.meta.url))

/** app/styles/mantine-layers.css, as `npm run gen:mantine-layers` writes it. */
export function layerOrderCss() {
  return [
    '/* Generated by scripts/vite-mantine-css.ts (npm run gen:mantine-layers): the order of the layers of',
    "   Mantine's stylesheets, declared before any of them is linked (app/root.tsx). Do not edit. */",
    `@layer ${layerOrder().join(',\n  ')};`,
    '',
  ].join('\n')
}

/** The names imported from '@mantine/core' by a module's source (type-only imports left out). */
export function mantineImports(code: string): string[] {
  const names: string[] = []
  for (const [, clause] of code.matchAll(/import\s+\{([^}]*)\}\s+from\s+['"]@mantine\/core['"]/g)) {
    for (const part of clause!.split(',')) {
      const name = part.trim()
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!)
    }
  }
  return names
}

const STYLE_FILE = /[/\\]@mantine[/\\]core[/\\]styles[/\\]([\w-]+)\.css(\?.*)?$/
const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts']

/** The portal's source files a module imports (statically or on demand), less server-only ones. */
function appImportsOf(file: string, code: string, aliases: Record<string, string>) {
  const found: string[] = []
  for (const [, source] of code.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)'([^']+)'/g)) {
    const alias = Object.keys(aliases).find((prefix) => source!.startsWith(prefix))
    const base = alias
      ? path.join(aliases[alias]!, source!.slice(alias.length))
      : source!.startsWith('.')
        ? path.resolve(path.dirname(file), source!)
        : null
    // loaders, actions and their helpers never draw a component
    if (!base || /\.server\b/.test(base)) continue
    const resolved = EXTENSIONS.map((ext) => base + ext).find((candidate) => existsSync(candidate))
    if (resolved) found.push(resolved)
  }
  return found
}

const modules = new Map<string, { names: string[]; packages: string[]; imports: string[] }>()

/** What one of the portal's modules imports of Mantine's and of the portal's, read once for every route. */
function readModule(file: string, aliases: Record<string, string>) {
  let read = modules.get(file)
  if (!read) {
    const code = readFileSync(file, 'utf8')
    read = {
      names: mantineImports(code),
      packages: Object.keys(PACKAGE_STYLES).filter((pkg) => code.includes(`'@mantine/${pkg}'`)),
      imports: appImportsOf(file, code, aliases),
    }
    modules.set(file, read)
  }
  return read
}

/**
 * What the modules a route module draws with need of Mantine's stylesheets: every core stylesheet
 * (in the order of the layers) of the components imported by it or by the portal's modules it
 * imports, and the stylesheets of the other Mantine packages any of them loads, each in its layer.
 */
export function routeStyles(
  file: string,
  { aliases, skip = () => false }: { aliases: Record<string, string>; skip?: Skip },
): { core: string[]; packages: string[] } {
  const names = new Set<string>()
  const packages = new Set<string>()
  const seen = new Set<string>()
  const visit = (module: string) => {
    if (seen.has(module)) return
    seen.add(module)
    const read = readModule(module, aliases)
    read.names.forEach((name) => names.add(name))
    read.packages.forEach((pkg) => packages.add(pkg))
    read.imports.forEach(visit)
  }
  visit(file)
  for (const pkg of packages) for (const name of coreImportsOf(pkg)) names.add(name)
  return { core: stylesOf([...names], skip), packages: Object.keys(PACKAGE_STYLES).filter((p) => packages.has(p)) }
}

const layered = (name: string, css: string) => `@layer mantine.${name} {\n${css}\n}\n`

const VIRTUAL = 'virtual:mantine-css/'

type RouteConfig = Record<string, { id: string; parentId?: string; file: string }>
type RemixContext = { remixConfig: { appDirectory: string; routes: RouteConfig } }

/**
 * In the build, each route module imports one stylesheet made for it: the Mantine stylesheets its
 * page draws (routeStyles), each in its layer, less those its parent routes' stylesheets hold
 * (always linked with it, before it). One file per route, linked by Remix with the route's own CSS:
 * no request per component, nothing twice, nothing the page does not draw. In dev, the root imports
 * all of Mantine's, in one layer below the portal's. The routes are Remix's (its Vite plugin's
 * resolved configuration).
 */
export function mantineCss({ aliases, skip }: { aliases: Record<string, string>; skip: Skip }): Plugin {
  let serve = false
  /** Each route module's file, and the files of the routes above it (each route that uses the module). */
  const routes = new Map<string, string[][]>()
  let rootFile = ''
  const sheets = new Map<string, string>()
  const stylesCache = new Map<string, ReturnType<typeof routeStyles>>()
  const stylesOfRoute = (file: string) => {
    let found = stylesCache.get(file)
    if (!found) stylesCache.set(file, (found = routeStyles(file, { aliases, skip })))
    return found
  }
  return {
    name: 'mantine-css',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve'
      const context = (config as unknown as { __remixPluginContext?: RemixContext }).__remixPluginContext
      // (Remix's own child compiler, which reads the routes' exports, has none: nothing to do there)
      if (!context) return
      const { appDirectory, routes: routeConfig } = context.remixConfig
      const fileOf = (id: string) => path.resolve(appDirectory, routeConfig[id]!.file)
      for (const route of Object.values(routeConfig)) {
        const above: string[] = []
        for (let parent = route.parentId; parent; parent = routeConfig[parent]?.parentId) above.push(fileOf(parent))
        const file = fileOf(route.id)
        routes.set(file, [...(routes.get(file) ?? []), above])
        if (!route.parentId) rootFile = file
      }
    },
    resolveId(source) {
      if (source.startsWith(VIRTUAL)) return `\0${source}`
    },
    load(id) {
      if (id.startsWith(`\0${VIRTUAL}`)) return sheets.get(id.slice(1))
    },
    transform(code, id, options) {
      // a Mantine stylesheet imported by name (the global ones, by root.tsx): wrapped in its layer
      const style = STYLE_FILE.exec(id)?.[1]
      if (style) return { code: layered(style, code), map: null }
      const file = id.split('?')[0]!
      const ancestries = routes.get(file)
      if (!ancestries) return
      // (in dev for the server too: Remix inlines the page's CSS from the server's module graph)
      if (serve) {
        if (file === rootFile) return { code: `import '@mantine/core/styles.layer.css';${code}`, map: null }
        return
      }
      if (options?.ssr) return
      // what every route using this module has above it is linked already
      const linked = (kind: 'core' | 'packages', name: string) =>
        ancestries.every((above) => above.some((parent) => stylesOfRoute(parent)[kind].includes(name)))
      const own = stylesOfRoute(file)
      const core = own.core.filter((name) => !linked('core', name))
      const packages = own.packages.filter((pkg) => !linked('packages', pkg))
      if (core.length + packages.length === 0) return
      const sheet = `${VIRTUAL}${path.basename(file).replace(/\.\w+$/, '')}-${sheets.size}.css`
      sheets.set(
        sheet,
        [
          ...core.map((name) => layered(name, readFileSync(path.join(coreDir, 'styles', `${name}.css`), 'utf8'))),
          ...packages.map((pkg) => layered(pkg, readFileSync(require.resolve(PACKAGE_STYLES[pkg]!), 'utf8'))),
        ].join(''),
      )
      return { code: `import '${sheet}';${code}`, map: null }
    },
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(layersFile, layerOrderCss())
  console.log(`wrote ${path.relative(process.cwd(), layersFile)}`)
}
