// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '#tests/fixtures/render'
import { summaryOf, TEMPLATE_IDS, templateFixtures } from '#tests/fixtures/templates'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import TemplateListPage from './list'

const LIST = '/demo-portal/solutions/call-evaluation/manage-template'
const results = templateFixtures.slice(0, 10).map(summaryOf)
const page = { count: 12, total_pages: 2, current_page: 1, next: 2, previous: null, results }

function renderList(who: DemoKey, data: Record<string, unknown> = {}, url = LIST) {
  return renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture(who) }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'solutions/call-evaluation/manage-template',
            Component: TemplateListPage,
            loader: () => ({ query: { page: 1, q: '', status: 'active' }, page, error: null, confirm: null, ...data }),
          },
        ],
      },
    ],
    url,
  )
}

describe('template list page', () => {
  it('lists templates with their columns, paging and a New template button for a supervisor', async () => {
    renderList('supervisor')
    const table = await screen.findByRole('table', { name: 'Templates' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual([
      'Name',
      'Version',
      'Categories',
      'Questions',
      'Status',
      'Updated by',
      'Updated at',
      'Actions',
    ])
    const first = within(table).getAllByRole('row')[1]
    expect(within(first).getByRole('link', { name: 'Inbound customer service' })).toHaveAttribute(
      'href',
      `${LIST}/${TEMPLATE_IDS.inbound}`,
    )
    expect(first).toHaveTextContent('v3')
    expect(first).toHaveTextContent('1 Jun 2025, 09:30 UTC')
    expect(screen.getByRole('link', { name: 'New template' })).toHaveAttribute('href', `${LIST}/add`)
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', `${LIST}?page=2`)
    expect(screen.getByText(/12 templates · page 1 of 2/)).toBeInTheDocument()
  })

  it('hides managing from an agent: no New template, no Delete, View instead of Edit', async () => {
    renderList('agent')
    await screen.findByRole('table', { name: 'Templates' })
    expect(screen.queryByRole('link', { name: 'New template' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Delete/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Inbound customer service' })).toBeInTheDocument()
  })

  it('asks in a modal before deleting (with JavaScript)', async () => {
    renderList('supervisor', {}, `${LIST}?q=sales`)
    const user = userEvent.setup()
    const remove = await screen.findByRole('link', { name: 'Delete Collections compliance' })
    // without JavaScript the link is the confirmation step
    expect(remove).toHaveAttribute('href', `${LIST}?q=sales&confirm-delete=${TEMPLATE_IDS.collections}`)
    await user.click(remove)
    const dialog = await screen.findByRole('dialog', { name: 'Delete template' })
    expect(dialog).toHaveTextContent('Delete Collections compliance (v1)?')
    expect(dialog.querySelector('input[name="template_internal_id"]')).toHaveValue(TEMPLATE_IDS.collections)
    expect(dialog.querySelector('input[name="intent"]')).toHaveValue('delete')
    expect(dialog.querySelector('input[name="redirectTo"]')).toHaveValue(`${LIST}?q=sales`)
    expect(within(dialog).getByRole('button', { name: 'Delete template' })).toHaveAttribute('type', 'submit')
  })

  it('shows the confirmation step in the page for ?confirm-delete (without JavaScript)', async () => {
    const confirm = { template_internal_id: TEMPLATE_IDS.inbound, name: 'Inbound customer service', version: 3 }
    renderList('supervisor', { confirm }, `${LIST}?confirm-delete=${TEMPLATE_IDS.inbound}`)
    const panel = await screen.findByRole('region', { name: 'Delete template' })
    expect(panel).toHaveTextContent('Delete Inbound customer service (v3)?')
    expect(within(panel).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', LIST)
    expect(panel.querySelector('form')).toHaveAttribute('method', 'post')
  })

  it("says 'Failed to load template list' when the list could not be loaded", async () => {
    renderList('supervisor', { page: null, error: 'Database unavailable' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load template list')
    expect(alert).toHaveTextContent('Database unavailable')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('keeps the search in a GET form', async () => {
    renderList('supervisor', { query: { page: 1, q: 'sales', status: 'all' }, page: { ...page, results: [] } })
    const search = await screen.findByRole('search')
    expect(search).toHaveAttribute('method', 'get')
    expect(within(search).getByLabelText('Search templates')).toHaveValue('sales')
    expect(within(search).getByLabelText('Status')).toHaveValue('all')
    expect(screen.getByText('No templates match “sales”.')).toBeInTheDocument()
  })
  it('says an empty status filter matches nothing, not that there are no templates', async () => {
    renderList('supervisor', { query: { page: 1, q: '', status: 'archived' }, page: { ...page, results: [] } })
    expect(await screen.findByText('No templates match these filters.')).toBeInTheDocument()
    expect(screen.queryByText('No templates yet.')).not.toBeInTheDocument()
  })

  it('says there are none yet when nothing is filtered', async () => {
    renderList('supervisor', { query: { page: 1, q: '', status: 'active' }, page: { ...page, results: [] } })
    expect(await screen.findByText('No templates yet.')).toBeInTheDocument()
  })
})
