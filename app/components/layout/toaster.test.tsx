// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ShownToast } from '~/sessions.server'
import { theme } from '~/theme'
import { TOAST_MS, Toaster } from './toaster'

function show(toast: ShownToast, scripted = true) {
  render(
    <MantineProvider theme={theme} env="test">
      <Toaster toast={toast} scripted={scripted} />
    </MantineProvider>,
  )
}

const saved: ShownToast = { id: 't1', type: 'success', title: 'Saved', message: 'The template was saved as version 3.' }
const refused: ShownToast = { id: 't2', type: 'error', message: 'Only admins can manage users.' }

/** The notification on screen (not the live region, which keeps the words for screen readers). */
const card = (name: string) => screen.queryByRole('group', { name })
const later = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
/** Closed: gone once its exit transition has run. */
const gone = (name: string) => waitFor(() => expect(card(name)).toBeNull())

describe('toast', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true }))
  afterEach(() => vi.useRealTimers())

  it('says a success in a polite live region and closes after 3 s', async () => {
    show(saved)
    expect(await screen.findByRole('group', { name: 'Saved: The template was saved as version 3.' })).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('Saved: The template was saved as version 3.')
    await later(TOAST_MS - 100)
    expect(card('Saved: The template was saved as version 3.')).not.toBeNull()
    await later(200)
    await gone('Saved: The template was saved as version 3.')
  })

  it('holds while the pointer is over it or focus is in it, then gives the reader 3 s more', async () => {
    show(saved)
    const name = 'Saved: The template was saved as version 3.'
    const toast = await screen.findByRole('group', { name })
    await later(2000)
    fireEvent.pointerEnter(toast)
    await later(10_000)
    expect(card(name)).not.toBeNull()
    fireEvent.pointerLeave(toast)
    await later(2000)
    fireEvent.focus(screen.getByRole('button'))
    await later(10_000)
    expect(card(name)).not.toBeNull()
    fireEvent.blur(screen.getByRole('button'))
    await later(TOAST_MS + 100)
    await gone(name)
  })

  it('keeps an error, said as an alert, until it is closed', async () => {
    show(refused)
    const toast = await screen.findByRole('group', { name: 'Only admins can manage users.' })
    expect(screen.getByRole('alert')).toHaveTextContent('Only admins can manage users.')
    await later(60_000)
    expect(toast).toBeVisible()
    fireEvent.click(screen.getByRole('button'))
    await gone('Only admins can manage users.')
  })

  it('on a page sent without JavaScript, is a bar in the HTML that fades after 3 s by CSS; an error stays', () => {
    show(saved, false)
    const bar = screen.getByRole('status')
    expect(bar).toHaveTextContent('Saved: The template was saved as version 3.')
    expect(bar.className).toMatch(/fades/)
    expect(bar.style.animationDelay).toBe(`${TOAST_MS}ms`)
    expect(card('Saved: The template was saved as version 3.')).toBeNull()
  })

  it('on a page sent without JavaScript, keeps an error as an alert', () => {
    show(refused, false)
    const bar = screen.getByRole('alert')
    expect(bar).toHaveTextContent('Only admins can manage users.')
    expect(bar.className).not.toMatch(/fades/)
  })
})
