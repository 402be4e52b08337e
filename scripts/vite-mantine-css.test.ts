import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { layerOrder, layerOrderCss, layersFile, mantineImports, routeStyles, stylesOf } from './vite-mantine-css'

const aliases = { '~/': path.resolve('app') + path.sep, '#contract/': path.resolve('contract') + path.sep }
const skipTableScroll = (source: string, importer: string) =>
  source === './TableScrollContainer.mjs' && importer.includes('/components/Table/')

describe("a page's Mantine stylesheets", () => {
  it('are those of the components it imports and of the components they are built on, the shared ones first', () => {
    expect(stylesOf(['Button'])).toEqual(['UnstyledButton', 'Loader', 'Button'])
    const select = stylesOf(['Select'])
    expect(select).toEqual(expect.arrayContaining(['Combobox', 'Popover', 'Input']))
    expect(select.indexOf('Popover')).toBeLessThan(select.indexOf('Combobox'))
    // the build's Table scrolls natively: no ScrollArea for it
    expect(stylesOf(['Table'])).toContain('ScrollArea')
    expect(stylesOf(['Table'], skipTableScroll)).toEqual(['Table'])
    expect(stylesOf(['useDisclosure', 'MantineProvider'])).toEqual([])
  })

  it('reads the names a module imports from @mantine/core, not its type-only imports', () => {
    const code = `import { Button, Group as Row } from '@mantine/core'\nimport type { MantineTheme } from '@mantine/core'\nimport {\n  Stack,\n  type TextProps,\n} from "@mantine/core"`
    expect(mantineImports(code)).toEqual(['Button', 'Group', 'Stack'])
  })

  it("follow a route's own modules: the sign-in page draws a form, the root the toasts, neither a table", () => {
    const login = routeStyles(path.resolve('app/routes/login.tsx'), { aliases, skip: skipTableScroll })
    expect(login.core).toEqual(expect.arrayContaining(['Button', 'Input']))
    expect(login.core).not.toContain('Table')
    const root = routeStyles(path.resolve('app/root.tsx'), { aliases, skip: skipTableScroll })
    // the toaster loads @mantine/notifications on demand: its sheet and the core's Notification come with the root
    expect(root.packages).toEqual(['notifications'])
    expect(root.core).toContain('Notification')
    const list = routeStyles(path.resolve('app/routes/demo-portal/call-evaluation/evaluation-list.tsx'), {
      aliases,
      skip: skipTableScroll,
    })
    // the list's table is plain markup (PlainTable), and its page has no segmented control
    expect(list.core).toEqual(expect.arrayContaining(['Button', 'Input']))
    expect(list.core).not.toContain('Table')
    expect(list.core).not.toContain('SegmentedControl')
  })

  it('are layered in the order app/styles/mantine-layers.css declares (else: npm run gen:mantine-layers)', () => {
    expect(readFileSync(layersFile, 'utf8')).toBe(layerOrderCss())
    const order = layerOrder()
    expect(order.slice(0, 3)).toEqual(['mantine.baseline', 'mantine.default-css-variables', 'mantine.global'])
    expect(order.indexOf('mantine.UnstyledButton')).toBeLessThan(order.indexOf('mantine.Button'))
    expect(order.indexOf('mantine.Input')).toBeLessThan(order.indexOf('mantine.Combobox'))
    expect(order.at(-1)).toBe('mantine.notifications')
  })
})
