import { expect, login, type Page, test } from './fixtures'

// A new user's walk (issue 19) with the keyboard only: on the main pages, Tab reaches every control a
// mouse can use, in turn, and the one in focus is visibly marked (an outline or a focus ring), after
// hydration. A radio group is one stop (arrows move within it), as the platform does it.

const CE = '/demo-portal/solutions/call-evaluation'

type Visit = { name: string; to: string; follow?: string }

const pages: Record<string, Visit[]> = {
  'supervisor@demo.local': [
    { name: 'home', to: '/demo-portal' },
    { name: 'evaluation list', to: `${CE}/evaluation-list` },
    { name: 'evaluation detail', to: `${CE}/evaluation-list`, follow: 'a[href*="/evaluation-detail/"]' },
    { name: 'evaluation dashboard', to: `${CE}/evaluation-dashboard` },
    { name: 'template edit', to: `${CE}/manage-template`, follow: 'table a[href*="/manage-template/"]' },
    { name: 'ocr demo', to: '/demo-portal/solutions/ocr/demo' },
    { name: 'face demo', to: '/demo-portal/solutions/face-recognition/demo' },
    { name: 'speech demo', to: '/demo-portal/capabilities/speech-recognition/demo' },
    { name: 'summarization demo', to: '/demo-portal/capabilities/summarization/demo' },
    { name: 'chatbot', to: '/demo-portal/capabilities/chatbot/chatWithUs' },
    { name: 'reshub calendar', to: '/reshub/calendar' },
  ],
  'admin@demo.local': [{ name: 'user add', to: `${CE}/manage-user/add` }],
  'agent@demo.local': [
    { name: 'agent evaluation detail', to: `${CE}/evaluation-list`, follow: 'a[href*="/evaluation-detail/"]' },
  ],
}

type Stop = { key: string; label: string; marked: boolean }

/** Marks every control a pointer could use with data-kb, and returns their keys (a radio group is one key). */
async function controls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])'
    const keys: string[] = []
    let n = 0
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if ((el as HTMLButtonElement).disabled || el.closest('[inert], [aria-hidden="true"]')) continue
      if (el.getAttribute('tabindex') === '-1') continue
      const box = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      // what a pointer can reach: drawn, and not a control the page shows only in another size
      if (!box.width || !box.height || style.visibility === 'hidden' || !el.checkVisibility()) continue
      const input = el as HTMLInputElement
      const key = input.type === 'radio' && input.name ? `radio:${input.form?.id ?? ''}:${input.name}` : `el:${n++}`
      el.dataset.kb = key
      if (!keys.includes(key)) keys.push(key)
    }
    return keys
  })
}

/**
 * Tabs through the page from the top; each stop with whether its focus is drawn: it looks different
 * focused (an outline, a ring, a border or a fill) from how it looks once Tab has moved on. A media
 * element's own controls draw their focus inside the browser's shadow tree, out of a page's reach.
 */
async function tabThrough(page: Page, limit: number): Promise<Stop[]> {
  await page.locator('body').click({ position: { x: 1, y: 1 } })
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  const stops: (Stop & { look: string; at: string; media: boolean })[] = []
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(
      async (previous) => {
        /** How an element is drawn where focus shows: its outline, ring (box shadow), border and fill. */
        const lookOf = (e: Element) => {
          const c = getComputedStyle(e)
          const outline = c.outlineStyle === 'none' ? 'none' : `${c.outlineStyle} ${c.outlineWidth} ${c.outlineColor}`
          return [outline, c.boxShadow, c.borderTopColor, c.borderBottomColor, c.backgroundColor].join('|')
        }
        // a field inside a frame (a password's, with its show button) is marked on the frame
        const drawn = (e: Element) => `${lookOf(e)} / ${e.parentElement ? lookOf(e.parentElement) : ''}`
        // a border or ring that fades in is read once it has (CSS transitions, not endless animations)
        const fading = document.getAnimations().filter((a) => a instanceof CSSTransition)
        await Promise.all(fading.map((a) => a.finished.catch(() => null)))
        const el = document.activeElement as HTMLElement | null
        const before = previous ? document.querySelector(`[data-kb-at="${previous}"]`) : null
        const after = before && before !== el ? drawn(before) : null
        if (!el || el === document.body) return { after, stop: null }
        const label = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent ?? '').trim().slice(0, 40)}"`
        // a date's day, month and year are stops within one input: one stop
        if (previous && el.dataset.kbAt === previous) return { after: null, stop: null, same: true }
        const at = `${Math.random()}`
        el.dataset.kbAt = at
        const media = el.tagName === 'AUDIO' || el.tagName === 'VIDEO'
        return { after, stop: { key: el.dataset.kb ?? `unmarked ${label}`, label, look: drawn(el), at, media } }
      },
      stops.at(-1)?.at ?? null,
    )
    if ('same' in stop) continue
    const last = stops.at(-1)
    if (last && stop.after !== null) last.marked = last.media || stop.after !== last.look
    if (!stop.stop) break
    // back at the first stop: the page has gone round
    if (stops.length && stop.stop.key === stops[0]!.key) break
    stops.push({ ...stop.stop, marked: stop.stop.media })
  }
  return stops
}

test.describe('the keyboard alone', () => {
  for (const [email, visits] of Object.entries(pages))
    test(`reaches and marks every control ${email} has on the main pages`, async ({ page }) => {
      test.setTimeout(60_000 + visits.length * 30_000)
      await login(page, email)
      const problems: string[] = []
      for (const visit of visits) {
        await page.goto(visit.to)
        if (visit.follow) await page.goto((await page.locator(visit.follow).first().getAttribute('href'))!)
        await page.waitForLoadState('networkidle')
        await page.locator('button[aria-label="Toggle navigation"]').waitFor({ state: 'attached' })
        const wanted = await controls(page)
        const stops = await tabThrough(page, wanted.length + 40)
        const reached = new Set(stops.map((s) => s.key))
        for (const key of wanted.filter((k) => !reached.has(k))) {
          const el = page.locator(`[data-kb="${key}"]`).first()
          problems.push(`${visit.name}: not reached by Tab: ${await el.evaluate((e) => e.outerHTML.slice(0, 160))}`)
        }
        for (const stop of stops.filter((s) => !s.marked))
          problems.push(`${visit.name}: focus not drawn on ${stop.label}`)
        expect(stops.length, `${visit.name}: Tab stops`).toBeGreaterThan(5)
      }
      expect(problems).toEqual([])
    })
})
