// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderPortalPage } from '#tests/fixtures/portal-page'
import { TEMPLATE_IDS } from '#tests/fixtures/templates'
import type { DemoKey } from '#tests/fixtures/users'
import { resetScoringMocks } from '#tests/mocks/agent-scoring'
import CalibrationPage, { loader } from './calibration'

const CALIBRATION = '/demo-portal/solutions/ai-agent-scoring/calibration'

function renderCalibration(url: string, who: DemoKey = 'auditor') {
  renderPortalPage({
    url,
    path: 'solutions/ai-agent-scoring/calibration',
    Component: CalibrationPage,
    loader: loader,
    who,
  })
}

/** The cells of a table, row by row, as text. */
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent))

beforeEach(() => resetScoringMocks())

describe('calibration page', () => {
  it('lists the rubric fixes to make, the lowest agreement first, each with its confusion matrix and reasons', async () => {
    renderCalibration(CALIBRATION)
    const fixes = await screen.findByRole('region', { name: 'Rubric fixes to make' })
    const criteria = within(fixes).getAllByRole('article')
    expect(criteria.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      "Did the agent verify the customer's identity?",
      'Did the agent offer further help?',
      'Did the agent greet the customer?',
      'Did the agent give their name?',
    ])
    const first = criteria[0]!
    expect(first).toHaveTextContent('Agreement 50% · κ 0.00 · 4 decided answers')
    const matrix = within(first).getByRole('table', {
      name: "The AI's answer (rows) against the supervisor's (columns)",
    })
    expect(cells(matrix)).toEqual([
      ['AI ↓ Supervisor →', 'Supervisor: Yes', 'Supervisor: No', 'Supervisor: N/A'],
      ['AI: Yes', '2', '2', '0'],
      ['AI: No', '0', '0', '0'],
      ['AI: N/A', '0', '0', '0'],
    ])
    // headers a screen reader announces with each count
    expect(
      within(matrix)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['AI: Yes', 'AI: No', 'AI: N/A'])
    expect(within(matrix).getAllByRole('columnheader')).toHaveLength(4)
    const reasons = within(first).getByRole('list', { name: 'Reasons for corrections' })
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Wrong verdict: 1', 'Evidence not in the conversation: 1'])
    expect(screen.getByLabelText('Overall agreement', { selector: 'dl' })).toHaveTextContent(
      'Decisions416 criteria answered',
    )
  })

  it('switches template with a GET form', async () => {
    renderCalibration(CALIBRATION)
    const user = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'Choose a template' })
    expect(form).toHaveAttribute('method', 'get')
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Template' }), TEMPLATE_IDS.collections)
    await user.click(within(form).getByRole('button', { name: 'Show' }))
    expect(await screen.findByRole('heading', { name: 'Collections compliance: all criteria' })).toBeInTheDocument()
    const first = within(screen.getByRole('region', { name: 'Rubric fixes to make' })).getAllByRole('article')[0]!
    expect(within(first).getByRole('heading')).toHaveTextContent('Did the agent avoid threatening language?')
    expect(first).toHaveTextContent('Criterion unclear: 1')
  })

  it('says a template nobody decided has nothing to compare', async () => {
    renderCalibration(`${CALIBRATION}?template_internal_id=${TEMPLATE_IDS.archived}`)
    expect(
      await screen.findByText(/No supervisor has decided an interaction scored on this template yet/),
    ).toBeInTheDocument()
    expect(screen.getAllByText(/Not decided yet/).length).toBeGreaterThan(0)
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('tells an agent clearly that calibration is not theirs to see', async () => {
    renderCalibration(CALIBRATION, 'agent')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Calibration is unavailable')
    expect(alert).toHaveTextContent('agents may not')
    expect(screen.queryByRole('form', { name: 'Choose a template' })).toBeNull()
  })
})
