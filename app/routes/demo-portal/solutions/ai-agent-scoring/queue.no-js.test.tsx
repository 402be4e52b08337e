import { within } from '@testing-library/dom'
import type { ComponentType } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { TEMPLATE_IDS } from '#tests/fixtures/templates'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { resetScoringMocks } from '#tests/mocks/agent-scoring'
import ScoringBucketPage, { loader as bucketLoader } from './bucket'
import CalibrationPage, { loader as calibrationLoader } from './calibration'
import ScoringOverviewPage, { loader as overviewLoader } from './index'

const SCORING = '/demo-portal/solutions/ai-agent-scoring'

type Loader = (a: ReturnType<typeof args>) => unknown

/** A page as the server sends it, from its loader's real answer (no JavaScript runs). */
async function serverPage(url: string, path: string, Component: ComponentType, loader: Loader, params = {}) {
  const result = await run(async () => loader(args(await requestWithTokens(url, tokensFor('supervisor')), params)))
  return serverHtml({ url, path, Component, data: result.body, user: userFixture('supervisor') })
}

const fieldsOf = (form: Element) =>
  [...form.querySelectorAll('input, select')].map((e) => e.getAttribute('name')).filter(Boolean)

beforeEach(() => resetScoringMocks())

describe('AI agent scoring pages without JavaScript', { timeout: 15_000 }, () => {
  it('the queue filters and sorts with a plain GET form to its own URL, filled from the URL', async () => {
    const url = `${SCORING}/pending?channel=chat&needs_attention=true&ordering=-created_at`
    const { screen, document } = await serverPage(
      url,
      'solutions/ai-agent-scoring/:type',
      ScoringBucketPage,
      bucketLoader,
      {
        type: 'pending',
      },
    )
    const form = document.querySelector('form[aria-label="Filter the queue"]')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe(`${SCORING}/pending`)
    expect(fieldsOf(form)).toEqual([
      'channel',
      'template_internal_id',
      'agent_id',
      'campaign_id',
      'date_from',
      'date_to',
      'confidence_max',
      'ordering',
      'needs_attention',
    ])
    expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveValue('chat')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-created_at')
    expect(screen.getByRole('checkbox', { name: /Needs attention only/ })).toBeChecked()
    expect(within(form as HTMLElement).getByRole('button', { name: 'Apply filters' })).toHaveAttribute('type', 'submit')
    // the rows and the export are in the HTML, as plain links
    expect(screen.getByRole('table', { name: 'Pending interactions' })).toHaveTextContent('Chat left after one word')
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/resources/scoring-export?bucket=pending&channel=chat&needs_attention=true&ordering=-created_at',
    )
  })

  it('the queue pages with plain links that keep its filters and order', async () => {
    const { screen } = await serverPage(
      `${SCORING}/ai_reviewed?confidence_max=0.9&ordering=-created_at`,
      'solutions/ai-agent-scoring/:type',
      ScoringBucketPage,
      bucketLoader,
      { type: 'ai_reviewed' },
    )
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      `${SCORING}/ai_reviewed?confidence_max=0.9&ordering=-created_at&page=2`,
    )
  })

  it('calibration picks its template with a GET form, and its matrices are tables in the HTML', async () => {
    const { screen, document } = await serverPage(
      `${SCORING}/calibration?template_internal_id=${TEMPLATE_IDS.collections}`,
      'solutions/ai-agent-scoring/calibration',
      CalibrationPage,
      calibrationLoader,
    )
    const form = document.querySelector('form[aria-label="Choose a template"]')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe(`${SCORING}/calibration`)
    expect(fieldsOf(form)).toEqual(['template_internal_id'])
    expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue(TEMPLATE_IDS.collections)
    expect(screen.getAllByRole('table').length).toBeGreaterThan(0)
  })

  it('the overview’s figures and links are in the HTML', async () => {
    const { screen } = await serverPage(SCORING, 'solutions/ai-agent-scoring', ScoringOverviewPage, overviewLoader)
    const kpis = screen.getByLabelText('Interactions by bucket', { selector: 'dl' })
    expect(within(kpis).getAllByRole('link')).toHaveLength(4)
    expect(screen.getByRole('table', { name: 'Recent interactions' })).toBeTruthy()
  })
})
