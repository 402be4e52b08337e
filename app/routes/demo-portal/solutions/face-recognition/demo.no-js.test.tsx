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

  it('a scan shows its photo without the overlay, which needs the image size the browser reads', async () => {
    const url = `/demo-portal/solutions/face-recognition/validated/${FACE_IDS.validated}`
    const request = await requestWithTokens(url, tokensFor('auditor'))
    const result = await run(() =>
      scanLoader(args(request, { type: 'validated', subtype: String(FACE_IDS.validated) })),
    )
    const { screen, document } = serverHtml({
      url,
      path: 'solutions/face-recognition/:type/:subtype',
      Component: FaceScanPage,
      data: result.body,
      user: userFixture('auditor'),
    })
    expect(screen.getByRole('img', { name: 'Photo of scan 301' })).toBeInTheDocument()
    expect(document.querySelector('svg[data-testid="face-overlay"]')).toBeNull()
    expect(screen.getByRole('region', { name: 'Decision' })).toHaveTextContent('Validated')
  })
})
