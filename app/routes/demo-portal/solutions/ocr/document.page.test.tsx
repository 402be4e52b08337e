// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { JobStatus } from '#contract/envelope'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { INVOICE_LINES, OCR_IDS, ocrState, resetOcrMocks } from '#tests/mocks/ocr'
import OcrDocumentPage, { action, ErrorBoundary, loader } from './document'

const OCR = '/demo-portal/solutions/ocr'

/** The page under the portal layout with its real loader and action (msw behind them), or a stub loader. */
function renderDocument(url: string, { who = 'auditor', stub }: { who?: DemoKey; stub?: () => unknown } = {}) {
  const paramsOf = (request: Request) => {
    const [, type, subtype] = new URL(request.url).pathname.match(/\/ocr\/([^/]+)\/([^/]+)$/) ?? []
    return { type, subtype }
  }
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture(who) }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'solutions/ocr/:type/:subtype',
            loader: async ({ request }) => {
              if (stub) return stub()
              const u = new URL(request.url)
              return loader(
                args(await requestWithTokens(`${u.pathname}${u.search}`, tokensFor(who)), paramsOf(request)),
              )
            },
            action: async ({ request }) => {
              const u = new URL(request.url)
              const forwarded = await requestWithTokens(`${u.pathname}${u.search}`, tokensFor(who), {
                method: 'POST',
                body: new URLSearchParams((await request.formData()) as unknown as Record<string, string>),
              })
              return action(args(forwarded, paramsOf(request)))
            },
            Component: OcrDocumentPage,
            ErrorBoundary,
          },
          { path: 'solutions/ocr/:type', Component: () => <h1>The list</h1> },
        ],
      },
    ],
    url,
  )
}

beforeEach(() => resetOcrMocks())

describe('document page: a read invoice', () => {
  it('shows the extracted fields with their confidence and check', async () => {
    renderDocument(`${OCR}/scanned/${OCR_IDS.invoice}`)
    const fields = await screen.findByRole('table', { name: 'Extracted fields' })
    const total = within(fields).getByRole('row', { name: /^Total/ })
    expect(total).toHaveTextContent('Total118.0093%Valid')
    expect(within(fields).getByRole('row', { name: /^Line items/ })).toHaveTextContent('Consulting services: 100.00')
    expect(screen.getByRole('status')).toHaveTextContent('Status:Completed')
    expect(screen.getByLabelText('About the document')).toHaveTextContent('TypeInvoicePages1')
  })

  it('shows a failed check with its reason', async () => {
    renderDocument(`${OCR}/scanned/${OCR_IDS.idCard}`)
    const fields = await screen.findByRole('table', { name: 'Extracted fields' })
    expect(within(fields).getByRole('row', { name: /^Date of birth/ })).toHaveTextContent('1990-02-3068%not a date')
    expect(within(fields).getByRole('row', { name: /^Expiry date/ })).toHaveTextContent('Not found—not found')
  })

  it("draws each word's box over the page image in the image's pixel coordinates, and hides them on request", async () => {
    renderDocument(`${OCR}/scanned/${OCR_IDS.invoice}`)
    const image = await screen.findByRole('img', { name: 'Page 1 as read' })
    expect(image).toHaveAttribute('src', expect.stringMatching(/^\/resources\/image\/ocr\/page_image\/801\/1\/\?/))
    const boxes = screen.getByRole('img', { name: 'Word boxes on page 1' })
    expect(boxes).toHaveAttribute('viewBox', `0 0 1400 ${80 + INVOICE_LINES.length * 70}`)
    const rects = boxes.querySelectorAll('rect')
    expect(rects).toHaveLength(INVOICE_LINES.join(' ').split(' ').length)
    expect(rects[0]).toHaveAttribute('x', '60')
    expect(rects[0]).toHaveAttribute('width', String('INVOICE'.length * 24))
    expect(rects[0].querySelector('title')).toHaveTextContent('INVOICE (92%)')
    // a word read less surely is tinted differently
    const colours = new Set([...rects].map((r) => r.getAttribute('fill')))
    expect(colours).toEqual(new Set(['var(--mantine-color-teal-6)', 'var(--mantine-color-red-6)']))

    const user = userEvent.setup()
    await user.click(screen.getByRole('switch', { name: 'Show word boxes' }))
    expect(screen.queryByRole('img', { name: 'Word boxes on page 1' })).not.toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Page 1 as read' })).toBeInTheDocument()
    await user.click(screen.getByRole('switch', { name: 'Show word boxes' }))
    expect(screen.getByRole('img', { name: 'Word boxes on page 1' })).toBeInTheDocument()
  })

  it("shows each page's text as it was read", async () => {
    renderDocument(`${OCR}/scanned/${OCR_IDS.form}`)
    expect(await screen.findByRole('heading', { name: 'Page 2 of 2' })).toBeInTheDocument()
    const texts = document.querySelectorAll('pre')
    expect(texts).toHaveLength(2)
    expect(texts[0].textContent).toBe('Claim form\nApplicant Name: Jo Smith\nPhone: 555 0100')
    expect(screen.getAllByRole('button', { name: 'Copy text' })).toHaveLength(2)
  })

  it('answers a question with the passage it comes from, and keeps the earlier answers', async () => {
    renderDocument(`${OCR}/scanned/${OCR_IDS.invoice}`)
    const user = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'Ask about the document' })
    const question = within(form).getByRole('textbox', { name: 'Your question' })
    await user.type(question, 'What is the total?')
    await user.click(within(form).getByRole('button', { name: 'Ask' }))
    const first = await screen.findByRole('article', { name: 'Answer to: What is the total?' })
    expect(first).toHaveTextContent('Total 118.00')
    expect(within(first).getByText('Page 1')).toBeInTheDocument()
    expect(first.querySelector('blockquote')).toHaveTextContent('Total 118.00')
    // the form is emptied (conform remounts the field) for the next question
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Your question' })).toHaveValue(''))
    // (user-event remembers what it typed across the form's reset; a browser does not)
    await user.clear(within(form).getByRole('textbox', { name: 'Your question' }))
    await user.type(within(form).getByRole('textbox', { name: 'Your question' }), 'Who is the vendor?')
    await user.click(within(form).getByRole('button', { name: 'Ask' }))
    const second = await screen.findByRole('article', { name: 'Answer to: Who is the vendor?' })
    expect(second).toHaveTextContent('Vendor: Northwind Traders')
    expect(screen.getByRole('article', { name: 'Answer to: What is the total?' })).toBeInTheDocument()
    expect(ocrState.questions.map((q) => q.question)).toEqual(['What is the total?', 'Who is the vendor?'])
  })

  it('checks the question before asking', async () => {
    renderDocument(`${OCR}/scanned/${OCR_IDS.invoice}`)
    const user = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'Ask about the document' })
    await user.click(within(form).getByRole('button', { name: 'Ask' }))
    expect(await within(form).findByText('Ask a question about the document')).toBeInTheDocument()
    expect(ocrState.questions).toEqual([])
  })

  it('deletes after confirming in a modal, and goes to the list', async () => {
    renderDocument(`${OCR}/scanned/${OCR_IDS.invoice}`)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('link', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' })
    expect(dialog).toHaveTextContent('Delete invoice-2044.png')
    await user.click(within(dialog).getByRole('button', { name: 'Delete document' }))
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeInTheDocument()
    expect(ocrState.deleted).toEqual([OCR_IDS.invoice])
  })
})

