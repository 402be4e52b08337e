// The SVG sprite of the portal's icons (app/components/icons.svg), from the icons that
// app/components/icons.tsx lists and the shapes @tabler/icons-react ships. `npm run gen:icons` writes it
// after an icon is added there; scripts/icon-sprite.test.ts fails while it is out of date.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const iconsModule = path.join(root, 'app/components/icons.tsx')
export const spriteFile = path.join(root, 'app/components/icons.svg')
const tablerIcons = path.join(root, 'node_modules/@tabler/icons-react/dist/esm/icons')

export type IconEntry = { exportName: string; iconName: string; filled: boolean }

/** The icons app/components/icons.tsx exports: `export const IconX = spriteIcon('x'[, true])`. */
export function listedIcons(source = readFileSync(iconsModule, 'utf8')): IconEntry[] {
  return [...source.matchAll(/^export const (Icon\w+) = spriteIcon\('([a-z0-9-]+)'(, true)?\)$/gm)].map((m) => ({
    exportName: m[1],
    iconName: m[2],
    filled: m[3] !== undefined,
  }))
}

type Shape = { type: 'outline' | 'filled'; iconName: string; nodes: [string, Record<string, string>][] }

/** One Tabler icon as its React module defines it: its kind, its name and its elements. */
export function tablerIcon(exportName: string): Shape {
  const source = readFileSync(path.join(tablerIcons, `${exportName}.mjs`), 'utf8')
  const nodes = source.match(/const __iconNode = (\[.*\]);/)
  const call = source.match(/createReactComponent\("(outline|filled)", "([a-z0-9-]+)"/)
  if (!nodes || !call) throw new Error(`${exportName}: @tabler/icons-react's module is not as expected`)
  return { type: call[1] as Shape['type'], iconName: call[2], nodes: JSON.parse(nodes[1]) }
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The sprite: one <symbol> per icon, its id the icon's name; fill and stroke come from the <svg> using it. */
export function iconSprite(entries = listedIcons()): string {
  const symbols = entries.map(({ exportName, iconName, filled }) => {
    const shape = tablerIcon(exportName)
    if (shape.iconName !== iconName || (shape.type === 'filled') !== filled) {
      throw new Error(`${exportName} is Tabler's ${shape.type} icon '${shape.iconName}': list it as such in icons.tsx`)
    }
    const elements = shape.nodes.map(([tag, attrs]) => {
      const list = Object.entries(attrs)
        .filter(([name]) => name !== 'key')
        .map(([name, value]) => ` ${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escape(String(value))}"`)
      return `<${tag}${list.join('')}/>`
    })
    return `<symbol id="${iconName}" viewBox="0 0 24 24">${elements.join('')}</symbol>`
  })
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(spriteFile, iconSprite())
  console.log(`wrote ${path.relative(process.cwd(), spriteFile)}`)
}
