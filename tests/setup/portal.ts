import '@testing-library/jest-dom/vitest'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { UPSTREAM, resetMockState, server } from '#tests/mocks/handlers'
import { clearLookups } from '~/services/upstream.server'

process.env.API_BASE_URL = UPSTREAM
process.env.SESSION_SECRET = 'test-session-secret-0123456789abcdef'
process.env.NODE_ENV = 'test'

const inJsdom = typeof window !== 'undefined'

if (inJsdom) {
  // Remix's router hands URLSearchParams to Node's Request, which refuses jsdom's own class.
  const { URLSearchParams: NodeURLSearchParams } = await import('node:url')
  globalThis.URLSearchParams = NodeURLSearchParams as typeof URLSearchParams
  const { cleanup } = await import('@testing-library/react')
  afterEach(() => cleanup())
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {}
  // jsdom has <dialog> without its modal methods: open and close it as a browser would (no top layer)
  window.HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  window.HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    if (!this.open) return
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}

// The stub router is React Router 6; its notices about v7 flags say nothing about this app.
const originalWarn = console.warn
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('React Router Future Flag Warning')) return
  originalWarn(...args)
}

const consoleErrors: unknown[][] = []
const originalError = console.error
console.error = (...args: unknown[]) => {
  consoleErrors.push(args)
  originalError(...args)
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  resetMockState()
  clearLookups()
  const seen = consoleErrors.splice(0)
  expect(seen, 'console.error was called during the test').toEqual([])
})
afterAll(() => server.close())
