// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { OCR_IDS, resetOcrMocks } from '#tests/mocks/ocr'
import OcrOverviewPage, { loader } from './index'

const OCR = '/demo-portal/solutions/ocr'

function renderOverview(who: DemoKey = 'auditor') {
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture(who) }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'solutions/ocr',
            loader: async () => loader(args(await requestWithTokens(OCR, tokensFor(who)))),
            Component: OcrOverviewPage,
          },
        ],
      },
    ],
    OCR,
  )
}

beforeEach(() => resetOcrMocks())

describe('document OCR overview page', () => {
  it('shows the scanned, pending and failed counts, each linking to its list, and the total', async () => {
    renderOverview()
    const kpis = await screen.findByLabelText('Your documents by status', { selector: 'dl' })
    expect(kpis).toHaveTextContent('Scanned1285.7%')
    expect(kpis).toHaveTextContent('Pending17.1%')
    expect(kpis).toHaveTextContent('Failed17.1%')
    expect(kpis).toHaveTextContent('Total documents14')
    expect(
      within(kpis)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([`${OCR}/scanned`, `${OCR}/pending`, `${OCR}/total_failed`])
  })

  it("lists the recent documents, each linking to it under its status's bucket", async () => {
    renderOverview()
    const table = await screen.findByRole('table', { name: 'Recent documents' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(6)
    expect(rows[0]).toHaveTextContent('DocumentTypeStatusPagesConfidenceUploaded')
    const invoice = within(table).getByRole('row', { name: /invoice-2044\.png/ })
    expect(invoice).toHaveTextContent('Invoice')
    expect(invoice).toHaveTextContent('Completed')
    expect(invoice).toHaveTextContent('14 Mar 2026')
    expect(within(invoice).getByRole('link')).toHaveAttribute('href', `${OCR}/scanned/${OCR_IDS.invoice}`)
    expect(within(table).getByRole('link', { name: 'receipt.webp' })).toHaveAttribute(
      'href',
      `${OCR}/pending/${OCR_IDS.started}`,
    )
    expect(within(table).getByRole('link', { name: 'blurry.jpg' })).toHaveAttribute(
      'href',
      `${OCR}/total_failed/${OCR_IDS.failed}`,
    )
    expect(within(table).getByRole('row', { name: /blurry\.jpg/ })).toHaveTextContent(
      'No text was found in the document',
    )
    expect(screen.getByRole('link', { name: 'Scan a document' })).toHaveAttribute('href', `${OCR}/demo`)
  })

  it("says 'Document List Api Error' when the list fails, and keeps the figures", async () => {
    server.use(http.get(UPSTREAM + paths.uploadDocument, () => errorReply(500, 'Database unavailable')))
    renderOverview()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Document List Api Error')
    expect(alert).toHaveTextContent('Database unavailable')
    expect(screen.getByLabelText('Your documents by status', { selector: 'dl' })).toHaveTextContent('Total documents14')
  })

  it('invites a user without documents to the demo', async () => {
    renderOverview('visitor')
    expect(await screen.findByText(/No documents yet/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Upload or photograph one' })).toHaveAttribute('href', `${OCR}/demo`)
  })
})
