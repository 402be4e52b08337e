// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { UserUploadReport } from '#contract/users'
import { userUploadColumns } from '#contract/limits'
import { MANAGED_IDS, managedUsers } from '#tests/fixtures/managed-users'
import { renderRoutes } from '#tests/fixtures/render'
import { userFixture } from '#tests/fixtures/users'
import UserListPage from './list'

const LIST = '/demo-portal/solutions/call-evaluation/manage-user'
const page = { count: 14, total_pages: 2, current_page: 1, next: 2, previous: null, results: managedUsers.slice(0, 10) }
const options = {
  roles: [
    { value: 'admin', label: 'Admin' },
    { value: 'qa_supervisor', label: 'QA Supervisor' },
    { value: 'agent', label: 'Agent' },
  ],
  departments: [{ value: '2', label: 'Energy Collections' }],
  locations: [{ value: '2', label: 'Cape Town Centre' }],
}
const query = { page: 1, search: '', role: '', is_active: '' }

function renderList(data: Record<string, unknown> = {}, url = LIST, action: () => unknown = () => null) {
  return renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture('admin') }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'solutions/call-evaluation/manage-user',
            Component: UserListPage,
            action: action as never,
            loader: () => ({
              me: { id: MANAGED_IDS.admin },
              query,
              page,
              error: null,
              options,
              confirm: null,
              upload: { maxMb: 5, columns: userUploadColumns },
              ...data,
            }),
          },
        ],
      },
    ],
    url,
  )
}

