import { readFileSync } from 'node:fs'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import * as icons from './icons'

const sprite = readFileSync(new URL('./icons.svg', import.meta.url), 'utf8')

describe('icons', () => {
  it('each has its symbol in the sprite (scripts/icon-sprite.ts builds it from this module’s list)', () => {
    const exported = Object.entries(icons).filter(([name]) => name.startsWith('Icon'))
    expect(exported.length).toBeGreaterThan(50)
    for (const [name, icon] of exported) {
      expect(sprite, name).toContain(`<symbol id="${(icon as icons.Icon).iconName}" `)
    }
  })

  it('draws an icon as a reference to its symbol, sized and stroked as Tabler’s own', () => {
    const outline = renderToStaticMarkup(<icons.IconBell size={18} stroke={1.6} aria-hidden />)
    expect(outline).toMatch(
      /^<svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><use href="[^"#]*icons[^"#]*\.svg#bell"><\/use><\/svg>$/,
    )
    const filled = renderToStaticMarkup(<icons.IconPlayerPlayFilled title="Play" />)
    expect(filled).toContain('fill="currentColor" stroke="none"')
    expect(filled).toContain('<title>Play</title>')
    expect(filled).toContain('#player-play-filled"')
  })
})
