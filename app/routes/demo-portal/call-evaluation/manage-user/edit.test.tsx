// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ManagedUser } from '#contract/users'
import { MANAGED_IDS, managedUserById } from '#tests/fixtures/managed-users'
import { renderRoutes } from '#tests/fixtures/render'
import { userFixture } from '#tests/fixtures/users'
import UserEditPage from './edit'

const LIST = '/demo-portal/solutions/call-evaluation/manage-user'
const opts = (...labels: string[]) => labels.map((label, i) => ({ value: String(i + 1), label }))
const options = {
  roles: [
    { value: 'admin', label: 'Admin' },
    { value: 'qa_supervisor', label: 'QA Supervisor' },
    { value: 'auditor', label: 'Auditor' },
    { value: 'agent', label: 'Agent' },
  ],
  departments: opts('Retail Banking Inbound', 'Energy Collections'),
  locations: opts('Manchester Hub', 'Cape Town Centre'),
  supervisors: [
    { value: '2', label: 'Sam Supervisor' },
    { value: '6', label: 'Helen Park' },
  ],
  campaigns: opts('Acme Bank Retail'),
  entities: opts('MCX-UK — Meridian CX UK Ltd'),
  companyGroups: opts('OPS — Contact Centre Operations'),
  payGroups: opts('UK-WKLY-H — UK Weekly Hourly (GBP)'),
  jobCodes: opts('CSA-1 — Customer Service Associate I'),
}

function renderForm(
  user: ManagedUser | null,
  { isSelf = false, unavailable = [] as string[], action = () => null as unknown } = {},
) {
  return renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture('admin') }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'solutions/call-evaluation/manage-user/:id',
            Component: UserEditPage,
            loader: () => ({ user, isSelf, options, unavailable }),
            action: action as never,
          },
          { path: 'solutions/call-evaluation/manage-user', Component: () => <p>The list</p> },
        ],
      },
    ],
    `${LIST}/${user?.id ?? 'add'}`,
  )
}

