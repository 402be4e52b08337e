// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { NotificationList } from '#contract/notifications'
import { notificationsFor } from '#tests/fixtures/notifications'
import { renderRoutes } from '#tests/fixtures/render'
import { NOTIFICATION_PAGE_SIZE } from '~/lib/notification-feed'
import { NotificationBell } from './notification-bell'

const unread = notificationsFor('agent').filter((n) => !n.is_read)

function page(n: number): NotificationList {
  return {
    count: unread.length,
    total_pages: 2,
    current_page: n,
    next: n === 1 ? 2 : null,
    previous: n === 1 ? null : 1,
    results: unread.slice((n - 1) * NOTIFICATION_PAGE_SIZE, n * NOTIFICATION_PAGE_SIZE),
    unread_count: unread.length,
  }
}

function renderBell() {
  const marked: number[] = []
  renderRoutes(
    [
      { path: '/demo-portal', Component: () => <NotificationBell page={page(1)} /> },
      {
        path: '/resources/notifications',
        loader: ({ request }) => page(Number(new URL(request.url).searchParams.get('page'))),
        action: async ({ request }) => {
          marked.push(Number((await request.formData()).get('id')))
          return { ok: true }
        },
      },
    ],
    '/demo-portal',
  )
  return marked
}

describe('notification bell', () => {
  it('shows the unread count and links to the in-page panel for browsers without JavaScript', async () => {
    renderBell()
    const bell = await screen.findByRole('link', { name: 'Notifications, 8 unread' })
    expect(bell).toHaveAttribute('href', '/demo-portal?notifications=open')
    expect(screen.getByText('8')).toBeInTheDocument()
  })

  it('lists unread notifications, loads more without duplicates and marks one read', async () => {
    const marked = renderBell()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('link', { name: 'Notifications, 8 unread' }))
    const panel = await screen.findByRole('dialog')
    expect(await within(panel).findAllByRole('listitem')).toHaveLength(5)

    await user.click(within(panel).getByRole('button', { name: 'Load more' }))
    expect(await within(panel).findByText(unread[7].body)).toBeInTheDocument()
    expect(within(panel).getAllByRole('listitem')).toHaveLength(8)
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()

    const first = unread[0]
    await user.click(within(panel).getByRole('button', { name: `Mark as read: ${first.title}, ${first.body}` }))
    expect(within(panel).getAllByRole('listitem')).toHaveLength(7)
    expect(within(panel).queryByText(first.body)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Notifications, 7 unread' })).toBeInTheDocument()
    await vi.waitFor(() => expect(marked).toEqual([first.id]))
  })

  it('closes on Escape with focus back on the bell, and on a click outside', async () => {
    renderBell()
    const user = userEvent.setup()
    const bell = await screen.findByRole('link', { name: 'Notifications, 8 unread' })
    await user.click(bell)
    const panel = await screen.findByRole('dialog', { name: 'Notifications' })
    expect(bell).toHaveAttribute('aria-expanded', 'true')
    expect(bell).toHaveAttribute('aria-controls', panel.id)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(bell).toHaveFocus()
    expect(bell).toHaveAttribute('aria-expanded', 'false')
    await user.click(bell)
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
    await user.click(document.body)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
