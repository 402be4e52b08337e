// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { OCR_IDS, ocrState, resetOcrMocks } from '#tests/mocks/ocr'
import OcrBucketPage, { action, loader } from './bucket'

const OCR = '/demo-portal/solutions/ocr'

let loads = 0

/** The list under the portal layout with its real loader and action (msw behind them). */
function renderBucket(url: string) {
  loads = 0
  const typeOf = (request: Request) => ({ type: new URL(request.url).pathname.split('/').pop()! })
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture('auditor') }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'solutions/ocr/:type',
            loader: async ({ request }) => {
              loads++
              const u = new URL(request.url)
              return loader(
                args(await requestWithTokens(`${u.pathname}${u.search}`, tokensFor('auditor')), typeOf(request)),
              )
            },
            action: async ({ request }) => {
              const u = new URL(request.url)
              const forwarded = await requestWithTokens(`${u.pathname}${u.search}`, tokensFor('auditor'), {
                method: 'POST',
                body: new URLSearchParams((await request.formData()) as unknown as Record<string, string>),
              })
              return action(args(forwarded, typeOf(request)))
            },
            Component: OcrBucketPage,
          },
        ],
      },
    ],
    url,
  )
}

beforeEach(() => resetOcrMocks())

describe('document bucket list page', () => {
  it('lists the bucket with a pager whose links keep the filters', async () => {
    renderBucket(`${OCR}/scanned?q=n`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Scanned documents' })).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Documents' })
    expect(within(table).getAllByRole('row')).toHaveLength(11)
    expect(screen.getByText('12 documents · page 1 of 2')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', `${OCR}/scanned?q=n&page=2`)
    expect(screen.getByRole('searchbox', { name: 'Search documents' })).toHaveValue('n')
  })

  it('filters by words and type through the URL', async () => {
    renderBucket(`${OCR}/scanned`)
    const user = userEvent.setup()
    const search = await screen.findByRole('search', { name: 'Filter documents' })
    expect(search).toHaveAttribute('method', 'get')
    await user.type(within(search).getByRole('searchbox', { name: 'Search documents' }), 'smith')
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Document type' }), 'id_card')
    await user.click(within(search).getByRole('button', { name: 'Apply filters' }))
    const table = await screen.findByRole('table', { name: 'Documents' })
    await screen.findByText('1 document')
    expect(within(table).getByRole('link', { name: 'id-card.jpg' })).toHaveAttribute(
      'href',
      `${OCR}/scanned/${OCR_IDS.idCard}`,
    )
    expect(screen.getByRole('link', { name: 'Clear' })).toHaveAttribute('href', `${OCR}/scanned`)
  })

  it('deletes a document after confirming in a modal', async () => {
    renderBucket(`${OCR}/total_failed`)
    const user = userEvent.setup()
    const remove = await screen.findByRole('link', { name: 'Delete blurry.jpg' })
    expect(remove).toHaveAttribute('href', `${OCR}/total_failed?confirm-delete=${OCR_IDS.failed}`)
    await user.click(remove)
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete document' }))
    expect(await screen.findByText('No failed documents.')).toBeInTheDocument()
    expect(ocrState.deleted).toEqual([OCR_IDS.failed])
  })

  it('cancelling the modal deletes nothing', async () => {
    renderBucket(`${OCR}/total_failed`)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('link', { name: 'Delete blurry.jpg' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('link', { name: 'blurry.jpg' })).toBeInTheDocument()
    expect(ocrState.deleted).toEqual([])
  })

  it('the pending list follows its documents with JavaScript, and a read one leaves it', async () => {
    renderBucket(`${OCR}/pending`)
    expect(await screen.findByRole('link', { name: 'receipt.webp' })).toBeInTheDocument()
    // the list polls; the document is read meanwhile
    ocrState.documents.find((d) => d.document_id === OCR_IDS.started)!.status = 'completed'
    expect(await screen.findByText('No pending documents.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(loads).toBeGreaterThan(1)
    const settled = loads
    await new Promise((r) => setTimeout(r, 2500))
    expect(loads).toBe(settled)
  }, 15_000)
})
