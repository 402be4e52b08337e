// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppointmentActions, type MovableAppointment } from './status'

const booked: MovableAppointment = {
  id: 2093,
  status: 'booked',
  next_statuses: ['arrived', 'noshow', 'cancelled', 'entered-in-error'],
  start: '2026-12-07T15:20:00Z',
  time_zone: 'America/New_York',
  patient: { name: 'Susan Wright' },
  site: { id: 3 },
  practitioner: { id: 10 },
  service: { id: 1 },
}

/** The day's actions for one appointment, on the page at `url`. */
function renderAt(url: string, except: MovableAppointment['next_statuses'] = []) {
  const Stub = createRemixStub([
    {
      path: '/reshub',
      Component: () => <AppointmentActions appointment={booked} action="/reshub" redirectTo={url} except={except} />,
      action: () => null,
    },
  ])
  render(<Stub initialEntries={[url]} />)
}

const reasonForm = () => screen.queryByRole('textbox', { name: 'Reason' })?.closest('form') ?? null

describe('AppointmentActions', () => {
  it('sends no reason form until asked: a link that asks for it by the URL, and opens it in place with JavaScript', async () => {
    renderAt('/reshub?date=2026-12-07')
    const cancel = await screen.findByRole('link', { name: 'Cancel: Susan Wright' })
    expect(cancel).toHaveAttribute('href', '/reshub?date=2026-12-07&cancel=2093')
    expect(cancel).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByRole('link', { name: 'Entered in error: Susan Wright' })).toHaveAttribute(
      'href',
      '/reshub?date=2026-12-07&mark_in_error=2093',
    )
    expect(reasonForm()).toBeNull()

    const user = userEvent.setup()
    await user.click(cancel)
    const form = reasonForm()!
    expect(cancel).toHaveAttribute('aria-expanded', 'true')
    expect(within(form).getByRole('textbox', { name: 'Reason' })).toHaveFocus()
    expect(within(form).getByRole('button', { name: 'Cancel the appointment' })).toBeInTheDocument()
    expect(Object.fromEntries(new FormData(form))).toEqual({
      intent: 'status',
      appointment_id: '2093',
      redirectTo: '/reshub?date=2026-12-07',
      status: 'cancelled',
      reason: '',
    })

    // the other move swaps the form; "Keep it" folds it and gives the focus back to its link
    await user.click(screen.getByRole('link', { name: 'Entered in error: Susan Wright' }))
    expect(within(reasonForm()!).getByRole('button', { name: 'Mark entered in error' })).toBeInTheDocument()
    expect(screen.getAllByRole('textbox', { name: 'Reason' })).toHaveLength(1)
    await user.click(screen.getByRole('link', { name: 'Keep it' }))
    expect(reasonForm()).toBeNull()
    expect(screen.getByRole('link', { name: 'Entered in error: Susan Wright' })).toHaveFocus()
  })

  it('answers the link without JavaScript with that form open, and comes back to the page without it', async () => {
    renderAt('/reshub?date=2026-12-07&cancel=2093')
    const reason = await screen.findByRole('textbox', { name: 'Reason' })
    const form = reason.closest('form')!
    expect(new FormData(form).get('status')).toBe('cancelled')
    expect(new FormData(form).get('redirectTo')).toBe('/reshub?date=2026-12-07')
    expect(within(form).getByRole('link', { name: 'Keep it' })).toHaveAttribute('href', '/reshub?date=2026-12-07')
    // the buttons that need no reason send the same way back
    const direct = screen.getByRole('button', { name: 'Arrived: Susan Wright' }).closest('form')!
    expect(new FormData(direct).get('redirectTo')).toBe('/reshub?date=2026-12-07')
  })

  it('opens nothing for another appointment', async () => {
    renderAt('/reshub?cancel=1')
    await screen.findByRole('link', { name: 'Cancel: Susan Wright' })
    expect(reasonForm()).toBeNull()
  })

  it('opens nothing for a move this place leaves out', async () => {
    renderAt('/reshub?mark_in_error=2093', ['entered-in-error'])
    await screen.findByRole('link', { name: 'Cancel: Susan Wright' })
    expect(screen.queryByRole('link', { name: /Entered in error/ })).toBeNull()
    expect(reasonForm()).toBeNull()
  })
})
