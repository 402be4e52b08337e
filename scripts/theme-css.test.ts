import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { themeCss, themeCssFile } from './theme-css'

describe('the theme stylesheet', () => {
  it('is what MantineProvider would write for app/theme.ts (else: npm run gen:theme-css)', () => {
    const css = themeCss()
    expect(readFileSync(themeCssFile, 'utf8')).toBe(css)
    // the theme's own choices are in it: the font, the darker shades, the dimmed text
    expect(css).toContain('--mantine-font-family: Inter')
    expect(css).toContain('--mantine-color-red-7: #d13636')
    expect(css).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7)')
    expect(css).toContain('.mantine-visible-from-xs')
  })
})
