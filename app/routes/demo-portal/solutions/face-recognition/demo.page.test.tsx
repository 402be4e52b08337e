// @vitest-environment jsdom
import { data } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PHOTO_MAX_BYTES } from '#contract/limits'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { faceState, jpegFile, resetFaceMocks } from '#tests/mocks/face'
import FaceDemoPage, { action, loader } from './demo'

const DEMO = '/demo-portal/solutions/face-recognition/demo'

/** The form the page last submitted, read as the browser would have sent it. */
let submitted: FormData | null = null
/** How many times the action ran. */
let posted = 0

/**
 * A multipart post's answer: Remix's multipart parser does not run under jsdom, so the page gets the
 * reply demo.test.ts shows the action gives for such a post.
 */
let multipartReply: () => unknown = () => null

/**
 * The page under the portal layout with its real loader and action (msw behind them); urlencoded
 * posts go to the real action with the session cookies.
 */
function renderDemo(url = DEMO) {
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture('auditor') }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'solutions/face-recognition/demo',
            loader: async ({ request }) => {
              const u = new URL(request.url)
              return loader(args(await requestWithTokens(`${u.pathname}${u.search}`, tokensFor('auditor'))))
            },
            action: async ({ request }) => {
              posted++
              const u = new URL(request.url)
              if (request.headers.get('Content-Type')?.startsWith('multipart/')) return multipartReply()
              const sent = await requestWithTokens(`${u.pathname}${u.search}`, tokensFor('auditor'), {
                method: 'POST',
                body: await request.text(),
                headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              })
              return action(args(sent))
            },
            Component: FaceDemoPage,
          },
        ],
      },
    ],
    url,
  )
}

const remember = (event: Event) => {
  submitted = new FormDataWithFiles(event.target as HTMLFormElement, (event as SubmitEvent).submitter)
}

/**
 * jsdom builds a form's FormData from its own file list, which user-event's upload() does not fill:
 * put the chosen files in, as a browser would.
 */
class FormDataWithFiles extends FormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super(form, submitter)
    for (const input of form?.querySelectorAll<HTMLInputElement>('input[type=file][name]') ?? []) {
      if (!input.files?.length) continue
      this.delete(input.name)
      for (const file of input.files) this.append(input.name, file)
    }
  }
}

beforeEach(() => {
  resetFaceMocks()
  posted = 0
  submitted = null
  vi.stubGlobal('FormData', FormDataWithFiles)
  document.addEventListener('submit', remember, true)
})
afterEach(() => {
  document.removeEventListener('submit', remember, true)
  vi.unstubAllGlobals()
})

