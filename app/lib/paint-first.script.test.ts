// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { INERT_MODULE, INERT_PRELOAD, PAINT_FIRST_SCRIPT } from './hydration'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

/** A painted page with `count` inert preloads and the inert module script, then the script run. */
function runOnPaintedPage(count: number) {
  vi.useFakeTimers()
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
    name === 'first-contentful-paint' ? [{ name } as PerformanceEntry] : [],
  )
  document.body.innerHTML = [
    ...Array.from({ length: count }, (_, i) => `<link rel="${INERT_PRELOAD}" href="/assets/m${i}.js">`),
    `<script nonce="abc" type="${INERT_MODULE}" async="">import "/assets/entry.js"</script>`,
  ].join('')
  window.eval(PAINT_FIRST_SCRIPT)
}

const live = () => document.querySelectorAll('link[rel="modulepreload"]').length
const moduleScript = () => document.querySelector<HTMLScriptElement>('script[type="module"]')

describe('the paint-first script', () => {
  it('starts the preloads a few per task, in their order, then the module script', () => {
    runOnPaintedPage(20)
    // a slow PC's main thread is not held for all of them at once
    expect(live()).toBe(6)
    expect(document.querySelector('link[rel="modulepreload"]')).toHaveAttribute('href', '/assets/m0.js')
    expect(moduleScript()).toBeNull()
    vi.advanceTimersToNextTimer()
    expect(live()).toBe(12)
    vi.runAllTimers()
    expect(live()).toBe(20)
    const script = moduleScript()!
    expect(script.textContent).toBe('import "/assets/entry.js"')
    expect(script.nonce).toBe('abc')
    expect(document.querySelector(`script[type="${INERT_MODULE}"]`)).toBeNull()
  })

  it('starts a page with few modules in one go', () => {
    runOnPaintedPage(3)
    expect(live()).toBe(3)
    expect(moduleScript()).not.toBeNull()
  })
})
