// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { JobStatus } from '#contract/envelope'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { mockRecording, SPEECH_IDS, wavFile } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { resetSpeechMocks } from '#tests/mocks/speech'
import SpeechDemoPage, { loader } from './demo'

const DEMO = '/demo-portal/capabilities/speech-recognition/demo'
const at = (id: number, extra = '') => `${DEMO}?recording_id=${id}${extra}`

type StubLoader = (url: URL) => unknown
type StubAction = (form: FormData, url: URL) => unknown

/** The page under the portal layout; its loader is the real one (msw behind it) unless a test gives its own. */
function renderDemo(url: string, who: DemoKey = 'auditor', stub: { loader?: StubLoader; action?: StubAction } = {}) {
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture(who) }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'capabilities/speech-recognition/demo',
            loader: async ({ request }) => {
              const u = new URL(request.url)
              if (stub.loader) return stub.loader(u)
              return loader(args(await requestWithTokens(`${u.pathname}${u.search}`, tokensFor(who))))
            },
            action: async ({ request }) => stub.action?.(await request.formData(), new URL(request.url)) ?? null,
            Component: SpeechDemoPage,
          },
        ],
      },
    ],
    url,
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
}

/**
 * jsdom builds a form's FormData from its own file list, which user-event's upload() does not fill:
 * put the chosen file in, as a browser would.
 */
class FormDataWithFiles extends FormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super(form, submitter)
    for (const input of form?.querySelectorAll<HTMLInputElement>('input[type=file][name]') ?? []) {
      if (input.files?.[0]) this.set(input.name, input.files[0])
    }
  }
}

beforeEach(() => {
  resetSpeechMocks()
  FakeXhr.sent = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  vi.stubGlobal('FormData', FormDataWithFiles)
})
afterEach(() => vi.unstubAllGlobals())