describe('document page: on its way, failed, missing', () => {
  it('follows the status live (pending → started → completed) and stops polling when done', async () => {
    const sequence: JobStatus[] = ['pending', 'started', 'completed']
    let loads = 0
    const invoice = ocrState.documents.find((d) => d.document_id === OCR_IDS.invoice)!
    renderDocument(`${OCR}/pending/${OCR_IDS.invoice}`, {
      stub: () => {
        const status = sequence[Math.min(loads++, sequence.length - 1)]
        const { owner: _o, ...detail } = invoice
        const done = status === 'completed'
        return {
          bucket: 'pending',
          confirming: false,
          document: {
            ...detail,
            status,
            fields: done ? detail.fields : [],
            pages: done ? detail.pages.map(({ image_url: _i, ...p }) => ({ ...p, src: '/x.png' })) : [],
          },
        }
      },
    })
    const live = await screen.findByRole('status')
    expect(live).toHaveTextContent('Status:Pending')
    expect(screen.getByRole('link', { name: 'Pending documents' })).toHaveAttribute('href', `${OCR}/pending`)
    expect(screen.getByRole('list', { name: 'OCR steps' })).toBeInTheDocument()
    await waitFor(() => expect(live).toHaveTextContent('Status:Started'), { timeout: 5000 })
    await waitFor(() => expect(live).toHaveTextContent('Status:Completed'), { timeout: 5000 })
    expect(screen.getByRole('table', { name: 'Extracted fields' })).toHaveTextContent('118.00')
    expect(screen.queryByRole('list', { name: 'OCR steps' })).not.toBeInTheDocument()
    // once read, it belongs with the scanned documents, whatever the address it was opened at
    expect(screen.getByRole('link', { name: 'Scanned documents' })).toHaveAttribute('href', `${OCR}/scanned`)
    const settled = loads
    await new Promise((r) => setTimeout(r, 2500))
    expect(loads).toBe(settled)
  }, 15_000)

  it('says why a document could not be read', async () => {
    renderDocument(`${OCR}/total_failed/${OCR_IDS.failed}`)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The document could not be read')
    expect(alert).toHaveTextContent('No text was found in the document')
    expect(screen.queryByRole('form', { name: 'Ask about the document' })).not.toBeInTheDocument()
  })

  it('shows a not-found page for a document that is not there', async () => {
    renderDocument(`${OCR}/scanned/${OCR_IDS.supervisors}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Document not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Scan a document' })).toHaveAttribute('href', `${OCR}/demo`)
  })
})
