import { within } from '@testing-library/dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { SPEECH_IDS } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { resetSpeechMocks } from '#tests/mocks/speech'
import SpeechDemoPage, { loader } from './demo'

const DEMO = '/demo-portal/capabilities/speech-recognition/demo'

/** The demo page as the server sends it, from the loader's real answer (no JavaScript runs). */
async function serverPage(search = '', who: DemoKey = 'auditor') {
  const request = await requestWithTokens(`${DEMO}${search}`, tokensFor(who))
  const result = await run(() => loader(args(request)))
  return serverHtml({
    url: `${DEMO}${search}`,
    path: 'capabilities/speech-recognition/demo',
    Component: SpeechDemoPage,
    data: result.body,
    user: userFixture(who),
  })
}

beforeEach(() => resetSpeechMocks())

describe('speech demo in the server HTML', { timeout: 15_000 }, () => {
  it('the upload form is a plain multipart POST to the page with a native file input', async () => {
    const { screen, document } = await serverPage()
    const form = document.querySelector('form[aria-label="Upload a recording"]')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('enctype')).toBe('multipart/form-data')
    expect(form.getAttribute('action')).toBe(DEMO)
    const names = [...form.querySelectorAll('input, select')].map((e) => e.getAttribute('name'))
    expect(names).toEqual(['file', 'language', 'domain'])
    expect(screen.getByLabelText(/^Recording/)).toHaveAttribute('type', 'file')
    expect(within(form as HTMLElement).getByRole('button', { name: 'Upload and transcribe' })).toHaveAttribute(
      'type',
      'submit',
    )
  })

  it('reloads itself while the recording is on its way, and says where it is', async () => {
    const { screen, html } = await serverPage(`?recording_id=${SPEECH_IDS.started}`)
    expect(screen.getByText('Status:').closest('[role="status"]')).toHaveTextContent('Status:Started')
    expect(screen.getByRole('list', { name: 'Transcription steps' })).toBeInTheDocument()
    // inside <noscript>: a browser that runs scripts polls instead
    expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="3"\/?><\/noscript>/)
  })

  it('stops reloading once the recording is done, failed or completed', async () => {
    const failed = await serverPage(`?recording_id=${SPEECH_IDS.failed}`)
    expect(failed.screen.getByRole('alert')).toHaveTextContent('Transcription failed')
    expect(failed.html).not.toContain('http-equiv')
    const completed = await serverPage(`?recording_id=${SPEECH_IDS.completed}`)
    expect(completed.html).not.toContain('http-equiv')
  })

  it('shows the completed transcript as text, with the audio player and links to the edit forms', async () => {
    const { screen, document } = await serverPage(`?recording_id=${SPEECH_IDS.completed}`)
    expect(document.querySelector('audio')?.getAttribute('src')).toMatch(/^\/resources\/call-audio\/701\?/)
    const transcript = screen.getByRole('list', { name: 'Transcript' })
    expect(within(transcript).getAllByRole('listitem')).toHaveLength(6)
    // without JavaScript a line cannot seek the audio, so it is not offered as a button
    expect(within(transcript).queryAllByRole('button')).toHaveLength(0)
    expect(transcript).toHaveTextContent('0:22Agent')
    expect(screen.getByRole('link', { name: 'Edit transcript' })).toHaveAttribute(
      'href',
      `${DEMO}?recording_id=701&edit=transcript`,
    )
    expect(screen.getByRole('link', { name: 'Edit summary' })).toHaveAttribute(
      'href',
      `${DEMO}?recording_id=701&edit=summary`,
    )
  })

  it('the transcript edit form is a POST with every line named as the contract reads it', async () => {
    const { screen, document } = await serverPage(`?recording_id=${SPEECH_IDS.completed}&edit=transcript`)
    const form = screen.getByRole('form', { name: 'Edit transcript' })
    expect(form).toHaveAttribute('method', 'post')
    const hidden = [...form.querySelectorAll('input[type=hidden]')].map((i) => [
      i.getAttribute('name'),
      i.getAttribute('value'),
    ])
    expect(hidden).toEqual([
      ['intent', 'update-transcript'],
      ['recording_id', '701'],
    ])
    expect(document.querySelector('select[name="segments[3].speaker"]')).toHaveValue('customer')
    expect(document.querySelector('textarea[name="segments[3].text"]')?.textContent).toContain('[CARD_NUMBER]')
    expect(within(form).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `${DEMO}?recording_id=701`)
  })

  it('the summary edit form is a POST with the summary', async () => {
    const { screen } = await serverPage(`?recording_id=${SPEECH_IDS.completed}&edit=summary`)
    const form = screen.getByRole('form', { name: 'Edit summary' })
    expect(form).toHaveAttribute('method', 'post')
    expect(within(form).getByRole('textbox', { name: /Summary/ })).toHaveTextContent('refunded the duplicate charge')
  })

  it('the unredacted view is a link for a QA supervisor', async () => {
    const { screen } = await serverPage(`?recording_id=${SPEECH_IDS.completed}&view=unredacted`, 'supervisor')
    const versions = screen.getByRole('navigation', { name: 'Transcript version' })
    expect(within(versions).getByRole('link', { name: 'Redacted' })).toHaveAttribute('href', `${DEMO}?recording_id=701`)
    expect(screen.getByRole('list', { name: 'Unredacted transcript' })).toHaveTextContent('555 0100')
  })
})
