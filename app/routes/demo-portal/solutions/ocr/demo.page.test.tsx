// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { pngFile, resetOcrMocks } from '#tests/mocks/ocr'
import OcrDemoPage, { loader } from './demo'

const OCR = '/demo-portal/solutions/ocr'
const DEMO = `${OCR}/demo`

function renderDemo() {
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture('visitor') }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'solutions/ocr/demo',
            loader: async () => loader(args(await requestWithTokens(DEMO, tokensFor('visitor')))),
            Component: OcrDemoPage,
          },
          { path: 'solutions/ocr/:type/:subtype', Component: () => <h1>The document</h1> },
        ],
      },
    ],
    DEMO,
  )
}

/** XMLHttpRequest as the upload form uses it, driven by the test. */
class FakeXhr {
  static sent: FakeXhr[] = []
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  status = 0
  responseText = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  open(_method: string, url: string) {
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
    FakeXhr.sent.push(this)
  }
  abort() {
    this.onabort?.()
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }))
  }
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    act(() => this.onload?.())
  }
  fail() {
    act(() => this.onerror?.())
  }
}

/** jsdom builds a form's FormData without user-event's uploaded files: put them in, as a browser would. */
class FormDataWithFiles extends FormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super(form, submitter)
    for (const input of form?.querySelectorAll<HTMLInputElement>('input[type=file][name]') ?? []) {
      if (input.files?.[0]) this.set(input.name, input.files[0])
    }
  }
}

function withCamera(kinds: MediaDeviceKind[]) {
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { enumerateDevices: async () => kinds.map((kind) => ({ kind })) },
  })
}

async function choose(file: File, type = 'invoice') {
  const user = userEvent.setup({ applyAccept: false })
  await user.selectOptions(await screen.findByRole('combobox', { name: /Document type/ }), type)
  await user.upload(screen.getByLabelText(/^Document \*?$/), file)
  return user
}

beforeEach(() => {
  resetOcrMocks()
  FakeXhr.sent = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  vi.stubGlobal('FormData', FormDataWithFiles)
})
afterEach(() => vi.unstubAllGlobals())

describe('OCR demo: the upload form', () => {
  it('is a multipart form with the document type and a file input for the formats the API reads', async () => {
    renderDemo()
    const form = await screen.findByRole('form', { name: 'Upload a document' })
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('enctype', 'multipart/form-data')
    expect(form).toHaveAttribute('action', DEMO)
    const type = within(form).getByRole('combobox', { name: /Document type/ })
    expect([...type.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Select a document type',
      'ID card',
      'Invoice',
      'Form',
      'Other',
    ])
    const file = within(form).getByLabelText(/^Document \*?$/)
    expect(file).toHaveAttribute('type', 'file')
    expect(file.getAttribute('accept')).toContain('application/pdf')
    // no camera on this device: no photo button
    expect(screen.queryByText('Take a photo')).not.toBeInTheDocument()
  })

  it('checks the type, the size and the kind of file in the browser before sending anything', async () => {
    renderDemo()
    const user = userEvent.setup({ applyAccept: false })
    await user.click(await screen.findByRole('button', { name: 'Upload and read' }))
    expect(await screen.findByText('Choose a document or take a photo')).toBeInTheDocument()
    expect(screen.getByText('Choose a document type')).toBeInTheDocument()

    await choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    await user.click(screen.getByRole('button', { name: 'Upload and read' }))
    expect(await screen.findByText('Upload a PNG, JPEG, TIFF or WebP image, or a PDF')).toBeInTheDocument()

    const huge = pngFile('huge.png')
    Object.defineProperty(huge, 'size', { value: 26 * 1024 * 1024 })
    await choose(huge)
    await user.click(screen.getByRole('button', { name: 'Upload and read' }))
    expect(await screen.findByText('The document is larger than 25 MB')).toBeInTheDocument()
    expect(FakeXhr.sent).toHaveLength(0)
  })

  it('posts with XMLHttpRequest, shows the progress, then opens the pending document', async () => {
    renderDemo()
    const user = await choose(pngFile('march.png'))
    await user.click(screen.getByRole('button', { name: 'Upload and read' }))
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    const xhr = FakeXhr.sent[0]
    expect(xhr.url).toBe(`${DEMO}/upload`)
    expect(xhr.headers.Accept).toBe('application/json')
    expect(xhr.body?.get('document_type')).toBe('invoice')
    expect((xhr.body?.get('file') as File).name).toBe('march.png')

    xhr.progress(2 * 1024 * 1024, 8 * 1024 * 1024)
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '25')
    expect(screen.getByText(/Uploading 25% · 2\.0 MB of 8\.0 MB/)).toBeInTheDocument()
    xhr.progress(8 * 1024 * 1024, 8 * 1024 * 1024)
    expect(screen.getByText(/Handing it to the OCR service/)).toBeInTheDocument()

    xhr.respond(200, { location: `${OCR}/pending/900` })
    expect(await screen.findByRole('heading', { level: 1, name: 'The document' })).toBeInTheDocument()
  })

  it("shows 'Document Upload Unsuccessful' with the API's reason when it refuses the file", async () => {
    renderDemo()
    const user = await choose(pngFile())
    await user.click(screen.getByRole('button', { name: 'Upload and read' }))
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    FakeXhr.sent[0].respond(415, {
      result: {
        status: 'error',
        error: {
          '': ['Document Upload Unsuccessful', 'This is not a document we can read'],
          file: ['Not a supported document'],
        },
      },
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Document Upload Unsuccessful')
    expect(alert).toHaveTextContent('This is not a document we can read')
    expect(screen.getByText('Not a supported document')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upload and read' })).toBeEnabled()
  })

  it('says so when the upload does not reach the portal', async () => {
    renderDemo()
    const user = await choose(pngFile())
    await user.click(screen.getByRole('button', { name: 'Upload and read' }))
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    FakeXhr.sent[0].fail()
    expect(await screen.findByRole('alert')).toHaveTextContent('The upload did not reach the portal')
  })

  it('on a device with a camera, offers a photo instead of a file', async () => {
    withCamera(['audioinput', 'videoinput'])
    renderDemo()
    const photo = await screen.findByLabelText('Take a photo')
    expect(photo).toHaveAttribute('accept', 'image/*')
    expect(photo).toHaveAttribute('capture', 'environment')
    const user = userEvent.setup({ applyAccept: false })
    await user.selectOptions(screen.getByRole('combobox', { name: /Document type/ }), 'id_card')
    await user.upload(photo, pngFile('IMG_0042.png'))
    expect(screen.getByText('Photo: IMG_0042.png')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Upload and read' }))
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    expect((FakeXhr.sent[0].body?.get('file') as File).name).toBe('IMG_0042.png')
    expect(FakeXhr.sent[0].body?.has('photo')).toBe(false)
  })
})
