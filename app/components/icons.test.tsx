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
      /^<svg width="18" height="18" class="[^"]*outline[^"]*" style="stroke-width:1.6" aria-hidden="true"><use href="[^"#]*icons[^"#]*\.svg#bell"><\/use><\/svg>$/,
    )
    // Tabler's default stroke and colour come from the stylesheet: nothing inline
    expect(renderToStaticMarkup(<icons.IconBell />)).not.toContain('style=')
    expect(renderToStaticMarkup(<icons.IconLock color="red" />)).toContain('style="color:red"')
    const filled = renderToStaticMarkup(<icons.IconPlayerPlayFilled title="Play" />)
    expect(filled).toMatch(/class="[^"]*filled/)
    expect(filled).toContain('<title>Play</title>')
    expect(filled).toContain('#player-play-filled"')
  })
})
