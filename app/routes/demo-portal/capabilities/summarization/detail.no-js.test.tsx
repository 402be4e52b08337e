import { within } from '@testing-library/dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { SUMMARY_IDS } from '#tests/fixtures/summarization'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { resetSummarizationMocks } from '#tests/mocks/summarization'
import SummaryDetailPage, { loader } from './detail'

const DETAIL = '/demo-portal/capabilities/summarization/detail'

/** The detail page as the server sends it, from the loader's real answer (no JavaScript runs). */
async function serverPage(search: string) {
  const request = await requestWithTokens(`${DETAIL}${search}`, tokensFor('visitor'))
  const result = await run(() => loader(args(request)))
  return serverHtml({
    url: `${DETAIL}${search}`,
    path: 'capabilities/summarization/detail',
    Component: SummaryDetailPage,
    data: result.body,
    user: userFixture('visitor'),
  })
}

beforeEach(() => resetSummarizationMocks())

describe('summary detail in the server HTML', { timeout: 15_000 }, () => {
  it('shows call notes under their headings, the facts, and the original text folded away', async () => {
    const { screen, document } = await serverPage(`?summary_id=${SUMMARY_IDS.callNotes}`)
    expect(screen.getByRole('heading', { level: 1, name: `Summary #${SUMMARY_IDS.callNotes}` })).toBeInTheDocument()
    const facts = screen.getByLabelText('About this summary')
    expect(within(facts).getByRole('status')).toHaveTextContent('Completed')
    expect(facts).toHaveTextContent('TypeCall notes')
    expect(facts).toHaveTextContent('SourcePasted text')
    expect(facts).toHaveTextContent('Made byExtractive (on this server)')
    expect(screen.getByRole('heading', { level: 3, name: 'Reason for contact' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Follow-ups' })).toBeInTheDocument()
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(/^Agent: /)
    const original = document.querySelector('details')!
    expect(original).not.toHaveAttribute('open')
    expect(original).toHaveTextContent(/Original text.*Agent: Thank you for calling/)
    expect(document.querySelector('meta[http-equiv="refresh"]')).toBeNull()
  })

  it('reloads itself without JavaScript while the summary is on its way', async () => {
    const { screen, html } = await serverPage(`?summary_id=${SUMMARY_IDS.started}`)
    expect(screen.getByLabelText('About this summary')).toHaveTextContent('StatusStarted')
    expect(screen.getByText(/the summary is on its way/)).toBeInTheDocument()
    // inside <noscript>: a browser that runs scripts polls instead
    expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="3"\/?><\/noscript>/)
  })

  it('shows why a summary failed, and stops reloading', async () => {
    const { screen, html } = await serverPage(`?summary_id=${SUMMARY_IDS.failed}`)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('The summary failed')
    expect(alert).toHaveTextContent('The document has no text layer to read.')
    expect(html).not.toContain('http-equiv')
  })

  it("says 'Something went wrong in details Api Error' when the summary cannot be loaded", async () => {
    const { screen } = await serverPage(`?summary_id=${SUMMARY_IDS.unknown}`)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong in details Api Error')
    expect(alert).toHaveTextContent('Summary not found')
  })
})