describe('face demo page', () => {
  it('has the three forms, each a multipart POST with its intent, and the people to verify against', async () => {
    renderDemo()
    for (const [name, intent] of [
      ['Enrol a person', 'enrol'],
      ['Verify a face', 'verify'],
      ['Identify a face', 'identify'],
    ]) {
      const form = await screen.findByRole('form', { name })
      expect(form).toHaveAttribute('method', 'post')
      expect(form).toHaveAttribute('enctype', 'multipart/form-data')
      expect(form.querySelector('input[name=intent]')).toHaveValue(intent)
    }
    const verify = screen.getByRole('form', { name: 'Verify a face' })
    const select = within(verify).getByLabelText(/^Claimed person/)
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a person', 'Alan Turing', 'Ada Lovelace'])
    const photos = within(screen.getByRole('form', { name: 'Enrol a person' })).getByLabelText(/^Reference photos/)
    expect(photos).toHaveAttribute('multiple')
    expect(photos.getAttribute('accept')).toContain('image/jpeg')
  })

  it('refuses a photo over 10 MB in the browser, before sending it', async () => {
    renderDemo()
    const user = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'Identify a face' })
    await user.upload(within(form).getByLabelText(/^Photo to identify/), jpegFile('huge.jpg', PHOTO_MAX_BYTES + 1))
    await user.click(within(form).getByRole('button', { name: 'Identify' }))
    expect(await within(form).findByText('huge.jpg is larger than 10 MB')).toBeInTheDocument()
    expect(posted).toBe(0)
  })

  it('posts the name and every chosen photo, and shows which photo was refused and why next to the photos', async () => {
    multipartReply = () =>
      data(
        {
          intent: 'enrol',
          result: {
            status: 'error',
            initialValue: { intent: 'enrol', name: 'Katherine' },
            error: {
              '': ['A photo cannot be used'],
              photos: ['Photo 2 (group.jpg): 3 faces were found; the photo must show one.'],
            },
          },
        },
        { status: 400 },
      )
    renderDemo()
    const user = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'Enrol a person' })
    await user.type(within(form).getByLabelText(/^Name/), 'Katherine')
    await user.upload(within(form).getByLabelText(/^Reference photos/), [jpegFile('ok.jpg'), jpegFile('group.jpg')])
    await user.click(within(form).getByRole('button', { name: 'Enrol person' }))
    await waitFor(() => expect(posted).toBe(1))
    expect(submitted?.get('intent')).toBe('enrol')
    expect(submitted?.get('name')).toBe('Katherine')
    expect(submitted?.getAll('photos').map((f) => (f as File).name)).toEqual(['ok.jpg', 'group.jpg'])
    const photos = within(form).getByLabelText(/^Reference photos/)
    await waitFor(() => expect(photos).toHaveAttribute('aria-invalid', 'true'))
    expect(photos).toHaveAccessibleDescription('Photo 2 (group.jpg): 3 faces were found; the photo must show one.')
    expect(within(form).getByRole('alert')).toHaveTextContent('The person was not enrolledA photo cannot be used')
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Katherine')
  })

  it('offers the camera only on a device that has one', async () => {
    renderDemo()
    await screen.findByRole('form', { name: 'Enrol a person' })
    // the phone camera input is for pages without JavaScript
    // (it goes once the page has hydrated, an effect that may land after the form first shows)
    await waitFor(() => expect(document.querySelector('input[capture]')).toBeNull())
    expect(screen.queryByRole('button', { name: 'Use camera' })).not.toBeInTheDocument()
  })

  it('shows the camera button when the browser has a camera', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        enumerateDevices: async () => [{ kind: 'videoinput', deviceId: 'cam', label: '', groupId: '' }],
        getUserMedia: async () => {
          throw new Error('Permission denied')
        },
      },
    })
    renderDemo()
    const buttons = await screen.findAllByRole('button', { name: 'Use camera' })
    expect(buttons).toHaveLength(3)
    await userEvent.setup().click(buttons[2])
    expect(await screen.findByText('The camera could not be opened: Permission denied')).toBeInTheDocument()
  })

  it('deletes a person after confirming in a modal', async () => {
    renderDemo()
    const user = userEvent.setup()
    const table = await screen.findByRole('table', { name: 'Enrolled people' })
    await user.click(within(table).getByRole('link', { name: 'Delete Alan Turing' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete person' })
    expect(dialog).toHaveTextContent('Delete Alan Turing? Their photo and face descriptors are removed for good.')
    await user.click(within(dialog).getByRole('button', { name: 'Delete person' }))
    await waitFor(() => expect(faceState.deleted).toEqual([42]))
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Enrolled people' })).not.toHaveTextContent('Alan Turing'),
    )
  })

  it('edits a person in place', async () => {
    renderDemo()
    const user = userEvent.setup()
    const table = await screen.findByRole('table', { name: 'Enrolled people' })
    await user.click(within(table).getByRole('link', { name: 'Edit Ada Lovelace' }))
    const form = await screen.findByRole('form', { name: 'Edit Ada Lovelace' })
    const name = within(form).getByLabelText('Name')
    await user.clear(name)
    await user.type(name, 'Ada King')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(faceState.updates).toEqual([{ id: 41, name: 'Ada King', external_id: 'EMP-001' }]))
    expect(await within(table).findByText('Ada King')).toBeInTheDocument()
  })
})
