// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '#tests/fixtures/render'
import LoginPage, { handle } from './login'

function renderLogin(action: () => unknown = () => null) {
  return renderRoutes(
    [{ path: '/login', Component: LoginPage, loader: () => ({ redirectTo: '' }), action: action as never }],
    '/login',
  )
}

describe('login page', () => {
  it('renders the form fields by label and the demo accounts', async () => {
    renderLogin()
    expect(await screen.findByLabelText(/email/i)).toHaveAttribute('name', 'email')
    expect(screen.getByLabelText(/password/i)).toHaveAttribute('type', 'password')
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.getByText('visitor@demo.local')).toBeInTheDocument()
    expect(screen.getByText('Demo@1234')).toBeInTheDocument()
  })

  it('is sent as plain HTML that the browser checks before posting', async () => {
    renderLogin()
    const email = await screen.findByLabelText(/email/i)
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toBeRequired()
    expect(screen.getByLabelText(/password/i)).toBeRequired()
    expect(email.closest('form')).not.toHaveAttribute('novalidate')
    expect(handle.hydrate).toBe(false)
  })

  it("shows the action's field errors and keeps the email", async () => {
    renderLogin(() => ({
      result: {
        status: 'error',
        error: { email: ['Enter a valid email address'], password: ['Password is required'] },
        initialValue: { email: 'not-an-email' },
      },
    }))
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/email/i), 'x@y.co')
    await user.type(screen.getByLabelText(/password/i), 'p')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByLabelText(/email/i)).toHaveAttribute('aria-invalid', 'true')
  })

  it("shows the action's form error", async () => {
    renderLogin(() => ({
      result: { status: 'error', error: { '': ['Invalid Login'] }, initialValue: { email: 'a@b.co' } },
    }))
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/email/i), 'agent@demo.local')
    await user.type(screen.getByLabelText(/password/i), 'wrong')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Login')
  })
})
