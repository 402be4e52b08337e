import { MantineProvider } from '@mantine/core'
import { Outlet } from '@remix-run/react'
import { createRemixStub } from '@remix-run/testing'
import { within } from '@testing-library/dom'
// @ts-expect-error -- jsdom ships no types; only `new JSDOM(html).window.document` is used here
import { JSDOM } from 'jsdom'
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { OCR_IDS, ocrState, resetOcrMocks } from '#tests/mocks/ocr'
import { theme } from '~/theme'
import OcrBucketPage, { loader as bucketLoader } from './bucket'
import OcrDemoPage, { loader as demoLoader } from './demo'
import OcrDocumentPage, { action as documentAction, loader as documentLoader } from './document'

const OCR = '/demo-portal/solutions/ocr'
const DEMO = `${OCR}/demo`

type Route = { url: string; path: string; Component: ComponentType; params?: Record<string, string> }

/** A page as the server sends it, from its loader's real answer (no JavaScript runs). */
type Loader = (a: ReturnType<typeof args>) => unknown

async function serverPage({ url, path, Component, params = {} }: Route, loader: Loader) {
  const result = await run(async () => loader(args(await requestWithTokens(url, tokensFor('auditor')), params)))
  return serverHtml({ url, path, Component, data: result.body, user: userFixture('auditor') })
}

/**
 * The document page as the server sends it after a POST without JavaScript: the loader's data and
 * the action's answer, both real. (The shared fixture takes loader data only.)
 */
async function afterPost(id: number, fields: Record<string, string>) {
  const url = `${OCR}/scanned/${id}`
  const params = { type: 'scanned', subtype: String(id) }
  const posted = await run(async () =>
    documentAction(
      args(
        await requestWithTokens(url, tokensFor('auditor'), { method: 'POST', body: new URLSearchParams(fields) }),
        params,
      ),
    ),
  )
  const loaded = await run(async () => documentLoader(args(await requestWithTokens(url, tokensFor('auditor')), params)))
  const Stub = createRemixStub([
    {
      id: 'routes/demo-portal/layout',
      path: '/demo-portal',
      loader: () => null,
      Component: () => <Outlet />,
      children: [
        {
          id: 'page',
          path: 'solutions/ocr/:type/:subtype',
          loader: () => null,
          action: () => null,
          Component: OcrDocumentPage,
        },
      ],
    },
  ])
  const quiet = console.error
  console.error = (...rest: unknown[]) => {
    if (typeof rest[0] === 'string' && rest[0].includes('useLayoutEffect does nothing on the server')) return
    quiet(...rest)
  }
  let html: string
  try {
    html = renderToString(
      <MantineProvider theme={theme} env="test">
        <Stub
          initialEntries={[url]}
          hydrationData={{
            loaderData: { 'routes/demo-portal/layout': { user: userFixture('auditor') }, page: loaded.body },
            actionData: { page: posted.body },
          }}
        />
      </MantineProvider>,
    )
  } finally {
    console.error = quiet
  }
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window as Window
  return { status: posted.status, screen: within(document.body), document }
}

const documentRoute = (type: string, id: number, search = ''): Route => ({
  url: `${OCR}/${type}/${id}${search}`,
  path: 'solutions/ocr/:type/:subtype',
  Component: OcrDocumentPage,
  params: { type, subtype: String(id) },
})

beforeEach(() => resetOcrMocks())

