// @vitest-environment jsdom
import { redirect } from '@remix-run/node'
import { Outlet, Form, Link } from '@remix-run/react'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { NotificationList } from '#contract/notifications'
import { renderRoutes } from '#tests/fixtures/render'
import { userFixture } from '#tests/fixtures/users'
import { PortalShell } from './portal-shell'

const noNotifications: NotificationList = {
  count: 0,
  total_pages: 1,
  current_page: 1,
  next: null,
  previous: null,
  results: [],
  unread_count: 0,
}

/** A promise the test settles by hand, so it can look at the page while a loader or action runs. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

function renderShell() {
  const action = gate()
  const next = gate()
  renderRoutes(
    [
      {
        path: '/demo-portal',
        Component: () => (
          <PortalShell user={userFixture('admin')} notifications={noNotifications}>
            <Outlet />
          </PortalShell>
        ),
        children: [
          {
            path: 'notes',
            Component: () => (
              <>
                <h1>Notes</h1>
                <Form method="post">
                  <input name="note" aria-label="Note" defaultValue="" />
                  <button type="submit">Save</button>
                </Form>
                <Link to="/demo-portal/other">Other page</Link>
              </>
            ),
            action: async () => {
              await action.opened
              return redirect('/demo-portal/notes')
            },
          },
          {
            path: 'other',
            Component: () => <h1>Other</h1>,
            loader: async () => {
              await next.opened
              return null
            },
          },
        ],
      },
    ],
    '/demo-portal/notes',
  )
  return { action, next }
}

describe('portal shell while a navigation is pending', () => {
  it('keeps the page and what was typed on screen, marked busy, while a form on it is submitted, then starts the form afresh', async () => {
    const { action } = renderShell()
    const user = userEvent.setup()
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'call back at 3')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Notes' }).closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('call back at 3')

    action.open()
    await expect.poll(() => screen.getByRole('heading', { name: 'Notes' }).closest('[aria-busy]')).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('')
  })

  it('shows the page loader while going to another page', async () => {
    const { next } = renderShell()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('link', { name: 'Other page' }))

    expect(await screen.findByRole('status')).toContainElement(screen.getByAltText('Loading…'))
    expect(screen.queryByRole('heading', { name: 'Notes' })).not.toBeInTheDocument()

    next.open()
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeInTheDocument()
  })
})
