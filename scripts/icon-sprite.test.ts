import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { iconSprite, listedIcons, spriteFile } from './icon-sprite'

describe('the icon sprite', () => {
  it('holds every icon icons.tsx lists, with Tabler’s shapes (else: npm run gen:icons)', () => {
    const sprite = iconSprite()
    expect(readFileSync(spriteFile, 'utf8')).toBe(sprite)
    const listed = listedIcons()
    expect(listed.length).toBeGreaterThan(50)
    for (const { iconName } of listed) expect(sprite).toContain(`<symbol id="${iconName}" viewBox="0 0 24 24">`)
    expect(sprite).toContain('<symbol id="bell" viewBox="0 0 24 24"><path d="M10 5a2 2 0 1 1 4 0')
  })

  it('refuses an icon listed under a name that is not Tabler’s', () => {
    expect(() => iconSprite([{ exportName: 'IconBell', iconName: 'bells', filled: false }])).toThrow(
      "IconBell is Tabler's outline icon 'bell'",
    )
  })
})