describe('OCR pages without JavaScript', { timeout: 15_000 }, () => {
  it('the upload form is a plain multipart POST to the demo page with the type and a native file input', async () => {
    const { screen, document } = await serverPage(
      { url: DEMO, path: 'solutions/ocr/demo', Component: OcrDemoPage },
      demoLoader,
    )
    const form = document.querySelector('form[aria-label="Upload a document"]')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('enctype')).toBe('multipart/form-data')
    expect(form.getAttribute('action')).toBe(DEMO)
    // the camera's input needs a script to know there is a camera: without one, the file input only
    expect([...form.querySelectorAll('input, select')].map((e) => e.getAttribute('name'))).toEqual([
      'document_type',
      'file',
    ])
    expect(screen.getByLabelText(/^Document \*?$/)).toHaveAttribute('type', 'file')
    expect(within(form as HTMLElement).getByRole('button', { name: 'Upload and read' })).toHaveAttribute(
      'type',
      'submit',
    )
  })

  it('a document on its way reloads itself; a read one does not', async () => {
    const pending = await serverPage(documentRoute('pending', OCR_IDS.started), documentLoader)
    expect(pending.screen.getByText('Status:').closest('[role="status"]')).toHaveTextContent('Status:Started')
    expect(pending.html).toMatch(/<noscript><meta http-equiv="refresh" content="3"\/?><\/noscript>/)
    const read = await serverPage(documentRoute('scanned', OCR_IDS.invoice), documentLoader)
    expect(read.html).not.toContain('http-equiv')
  })

  it('a read document has its image, word boxes, text and fields in the HTML, and a POST form to ask', async () => {
    const { screen, document } = await serverPage(documentRoute('scanned', OCR_IDS.invoice), documentLoader)
    expect(screen.getByRole('img', { name: 'Page 1 as read' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/resources\/image\/ocr\/page_image\/801\/1\//),
    )
    expect(screen.getByRole('img', { name: 'Word boxes on page 1' }).querySelectorAll('rect').length).toBeGreaterThan(
      10,
    )
    // the switch is a plain checkbox, checked: unchecking it hides the boxes by CSS
    expect(screen.getByRole('switch', { name: 'Show word boxes' })).toBeChecked()
    expect(document.querySelector('pre')?.textContent).toContain('Total 118.00')
    expect(screen.getByRole('table', { name: 'Extracted fields' })).toHaveTextContent('118.00')
    const ask = screen.getByRole('form', { name: 'Ask about the document' })
    expect(ask).toHaveAttribute('method', 'post')
    const hidden = [...ask.querySelectorAll('input[type=hidden]')].map((i) => [
      i.getAttribute('name'),
      i.getAttribute('value'),
    ])
    expect(hidden).toEqual([
      ['intent', 'ask'],
      ['document_id', String(OCR_IDS.invoice)],
    ])
    expect(within(ask).getByRole('textbox', { name: 'Your question' })).toHaveAttribute('name', 'question')
  })

  it('the answer to a posted question comes back in the page, with its passage', async () => {
    const { status, screen } = await afterPost(OCR_IDS.invoice, { intent: 'ask', question: 'What is the total?' })
    expect(status).toBe(200)
    const answer = screen.getByRole('article', { name: 'Answer to: What is the total?' })
    expect(answer).toHaveTextContent('Total 118.00')
    expect(answer.querySelector('blockquote')).toHaveTextContent('Total 118.00')
    expect(within(answer).getByText('Page 1')).toBeInTheDocument()
  })

  it('a refused question shows why in the form', async () => {
    const { status, screen } = await afterPost(OCR_IDS.invoice, { intent: 'ask', question: 'x' })
    expect(status).toBe(400)
    expect(screen.getByText('Ask a question about the document')).toBeInTheDocument()
    expect(ocrState.questions).toEqual([])
  })

  it('delete is a link to a confirmation step, then a POST with the intent', async () => {
    const before = await serverPage(documentRoute('scanned', OCR_IDS.invoice), documentLoader)
    expect(before.screen.getByRole('link', { name: 'Delete' })).toHaveAttribute(
      'href',
      `${OCR}/scanned/${OCR_IDS.invoice}?confirm-delete=1`,
    )
    const confirming = await serverPage(documentRoute('scanned', OCR_IDS.invoice, '?confirm-delete=1'), documentLoader)
    const panel = confirming.screen.getByRole('region', { name: 'Delete document' })
    const form = within(panel).getByRole('form', { name: 'Delete document' })
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('action', `${OCR}/scanned/${OCR_IDS.invoice}`)
    expect(form.querySelector('input[name=intent]')).toHaveAttribute('value', 'delete')
    expect(within(panel).getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      `${OCR}/scanned/${OCR_IDS.invoice}`,
    )
  })

  it('the list filters with a GET form and deletes through a confirmation step', async () => {
    const route = (search: string): Route => ({
      url: `${OCR}/total_failed${search}`,
      path: 'solutions/ocr/:type',
      Component: OcrBucketPage,
      params: { type: 'total_failed' },
    })
    const list = await serverPage(route('?q=blurry'), bucketLoader)
    const search = list.screen.getByRole('search', { name: 'Filter documents' })
    expect(search).toHaveAttribute('method', 'get')
    expect(search).toHaveAttribute('action', `${OCR}/total_failed`)
    expect([...search.querySelectorAll('input, select')].map((e) => e.getAttribute('name'))).toEqual([
      'q',
      'document_type',
    ])
    expect(list.screen.getByRole('link', { name: 'Delete blurry.jpg' })).toHaveAttribute(
      'href',
      `${OCR}/total_failed?q=blurry&confirm-delete=${OCR_IDS.failed}`,
    )
    const confirming = await serverPage(route(`?q=blurry&confirm-delete=${OCR_IDS.failed}`), bucketLoader)
    const panel = confirming.screen.getByRole('region', { name: 'Delete document' })
    expect(panel).toHaveTextContent('Delete blurry.jpg')
    expect(panel.querySelector('input[name=redirectTo]')).toHaveAttribute('value', `${OCR}/total_failed?q=blurry`)
  })
})