describe('user list page', () => {
  it('lists users with their columns, paging, export and a New user button', async () => {
    renderList()
    const table = await screen.findByRole('table', { name: 'Users' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual([
      'Name and email',
      'Role',
      'Employee code',
      'Department',
      'Location',
      'Supervisor',
      'Status',
      'Last login',
      'Actions',
    ])
    const agent = within(table).getByRole('row', { name: /Grace Agent/ })
    expect(within(agent).getByRole('link', { name: 'Grace Agent' })).toHaveAttribute(
      'href',
      `${LIST}/${MANAGED_IDS.agent}`,
    )
    expect(agent).toHaveTextContent(
      /Grace Agent\s*agent@demo\.local\s*Agent\s*AG-1001\s*Retail Banking Inbound\s*Manchester Hub\s*Sam Supervisor\s*Active\s*2 Jun 2025\s*08:15 UTC/,
    )
    expect(within(table).getByRole('row', { name: /Val Visitor/ })).toHaveTextContent('Never')
    expect(screen.getByRole('link', { name: 'New user' })).toHaveAttribute('href', `${LIST}/add`)
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/resources/user-export')
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', `${LIST}?page=2`)
    expect(screen.getByText(/14 users · page 1 of 2/)).toBeInTheDocument()
  })

  it('offers Deactivate for active users but never for the admin themself', async () => {
    renderList()
    await screen.findByRole('table', { name: 'Users' })
    expect(screen.queryByRole('link', { name: 'Deactivate Ada Admin' })).not.toBeInTheDocument()
    expect(screen.getByRole('row', { name: /Ada Admin/ })).toHaveTextContent('(you)')
    expect(screen.getByRole('link', { name: 'Deactivate Grace Agent' })).toBeInTheDocument()
    const second = managedUsers.find((u) => u.id === MANAGED_IDS.inactive)!
    cleanup()
    renderList({ page: { ...page, results: [second] } })
    expect(await screen.findByRole('row', { name: /Oliver Hughes/ }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Deactivate Oliver Hughes' })).not.toBeInTheDocument()
  })

  it('keeps the filters in a GET form and the export link follows them', async () => {
    const filtered = { page: 1, search: 'park', role: 'qa_supervisor', department_id: 2, is_active: 'true' }
    renderList({ query: filtered, page: { ...page, count: 0, total_pages: 0, results: [] } }, `${LIST}?search=park`)
    const search = await screen.findByRole('search', { name: 'Filter users' })
    expect(search).toHaveAttribute('method', 'get')
    expect(within(search).getByLabelText('Search users')).toHaveValue('park')
    expect(within(search).getByLabelText('Role')).toHaveValue('qa_supervisor')
    expect(within(search).getByLabelText('Department')).toHaveValue('2')
    expect(within(search).getByLabelText('Status')).toHaveValue('true')
    expect(search.querySelector('input[name="searched"]')).toHaveValue('1')
    expect(screen.getByText('No users match these filters.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/resources/user-export?search=park&role=qa_supervisor&department_id=2&is_active=true',
    )
  })

  it('asks in a modal before deactivating (with JavaScript)', async () => {
    renderList({}, `${LIST}?search=a`)
    const user = userEvent.setup()
    const link = await screen.findByRole('link', { name: 'Deactivate Grace Agent' })
    // without JavaScript the link is the confirmation step
    expect(link).toHaveAttribute('href', `${LIST}?search=a&confirm-deactivate=${MANAGED_IDS.agent}`)
    await user.click(link)
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' })
    expect(dialog).toHaveTextContent('Deactivate Grace Agent (agent@demo.local)?')
    expect(dialog.querySelector('input[name="id"]')).toHaveValue(String(MANAGED_IDS.agent))
    expect(dialog.querySelector('input[name="intent"]')).toHaveValue('deactivate')
    expect(dialog.querySelector('input[name="redirectTo"]')).toHaveValue(`${LIST}?search=a`)
  })

  it('shows the confirmation step in the page for ?confirm-deactivate (without JavaScript)', async () => {
    const confirm = { id: MANAGED_IDS.thabo, full_name: 'Thabo Nkosi', email: 'thabo.nkosi@demo.local' }
    renderList({ confirm }, `${LIST}?confirm-deactivate=${MANAGED_IDS.thabo}`)
    const panel = await screen.findByRole('region', { name: 'Deactivate user' })
    expect(panel).toHaveTextContent('Deactivate Thabo Nkosi (thabo.nkosi@demo.local)?')
    expect(within(panel).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', LIST)
    expect(panel.querySelector('form')).toHaveAttribute('method', 'post')
  })

  it("says 'Failed to load employee list' when the list could not be loaded", async () => {
    renderList({ page: null, error: 'Database unavailable' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load employee list')
    expect(alert).toHaveTextContent('Database unavailable')
    expect(screen.queryByRole('table', { name: 'Users' })).not.toBeInTheDocument()
  })

  it('uploads a CSV as multipart and shows the per-row report the action answers with', async () => {
    const report: UserUploadReport = {
      total_rows: 3,
      created_count: 1,
      rejected_count: 2,
      created: [{ row: 2, id: 501, email: 'nia.mokoena@example.com' }],
      rejected: [
        { row: 3, email: 'agent@demo.local', reason: 'A user with this email already exists.', errors: {} },
        { row: 4, email: null, reason: 'Email is required', errors: {} },
      ],
    }
    // jsdom's File cannot be read back from the multipart body here; list.test.ts covers the parsing
    let received: string | null = null
    renderList({}, LIST, ({ request }: { request: Request }) => {
      received = request.headers.get('Content-Type')
      return { upload: { report, fileName: 'team.csv' } }
    })
    const user = userEvent.setup()
    const details = await screen.findByText('Bulk upload from CSV')
    await user.click(details)
    expect(screen.getByRole('link', { name: 'Download the CSV template' })).toHaveAttribute(
      'href',
      `${LIST}/upload-template.csv`,
    )
    const input = screen.getByLabelText('CSV file')
    expect(input).toHaveAttribute('accept', '.csv,text/csv')
    await user.upload(input, new File(['email\n'], 'team.csv', { type: 'text/csv' }))
    await user.click(screen.getByRole('button', { name: 'Upload' }))
    const result = await screen.findByRole('region', { name: 'Upload report' })
    expect(received).toMatch(/^multipart\/form-data; boundary=/)
    expect(within(result).getByRole('status')).toHaveTextContent('team.csv: 3 rows')
    expect(within(result).getByRole('status')).toHaveTextContent('1 user created, 2 rows rejected.')
    const rejected = within(result).getByRole('table', { name: 'Rejected rows' })
    expect(
      within(rejected)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RowEmailReason', '3agent@demo.localA user with this email already exists.', '4—Email is required'])
    const created = within(result).getByRole('table', { name: 'Created users' })
    expect(created).toHaveTextContent('2nia.mokoena@example.com')
  })

  it("shows the upload's error", async () => {
    renderList({}, LIST, () => ({ upload: { error: 'The file is larger than 5 MB.' } }))
    const user = userEvent.setup()
    await user.click(await screen.findByText('Bulk upload from CSV'))
    await user.upload(screen.getByLabelText('CSV file'), new File(['x'], 'big.csv', { type: 'text/csv' }))
    await user.click(screen.getByRole('button', { name: 'Upload' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 5 MB.')
  })
})
