import { within } from '@testing-library/dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { FACE_IDS, resetFaceMocks } from '#tests/mocks/face'
import FaceDemoPage, { loader } from './demo'
import FaceScanPage, { loader as scanLoader } from './scan'

const DEMO = '/demo-portal/solutions/face-recognition/demo'

/** The page as the server sends it, from the loader's real answer (no JavaScript runs). */
async function serverPage(search = '') {
  const request = await requestWithTokens(`${DEMO}${search}`, tokensFor('auditor'))
  const result = await run(() => loader(args(request)))
  return serverHtml({
    url: `${DEMO}${search}`,
    path: 'solutions/face-recognition/demo',
    Component: FaceDemoPage,
    data: result.body,
    user: userFixture('auditor'),
  })
}

const namesIn = (form: Element) =>
  [...form.querySelectorAll('input, select')].map(
    (e) => `${e.getAttribute('name')}:${e.getAttribute('type') ?? e.tagName.toLowerCase()}`,
  )

beforeEach(() => resetFaceMocks())

describe('face demo in the server HTML', { timeout: 15_000 }, () => {
  it('each form is a plain multipart POST to the page with its intent and native file inputs, one of them the phone camera', async () => {
    const { screen } = await serverPage()
    const enrol = screen.getByRole('form', { name: 'Enrol a person' })
    expect(enrol).toHaveAttribute('method', 'post')
    expect(enrol).toHaveAttribute('enctype', 'multipart/form-data')
    expect(enrol).toHaveAttribute('action', DEMO)
    expect(namesIn(enrol)).toEqual(['intent:hidden', 'name:input', 'external_id:input', 'photos:file', 'photos:file'])
    const [files, camera] = [...enrol.querySelectorAll('input[type=file]')]
    expect(files).toHaveAttribute('multiple')
    expect(camera).toHaveAttribute('capture', 'user')
    const verify = screen.getByRole('form', { name: 'Verify a face' })
    expect(namesIn(verify)).toEqual(['intent:hidden', 'person_id:select', 'photo:file', 'photo:file'])
    const identify = screen.getByRole('form', { name: 'Identify a face' })
    expect(namesIn(identify)).toEqual(['intent:hidden', 'photo:file', 'photo:file'])
    for (const form of [enrol, verify, identify]) {
      expect(within(form as HTMLElement).getByRole('button', { name: /Enrol person|Verify|Identify/ })).toHaveAttribute(
        'type',
        'submit',
      )
    }
    // the in-page camera needs JavaScript
    expect(screen.queryByRole('button', { name: 'Use camera' })).toBeNull()
  })

  it('lists the people with their photos, and edit and delete are links to steps in the page', async () => {
    const { screen } = await serverPage()
    const table = screen.getByRole('table', { name: 'Enrolled people' })
    expect(within(table).getByRole('img', { name: 'Ada Lovelace, photo 2' })).toHaveAttribute(
      'src',
      '/resources/image/face_recognition/photo/502/?expires=1893456000&sig=photo-502',
    )
    expect(within(table).getByRole('link', { name: 'Edit Ada Lovelace' })).toHaveAttribute('href', `${DEMO}?edit=41`)
    expect(within(table).getByRole('link', { name: 'Delete Ada Lovelace' })).toHaveAttribute(
      'href',
      `${DEMO}?confirm-delete=41`,
    )
  })

  it('the edit step is a POST that keeps the step in its address', async () => {
    const { screen } = await serverPage('?edit=41')
    const form = screen.getByRole('form', { name: 'Edit Ada Lovelace' })
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('action', `${DEMO}?edit=41`)
    expect(within(form).getByLabelText('Name')).toHaveValue('Ada Lovelace')
    expect(within(form).getByLabelText('External id')).toHaveValue('EMP-001')
    expect(within(form).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', DEMO)
  })

  it('the delete step asks first, then posts', async () => {
    const { screen } = await serverPage('?confirm-delete=42')
    const panel = screen.getByRole('region', { name: 'Delete person' })
    expect(panel).toHaveTextContent('Delete Alan Turing? Their photo and face descriptors are removed for good.')
    const form = within(panel).getByRole('form')
    expect(form).toHaveAttribute('method', 'post')
    expect(form.querySelector('input[name=intent]')).toHaveValue('delete')
    expect(form.querySelector('input[name=person_id]')).toHaveValue('42')
    expect(within(panel).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', DEMO)
  })

  async function scanPage(search = '') {
    const url = `/demo-portal/solutions/face-recognition/validated/${FACE_IDS.validated}`
    const request = await requestWithTokens(`${url}${search}`, tokensFor('auditor'))
    const result = await run(() =>
      scanLoader(args(request, { type: 'validated', subtype: String(FACE_IDS.validated) })),
    )
    return {
      url,
      ...serverHtml({
        url: `${url}${search}`,
        path: 'solutions/face-recognition/:type/:subtype',
        Component: FaceScanPage,
        data: result.body,
        user: userFixture('auditor'),
      }),
    }
  }

  it('a scan draws the face box and landmarks over its photo in the photo’s own pixels', async () => {
    const { screen, document } = await scanPage()
    const photo = screen.getByRole('img', { name: 'Photo of scan 301' })
    expect(photo).toHaveAttribute('width', '320')
    expect(photo).toHaveAttribute('height', '240')
    const overlay = document.querySelector('svg[data-testid="face-overlay"]')!
    expect(overlay).toHaveAttribute('viewBox', '0 0 320 240')
    expect(overlay).toHaveAttribute('aria-label', 'Face box and 68 landmarks')
    expect(overlay.querySelector('rect')).toHaveAttribute('x', '40')
    expect(overlay.querySelectorAll('circle')).toHaveLength(68)
    expect(screen.getByRole('region', { name: 'Decision' })).toHaveTextContent('Validated')
  })

  it('a scan’s Delete is a link to a confirmation step that posts the delete', async () => {
    const { screen, url } = await scanPage()
    expect(screen.getByRole('link', { name: 'Delete' })).toHaveAttribute('href', `${url}?confirm-delete=1`)
    expect(screen.queryByRole('region', { name: 'Delete scan' })).toBeNull()

    const confirming = await scanPage('?confirm-delete=1')
    const panel = confirming.screen.getByRole('region', { name: 'Delete scan' })
    expect(panel).toHaveTextContent('Delete scan #301? Its photo and result are removed for good.')
    const form = within(panel).getByRole('form')
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('action', url)
    expect(form.querySelector('input[name=intent]')).toHaveValue('delete')
    expect(within(panel).getByRole('button', { name: 'Delete scan' })).toHaveAttribute('type', 'submit')
    expect(within(panel).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', url)
  })
})