describe('speech demo: the upload form', () => {
  it('is a multipart form with the file, the language (English first) and the domain', async () => {
    renderDemo(DEMO)
    const form = await screen.findByRole('form', { name: 'Upload a recording' })
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('enctype', 'multipart/form-data')
    expect(form).toHaveAttribute('action', DEMO)
    const file = within(form).getByLabelText(/^Recording/)
    expect(file).toHaveAttribute('type', 'file')
    expect(file).toHaveAttribute('name', 'file')
    expect(file.getAttribute('accept')).toContain('audio/*')
    expect(within(form).getByLabelText(/^Language/)).toHaveValue('en')
    expect(within(form).getByLabelText(/^Domain/)).toHaveValue('')
    expect(screen.getByRole('link', { name: 'Past history' })).toHaveAttribute(
      'href',
      '/demo-portal/capabilities/speech-recognition/past_history',
    )
  })

  it('checks the form in the browser before sending anything', async () => {
    renderDemo(DEMO)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Upload and transcribe' }))
    expect(await screen.findByText('Choose a recording to upload')).toBeInTheDocument()
    expect(screen.getByText('Choose a domain')).toBeInTheDocument()
    expect(FakeXhr.sent).toHaveLength(0)
  })

  it('posts with XMLHttpRequest, shows the progress, then opens the recording', async () => {
    renderDemo(DEMO)
    const user = userEvent.setup()
    await user.upload(await screen.findByLabelText(/^Recording/), wavFile('refund call.wav'))
    await user.selectOptions(screen.getByLabelText(/^Domain/), 'banking')
    await user.click(screen.getByRole('button', { name: 'Upload and transcribe' }))

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    const xhr = FakeXhr.sent[0]
    expect(xhr.url).toBe(`${DEMO}/upload`)
    expect(xhr.headers.Accept).toBe('application/json')
    expect(xhr.body?.get('language')).toBe('en')
    expect(xhr.body?.get('domain')).toBe('banking')
    expect((xhr.body?.get('file') as File).name).toBe('refund call.wav')

    xhr.progress(5 * 1024 * 1024, 20 * 1024 * 1024)
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '25')
    expect(screen.getByText(/Uploading 25% · 5\.0 MB of 20\.0 MB/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument()
    xhr.progress(20 * 1024 * 1024, 20 * 1024 * 1024)
    expect(screen.getByText(/Handing it to the speech service/)).toBeInTheDocument()

    xhr.respond(200, { location: at(SPEECH_IDS.started) })
    expect(await screen.findByRole('heading', { level: 1, name: 'card-activation.mp3' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Transcription in progress' })).toBeInTheDocument()
  })

  it("shows the server's answer to a refused upload on the form", async () => {
    renderDemo(DEMO)
    const user = userEvent.setup()
    await user.upload(await screen.findByLabelText(/^Recording/), wavFile())
    await user.selectOptions(screen.getByLabelText(/^Domain/), 'telecom')
    await user.click(screen.getByRole('button', { name: 'Upload and transcribe' }))
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    FakeXhr.sent[0].respond(415, {
      result: {
        status: 'error',
        error: { '': ['This is not a recording we can read'], file: ['Not a supported audio file'] },
      },
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The recording was not uploaded')
    expect(alert).toHaveTextContent('This is not a recording we can read')
    expect(screen.getByText('Not a supported audio file')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upload and transcribe' })).toBeEnabled()
  })

  it('can cancel an upload on its way', async () => {
    renderDemo(DEMO)
    const user = userEvent.setup()
    await user.upload(await screen.findByLabelText(/^Recording/), wavFile())
    await user.selectOptions(screen.getByLabelText(/^Domain/), 'telecom')
    await user.click(screen.getByRole('button', { name: 'Upload and transcribe' }))
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    FakeXhr.sent[0].progress(10, 100)
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }))
    expect(await screen.findByText('Upload cancelled.')).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})

describe('speech demo: a recording', () => {
  it('follows the status live (pending → started → completed) and stops polling when done', async () => {
    const sequence: JobStatus[] = ['pending', 'started', 'completed']
    let loads = 0
    renderDemo(at(SPEECH_IDS.completed), 'auditor', {
      loader: () => {
        const status = sequence[Math.min(loads++, sequence.length - 1)]
        const r = mockRecording({ id: 701, owner: 'auditor', status, file: 'billing-dispute.wav', day: 20 })
        const { audio_url: _a, owner: _o, heard: _h, ...detail } = r
        return {
          page: 'recording',
          upload: null,
          recording: {
            detail: { ...detail, uploaded_by: { id: 3, name: 'Alex Auditor' }, unredacted_segments: null },
            audioSrc: '/resources/call-audio/701?sig=x',
            variant: 'redacted',
            editing: null,
            names: { language: 'English', domain: 'Banking' },
          },
        }
      },
    })
    const live = await screen.findByRole('status', { name: '' })
    expect(live).toHaveTextContent('Status:Pending')
    expect(screen.getByRole('list', { name: 'Transcription steps' })).toBeInTheDocument()
    await waitFor(() => expect(live).toHaveTextContent('Status:Started'), { timeout: 5000 })
    const steps = screen.getByRole('list', { name: 'Transcription steps' })
    expect(within(steps).getByText('Started').closest('li')).toHaveAttribute('aria-current', 'step')
    await waitFor(() => expect(live).toHaveTextContent('Status:Completed'), { timeout: 5000 })
    expect(screen.getByRole('list', { name: 'Transcript' })).toBeInTheDocument()
    const settled = loads
    await new Promise((r) => setTimeout(r, 2500))
    expect(loads).toBe(settled)
  }, 15_000)

  it('says why a transcription failed', async () => {
    renderDemo(at(SPEECH_IDS.failed))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Transcription failed')
    expect(alert).toHaveTextContent('No speech engine is configured')
  })

  it('plays the recording from a transcript line when it is clicked', async () => {
    renderDemo(at(SPEECH_IDS.completed))
    const user = userEvent.setup()
    const transcript = await screen.findByRole('list', { name: 'Transcript' })
    const audio = document.querySelector('audio')!
    expect(audio.getAttribute('src')).toMatch(/^\/resources\/call-audio\/701\?expires=/)
    audio.play = () => Promise.resolve()
    const line = within(transcript).getByRole('button', { name: /^Play from 0:22/ })
    expect(line).toHaveTextContent('I can see both charges')
    await user.click(line)
    expect(audio.currentTime).toBe(22.4)
    expect(line).toHaveAttribute('aria-current', 'true')
    expect(within(transcript).getAllByText(/\[CARD_NUMBER\]|\[PHONE_NUMBER\]/)).toHaveLength(2)
    expect(screen.getByText('2 redactions')).toBeInTheDocument()
    expect(screen.getByText('Summary').closest('section')).toHaveTextContent('refunded the duplicate charge')
  })

  it('edits the transcript: each line’s speaker and text, posted with the intent', async () => {
    const posted: Record<string, FormDataEntryValue>[] = []
    renderDemo(at(SPEECH_IDS.completed), 'auditor', {
      action: (form) => {
        posted.push(Object.fromEntries(form))
        return null
      },
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('link', { name: 'Edit transcript' }))
    const form = await screen.findByRole('form', { name: 'Edit transcript' })
    expect(within(form).getAllByRole('combobox')).toHaveLength(6)
    const first = within(form).getByRole('textbox', { name: 'Text at 0:00' })
    expect(first).toHaveValue('Thank you for calling Acme Bank, my name is Priya. How can I help you?')
    await user.clear(first)
    await user.type(first, 'Thanks for calling.')
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Speaker at 0:04' }), 'agent')
    await user.click(within(form).getByRole('button', { name: 'Save transcript' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toMatchObject({
      intent: 'update-transcript',
      recording_id: '701',
      'segments[0].text': 'Thanks for calling.',
      'segments[0].speaker': 'agent',
      'segments[1].speaker': 'agent',
      'segments[5].text': 'Great, thanks for your help.',
    })
  })

  it("shows 'Update Transcript Error' with the reason when the save fails", async () => {
    renderDemo(at(SPEECH_IDS.completed, '&edit=transcript'), 'auditor', {
      action: () => ({
        intent: 'update-transcript',
        result: { status: 'error', error: { '': ['Update Transcript Error', 'Database unavailable'] } },
      }),
    })
    const user = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'Edit transcript' })
    await user.click(within(form).getByRole('button', { name: 'Save transcript' }))
    const alert = await within(form).findByRole('alert')
    expect(alert).toHaveTextContent('Update Transcript Error')
    expect(alert).toHaveTextContent('Database unavailable')
  })

  it("edits the summary, and shows 'Summary Not Updated' when it is refused", async () => {
    const posted: Record<string, FormDataEntryValue>[] = []
    renderDemo(at(SPEECH_IDS.completed), 'auditor', {
      action: (form) => {
        posted.push(Object.fromEntries(form))
        return {
          intent: 'update-summary',
          result: { status: 'error', error: { '': ['Summary Not Updated', 'The summary is locked'] } },
        }
      },
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('link', { name: 'Edit summary' }))
    const form = await screen.findByRole('form', { name: 'Edit summary' })
    const summary = within(form).getByRole('textbox', { name: /Summary/ })
    await user.clear(summary)
    await user.click(within(form).getByRole('button', { name: 'Save summary' }))
    expect(await within(form).findByText('The summary cannot be empty')).toBeInTheDocument()
    expect(posted).toHaveLength(0)
    await user.type(summary, 'Refunded.')
    await user.click(within(form).getByRole('button', { name: 'Save summary' }))
    const alert = await within(form).findByRole('alert')
    expect(alert).toHaveTextContent('Summary Not Updated')
    expect(alert).toHaveTextContent('The summary is locked')
    expect(posted[0]).toMatchObject({ intent: 'update-summary', recording_id: '701', summary: 'Refunded.' })
  })

  it('lets a QA supervisor switch to the unredacted transcript, but not edit what is not theirs', async () => {
    renderDemo(at(SPEECH_IDS.completed), 'supervisor')
    const user = userEvent.setup()
    const versions = await screen.findByRole('navigation', { name: 'Transcript version' })
    expect(within(versions).getByRole('link', { name: 'Redacted' })).toHaveAttribute('aria-current', 'page')
    await user.click(within(versions).getByRole('link', { name: 'Unredacted' }))
    const transcript = await screen.findByRole('list', { name: 'Unredacted transcript' })
    expect(transcript).toHaveTextContent('4111 1111 1111 1111')
    expect(screen.queryByRole('link', { name: 'Edit transcript' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit summary' })).not.toBeInTheDocument()
  })

  it('offers no unredacted view to an auditor', async () => {
    renderDemo(at(SPEECH_IDS.completed))
    await screen.findByRole('list', { name: 'Transcript' })
    expect(screen.queryByRole('navigation', { name: 'Transcript version' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Edit transcript' })).toBeInTheDocument()
  })
})
