// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ComponentProps } from 'react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '#tests/fixtures/render'
import { ConfirmLink } from './confirm-action'
import { DataTable } from './data-table'

type Call = { id: number; agent: string; minutes: number }
const calls: Call[] = [
  { id: 7, agent: 'Ada', minutes: 12 },
  { id: 9, agent: 'Grace', minutes: 3 },
]

type Overrides = Partial<ComponentProps<typeof DataTable<Call>>>

function Calls(props: Overrides) {
  const [asked, setAsked] = useState<Call | null>(null)
  return (
    <>
      <DataTable<Call>
        label="Calls"
        rows={calls}
        rowKey={(c) => c.id}
        empty="No calls yet."
        noMatch="No calls match these filters."
        columns={[
          { header: 'Agent', cell: (c) => c.agent },
          { header: 'Minutes', labelCells: true, td: { ta: 'right' }, cell: (c) => c.minutes },
          props.footer === undefined && {
            header: 'Actions',
            hideHeader: true,
            cell: (c) => (
              <ConfirmLink
                confirmHref={`/calls?confirm=${c.id}`}
                onAsk={() => setAsked(c)}
                label={`Delete call ${c.id}`}
              />
            ),
          },
        ]}
        {...props}
      />
      <p>{asked ? `Asked about call ${asked.id}` : 'Nothing asked'}</p>
    </>
  )
}

function show(props: Overrides = {}) {
  renderRoutes([{ path: '/calls', Component: () => <Calls {...props} /> }], '/calls')
}

describe('data table', () => {
  it('is a named table with a header per column and a row per record', async () => {
    show()
    const table = await screen.findByRole('table', { name: 'Calls' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Agent', 'Minutes', 'Actions'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Ada', 'Grace'])
    // only the labelled column carries its name for the phone layout
    expect(within(rows[0]!).getByText('12')).toHaveAttribute('data-label', 'Minutes')
    expect(within(rows[0]!).getByText('Ada')).not.toHaveAttribute('data-label')
    // a column's layout reaches its header and its cells; the others carry none
    expect(within(table).getByRole('columnheader', { name: 'Minutes' })).toHaveStyle({ textAlign: 'right' })
    expect(within(rows[0]!).getByText('12')).toHaveStyle({ textAlign: 'right' })
    expect(within(rows[0]!).getByText('Ada')).not.toHaveAttribute('style')
  })

  it('leaves out a column given as false, and shows the footer under the rows', async () => {
    show({ footer: <nav aria-label="Pages">2 calls</nav> })
    const table = await screen.findByRole('table', { name: 'Calls' })
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2)
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('2 calls')
  })

  it('says when there is nothing yet, with no table and no footer', async () => {
    show({ rows: [], footer: <nav aria-label="Pages">0 calls</nav> })
    expect(await screen.findByText('No calls yet.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument()
  })

  it('says nothing matches when filters are on, and leaves out the way forward', async () => {
    show({ rows: [], filtered: true, emptyAction: <a href="/calls/new">Add a call</a> })
    expect(await screen.findByText('No calls match these filters.')).toBeInTheDocument()
    expect(screen.queryByText('No calls yet.')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add a call' })).not.toBeInTheDocument()
  })

  it('offers the way forward under an empty list', async () => {
    show({ rows: [], emptyAction: <a href="/calls/new">Add a call</a> })
    expect(await screen.findByText('No calls yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Add a call' })).toHaveAttribute('href', '/calls/new')
  })

  it('shows the failure to load as an alert instead of an empty list', async () => {
    show({ rows: null, failure: { title: 'Failed to load calls', message: 'The API timed out.' } })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load calls')
    expect(alert).toHaveTextContent('The API timed out.')
    expect(screen.queryByText('No calls yet.')).not.toBeInTheDocument()
  })

  it('a row’s delete links to the confirmation step, and with JavaScript asks in the page instead', async () => {
    show()
    const link = await screen.findByRole('link', { name: 'Delete call 9' })
    expect(link).toHaveAttribute('href', '/calls?confirm=9')
    await userEvent.setup().click(link)
    expect(screen.getByText('Asked about call 9')).toBeInTheDocument()
  })
})
