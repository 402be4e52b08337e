// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '#tests/fixtures/render'
import LoginPage from './login'

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

  it('checks the fields in the browser with the contract schema before submitting', async () => {
    let submitted = false
    renderLogin(() => {
      submitted = true
      return null
    })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/email/i), 'not-an-email')
    // the schema arrives after hydration; until then only the server validates
    await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Sign in' }))
      expect(screen.getByText('Enter a valid email address')).toBeInTheDocument()
    })
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByLabelText(/email/i)).toHaveAttribute('aria-invalid', 'true')
    expect(submitted).toBe(false)
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