describe('user form page', () => {
  it('shows the user with every field filled in from their record', async () => {
    renderForm(managedUserById(MANAGED_IDS.agent)!)
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Agent' })).toBeInTheDocument()
    expect(screen.getByLabelText(/first name/i)).toHaveValue('Grace')
    expect(screen.getByLabelText(/^email/i)).toHaveValue('agent@demo.local')
    expect(screen.getByLabelText(/^role/i)).toHaveValue('agent')
    expect(screen.getByRole('textbox', { name: 'Employee code' })).toHaveValue('AG-1001')
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveValue('1')
    expect(screen.getByLabelText('QA supervisor')).toHaveValue('2')
    expect(screen.getByLabelText('Hired on')).toHaveValue('2023-04-03')
    expect(screen.getByLabelText('Status')).toHaveValue('true')
    expect(screen.getByLabelText('New password')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument()
  })

  it('turns the supervisor picker off for roles other than agent', async () => {
    renderForm(null)
    const user = userEvent.setup()
    const role = await screen.findByLabelText(/^role/i)
    expect(role).toHaveValue('agent')
    await waitFor(() => expect(screen.getByLabelText('QA supervisor')).toBeEnabled())
    await user.selectOptions(role, 'auditor')
    await waitFor(() => expect(screen.getByLabelText('QA supervisor')).toBeDisabled())
    await user.selectOptions(role, 'agent')
    await waitFor(() => expect(screen.getByLabelText('QA supervisor')).toBeEnabled())
  })

  it('marks the fields the chosen role requires, and follows the role as it changes', async () => {
    renderForm(null)
    const user = userEvent.setup()
    const role = await screen.findByRole('combobox', { name: 'Role' })
    // the asterisk is for the eye (and out of the name); aria-required says it to a screen reader
    for (const name of ['First name', 'Last name', 'Email']) {
      expect(screen.getByRole('textbox', { name })).toBeRequired()
    }
    expect(role).toBeRequired()
    const staffFields = () => [
      screen.getByRole('textbox', { name: 'Employee code' }),
      screen.getByRole('combobox', { name: 'Department' }),
      screen.getByRole('combobox', { name: 'Location' }),
    ]
    // agent, the default role, needs the staff record
    for (const field of staffFields()) {
      expect(field).toBeRequired()
      expect(field.closest('.mantine-InputWrapper-root')?.querySelector('label')).toHaveTextContent(/\*$/)
    }
    expect(screen.getByText(/required for an agent/)).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Campaign' })).not.toBeRequired()
    // a browser's own check would stop a form without JavaScript at the first empty field
    for (const field of staffFields()) expect(field).not.toHaveAttribute('required')

    await user.selectOptions(role, 'auditor')
    await waitFor(() => {
      for (const field of staffFields()) expect(field).not.toBeRequired()
    })
    for (const field of staffFields()) {
      expect(field.closest('.mantine-InputWrapper-root')?.querySelector('label')).not.toHaveTextContent('*')
    }
    expect(screen.getByText(/Optional for this role/)).toBeInTheDocument()

    await user.selectOptions(role, 'qa_supervisor')
    await waitFor(() => {
      for (const field of staffFields()) expect(field).toBeRequired()
    })
  })

  it('marks them for the role of the user being edited', async () => {
    renderForm(managedUserById(MANAGED_IDS.admin)!, { isSelf: true })
    await screen.findByRole('heading', { level: 1, name: 'Ada Admin' })
    expect(screen.getByRole('textbox', { name: 'Employee code' })).not.toBeRequired()
    expect(screen.getByRole('combobox', { name: 'Department' })).not.toBeRequired()
  })

  it("reports every error of an empty form in one round, the role's own too, before posting", async () => {
    let posted = false
    renderForm(null, {
      action: () => {
        posted = true
        return null
      },
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Create user' }))
    expect(await screen.findByText('First name is required')).toBeInTheDocument()
    expect(screen.getByText('Last name is required')).toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Employee code is required for agents and QA supervisors')).toBeInTheDocument()
    expect(screen.getByText('Department is required for agents and QA supervisors')).toBeInTheDocument()
    expect(screen.getByText('Location is required for agents and QA supervisors')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAttribute('aria-invalid', 'true')
    expect(posted).toBe(false)
    // a role without a staff record drops those errors at once
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'auditor')
    await waitFor(() =>
      expect(screen.queryByText('Location is required for agents and QA supervisors')).not.toBeInTheDocument(),
    )
    expect(screen.getByText('First name is required')).toBeInTheDocument()
  })

  it('checks the form in the browser with the contract schema before posting', async () => {
    let posted = false
    renderForm(null, {
      action: () => {
        posted = true
        return null
      },
    })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/^email/i), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Create user' }))
    expect(await screen.findByText('First name is required')).toBeInTheDocument()
    expect(screen.getByText('Last name is required')).toBeInTheDocument()
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument()
    expect(posted).toBe(false)
  })

  it("shows the action's message and field errors", async () => {
    renderForm(null, {
      action: () => ({
        created: null,
        result: {
          status: 'error',
          error: { '': ['A user with this email already exists.'], email: ['A user with this email already exists.'] },
          initialValue: { first_name: 'Nia', last_name: 'Mokoena', email: 'agent@demo.local', role: 'auditor' },
        },
      }),
    })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/first name/i), 'Nia')
    await user.type(screen.getByLabelText(/last name/i), 'Mokoena')
    await user.type(screen.getByLabelText(/^email/i), 'agent@demo.local')
    await user.selectOptions(screen.getByLabelText(/^role/i), 'auditor')
    await user.click(screen.getByRole('button', { name: 'Create user' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The user was not created')
    expect(alert).toHaveTextContent('A user with this email already exists.')
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows the temporary password once after a create without one', async () => {
    renderForm(null, {
      action: () => ({
        result: undefined,
        created: {
          user: { id: 500, full_name: 'Nia Mokoena', email: 'nia.mokoena@example.com' },
          temporary_password: 'Tmp-7hK2-pQ9x',
        },
      }),
    })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/first name/i), 'Nia')
    await user.type(screen.getByLabelText(/last name/i), 'Mokoena')
    await user.type(screen.getByLabelText(/^email/i), 'nia.mokoena@example.com')
    await user.selectOptions(screen.getByLabelText(/^role/i), 'auditor')
    await user.click(screen.getByRole('button', { name: 'Create user' }))
    const status = await screen.findByRole('status')
    expect(status).toHaveTextContent('User created successfully!')
    expect(within(status).getByLabelText('Temporary password')).toHaveTextContent('Tmp-7hK2-pQ9x')
    expect(within(status).getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', LIST)
    expect(screen.queryByRole('button', { name: 'Create user' })).not.toBeInTheDocument()
  })

  it('keeps an admin from changing their own role or status', async () => {
    renderForm(managedUserById(MANAGED_IDS.admin)!, { isSelf: true })
    await screen.findByRole('heading', { level: 1, name: 'Ada Admin' })
    expect(screen.getByLabelText('Role')).toBeDisabled()
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument()
    expect(document.querySelector('input[type="hidden"][name="role"]')).toHaveValue('admin')
  })

  it('names the lookups that could not be loaded', async () => {
    renderForm(managedUserById(MANAGED_IDS.agent)!, { unavailable: ['Departments'] })
    expect(await screen.findByText(/Departments: their pickers show only the current value/)).toBeInTheDocument()
  })
})
