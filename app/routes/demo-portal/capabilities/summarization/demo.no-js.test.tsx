import { within } from '@testing-library/dom'
import { describe, expect, it } from 'vitest'
import { callTranscript, summaryFor, summaryTypeFixtures } from '#tests/fixtures/summarization'
import { serverHtml } from '#tests/fixtures/server-html'
import { userFixture } from '#tests/fixtures/users'
import { SummarizeForm } from '~/components/summarization/summarize-form'
import SummarizeDemoPage, { type SummarizeActionData } from './demo'

const DEMO = '/demo-portal/capabilities/summarization/demo'

/** The demo as the server sends it, optionally as the answer to a POST (no JavaScript runs). */
function page(actionData?: SummarizeActionData) {
  return serverHtml({
    url: DEMO,
    path: 'capabilities/summarization/demo',
    Component: actionData
      ? () => <SummarizeForm types={summaryTypeFixtures} actionData={actionData} errorTitle="Error in add summary" />
      : SummarizeDemoPage,
    data: { types: summaryTypeFixtures },
    user: userFixture('visitor'),
  })
}

describe('summarization demo without JavaScript', { timeout: 15_000 }, () => {
  it('is a multipart POST form with the text, the document and the type all usable', () => {
    const { screen, document } = page()
    const form = screen.getByRole('form', { name: 'Summarise' })
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('enctype', 'multipart/form-data')
    expect(form).toHaveAttribute('action', DEMO)
    expect(within(form).getByLabelText('Text to summarise')).not.toBeDisabled()
    const file = within(form).getByLabelText('Document')
    expect(file).toHaveAttribute('name', 'file')
    expect(file).not.toBeDisabled()
    expect(within(form).getByLabelText('Summary type')).toHaveValue('brief')
    // every type's description is in the page, not only the chosen one's
    for (const t of summaryTypeFixtures) expect(form).toHaveTextContent(t.description)
    expect(within(form).queryByRole('radiogroup')).toBeNull()
    expect(within(form).getByRole('button', { name: 'Summarize' })).toHaveAttribute('type', 'submit')
    expect(document.querySelector('meta[http-equiv="refresh"]')).toBeNull()
  })

  it("shows the action's summary beside the form, which keeps the text", () => {
    const { screen } = page({
      result: { status: 'success', initialValue: { text: callTranscript, summary_type: 'call_notes' } },
      outcome: {
        summary_id: 500,
        status: 'completed',
        summary: summaryFor(callTranscript, 'call_notes'),
        failure_reason: null,
        summary_type: 'call_notes',
        source: 'Pasted text',
      },
    })
    expect(screen.getByRole('heading', { level: 3, name: 'Reason for contact' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open summary #500' })).toHaveAttribute(
      'href',
      '/demo-portal/capabilities/summarization/detail?summary_id=500',
    )
    expect(screen.getByLabelText('Text to summarise')).toHaveValue(callTranscript)
    expect(screen.getByLabelText('Summary type')).toHaveValue('call_notes')
  })

  it("shows the server's errors on the fields, the document's too", () => {
    const { screen } = page({
      result: {
        status: 'error',
        error: {
          '': ['Check the highlighted fields.'],
          file: ['Only .txt, .docx and .pdf documents can be summarised'],
        },
        initialValue: { summary_type: 'brief' },
      },
      outcome: null,
    })
    expect(screen.getByRole('alert')).toHaveTextContent('Error in add summaryCheck the highlighted fields.')
    const file = screen.getByLabelText('Document')
    expect(file).toHaveAttribute('aria-invalid', 'true')
    expect(file).toHaveAccessibleDescription(/Only \.txt, \.docx and \.pdf documents can be summarised/)
  })

  it('says why a summary failed', () => {
    const { screen } = page({
      result: { status: 'success' },
      outcome: {
        summary_id: 501,
        status: 'failed',
        summary: null,
        failure_reason: 'The summariser could not read this text.',
        summary_type: 'brief',
        source: 'scan.pdf',
      },
    })
    expect(screen.getByRole('status')).toHaveTextContent('The summary failed')
    expect(screen.getByRole('status')).toHaveTextContent('The summariser could not read this text.')
  })
})
