import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import { createHash } from 'node:crypto'
import path from 'node:path'
import tsconfigPaths from 'vite-tsconfig-paths'
import { mantineCss } from './scripts/vite-mantine-css'
import { pureDeclarations } from './scripts/vite-pure-declarations'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

/**
 * A CSS module's class in the build: 'c' and six characters of a hash of its file and name, not Vite's
 * `_name_hash_line` (class attributes were an eighth of a dashboard's HTML). In dev, the readable default.
 */
function shortClassName(name: string, filename: string) {
  const file = path.relative(import.meta.dirname, filename.split('?')[0])
  return `c${createHash('sha256').update(`${file}:${name}`).digest('base64url').slice(0, 6)}`
}

const isTableScrollContainer = (source: string, importer: string) =>
  source === './TableScrollContainer.mjs' && importer.includes('/@mantine/core/esm/components/Table/')

export default defineConfig(({ command }) => ({
  server: { port: 3000 },
  css: command === 'build' ? { modules: { generateScopedName: shortClassName } } : {},
  // manifest: Remix keeps Vite's manifest in build/.vite (outside build/client: never served) for
  // bench/client-js.mjs, which counts the chart chunks a page imports lazily
  // the icon sprite stays a file however small: an icon is a <use> of `sprite.svg#name`
  build: {
    target: 'es2020',
    cssMinify: true,
    manifest: true,
    assetsInlineLimit: (file: string) => (file.endsWith('/app/components/icons.svg') ? false : undefined),
  },
  plugins: [
    {
      // Mantine's Table carries Table.ScrollContainer, which draws custom scrollbars with ScrollArea:
      // about 15 kB of gzipped JavaScript on every page with a table, even where no table scrolls.
      // The portal's tables scroll natively (~/components/layout/table-scroll); in the browser's
      // build Mantine's Table gets that component instead, so ScrollArea is never bundled for it.
      name: 'table-scroll-container',
      enforce: 'pre',
      resolveId(source, importer) {
        if (importer && isTableScrollContainer(source, importer)) {
          return path.resolve('app/components/layout/table-scroll-mantine.ts')
        }
      },
    },
    // each route module imports one stylesheet of the Mantine components its page draws, each in a
    // layer of its own (scripts/vite-mantine-css.ts): a page links the Mantine CSS it uses, not all of it
    mantineCss({
      aliases: { '~/': path.resolve('app') + path.sep, '#contract/': path.resolve('contract') + path.sep },
      skip: isTableScrollContainer,
    }),
    // contract/ is declarative: a page that imports a label or a limit from it does not download
    // the schemas beside it, nor zod for them (scripts/vite-pure-declarations.ts)
    pureDeclarations({ include: (id) => id.startsWith(path.resolve('contract') + path.sep) && id.endsWith('.ts') }),
    remix({
      ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/*.css'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
  ],
}))
