import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, expectText, login, type Page, password, test } from './fixtures'

const SPEECH = '/demo-portal/capabilities/speech-recognition'
const DEMO = `${SPEECH}/demo`
const HISTORY = `${SPEECH}/past_history`
const SPOKEN =
  'Thank you for calling Acme Bank, my name is Sam. How can I help you today? ' +
  'I would like to check the balance of my account, please.'

/** A 16-bit mono WAV of a tone, for machines without espeak-ng (the engine may hear nothing in it). */
function toneWav(seconds = 3, rate = 16_000) {
  const samples = seconds * rate
  const wav = Buffer.alloc(44 + samples * 2)
  wav.write('RIFF', 0)
  wav.writeUInt32LE(36 + samples * 2, 4)
  wav.write('WAVEfmt ', 8)
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(rate, 24)
  wav.writeUInt32LE(rate * 2, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36)
  wav.writeUInt32LE(samples * 2, 40)
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2)
  return wav
}

let dir = ''
let speech: Buffer
/** Speech when espeak-ng is installed (CI installs it, with pocketsphinx to hear it), else a tone. */
let spoken = false

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'speech-e2e-'))
  const file = join(dir, 'spoken.wav')
  const made = spawnSync('espeak-ng', ['-s', '150', '-w', file, SPOKEN], { stdio: 'ignore' })
  spoken = made.status === 0
  speech = spoken ? readFileSync(file) : toneWav()
})
test.afterAll(() => rmSync(dir, { recursive: true, force: true }))

const recordingFile = (label: string) => ({
  name: `e2e-${label}-${Date.now()}.wav`,
  mimeType: 'audio/wav',
  buffer: speech,
})

/** The page's live status, read until it settles; a meta refresh may reload the page meanwhile. */
async function finalStatus(page: Page, timeout = 120_000) {
  const live = page.locator('[role="status"]').filter({ hasText: 'Status:' })
  let text = ''
  await expect
    .poll(
      async () => {
        text = (await live.textContent({ timeout: 2000 }).catch(() => null)) ?? ''
        return /Completed|Failed/.test(text)
      },
      { timeout, intervals: [1000] },
    )
    .toBe(true)
  return text.replace('Status:', '').trim()
}

/**
 * Exactly this text, shown. Without JavaScript the page's data also sits in inline scripts the browser
 * does not run, whose text would match a substring search first.
 */
async function see(page: Page, text: string) {
  await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 15_000 }).toBe(true)
}

async function failureReason(page: Page) {
  return page.getByRole('alert').first().textContent()
}

test.describe('speech recognition', () => {
  test('a user uploads a recording, follows it to Completed, plays a line, edits the transcript and finds it in the history', async ({
    openPage,
  }) => {
    test.setTimeout(180_000)
    const page = await openPage({ viewport: { width: 1366, height: 768 } })
    await login(page, 'auditor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(DEMO)}` })
    await page.waitForURL((url) => url.pathname === DEMO)

    const file = recordingFile('js')
    await page.locator('input[type=file][name=file]').setInputFiles(file)
    await page.getByRole('combobox', { name: 'Language' }).selectOption('en')
    await page.getByRole('combobox', { name: 'Domain' }).selectOption({ index: 1 })
    await page.getByRole('button', { name: 'Upload and transcribe' }).click()
    await page.waitForURL(/[?&]recording_id=\d+/)
    await expectText(page, 'Recording uploaded: transcription queued')
    const id = Number(new URL(page.url()).searchParams.get('recording_id'))

    const status = await finalStatus(page)
    if (status !== 'Completed') throw new Error(`The transcription ended ${status}: ${await failureReason(page)}`)
    expect(await page.getByRole('heading', { level: 1, name: file.name }).count()).toBe(1)

    // the audio comes through the portal's proxy and a transcript line seeks it
    const audio = page.locator('audio')
    expect(await audio.getAttribute('src')).toMatch(new RegExp(`^/resources/call-audio/${id}\\?`))
    const lines = page.getByRole('list', { name: 'Transcript' }).getByRole('button')
    const count = await lines.count()
    expect(count).toBeGreaterThan(0)
    const last = lines.nth(count - 1)
    const at = (await last.textContent())!.match(/Play from (\d+):(\d{2})/)!
    const start = Number(at[1]) * 60 + Number(at[2])
    await last.click()
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(start)
    await expect(last.getAttribute('aria-current')).resolves.toBe('true')

    // edit the first line and save
    await page.getByRole('link', { name: 'Edit transcript' }).click()
    const form = page.getByRole('form', { name: 'Edit transcript' })
    const edited = `Edited line ${file.name}`
    await form.locator('textarea[name="segments[0].text"]').fill(edited)
    await form.getByRole('button', { name: 'Save transcript' }).click()
    await expectText(page, 'Transcript updated successfully')
    await page.waitForURL((url) => !url.searchParams.has('edit'))
    await expectText(page, edited)

    // the history finds it by its words
    await page.goto(HISTORY)
    await page.getByLabel('Search recordings').fill(edited)
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await page.waitForURL(/[?&]q=/)
    const row = page.getByRole('table', { name: 'Recordings' }).getByRole('row', { name: new RegExp(file.name) })
    await expect.poll(() => row.getByText('Completed').count()).toBe(1)
    await row.getByRole('link', { name: file.name, exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('recording_id') === String(id))
  })

  test('without JavaScript: the upload posts the form, the page refreshes to Completed, the summary saves and the recording deletes', async ({
    noJsPage: page,
  }) => {
    test.setTimeout(180_000)
    await page.goto('/login')
    await page.getByLabel('Email').fill('visitor@demo.local')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: /sign in/i }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/demo-portal'))
    await page.goto(DEMO)

    const file = recordingFile('nojs')
    await page.locator('input[type=file][name=file]').setInputFiles(file)
    await page.getByRole('combobox', { name: 'Language' }).selectOption('en')
    await page.getByRole('combobox', { name: 'Domain' }).selectOption({ index: 1 })
    await page.getByRole('button', { name: 'Upload and transcribe' }).click()
    await page.waitForURL(/[?&]recording_id=\d+/)
    await see(page, 'Recording uploaded: transcription queued')

    const status = await finalStatus(page)
    if (status !== 'Completed') throw new Error(`The transcription ended ${status}: ${await failureReason(page)}`)
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0)

    await page.getByRole('link', { name: 'Edit summary' }).click()
    await page.waitForURL(/edit=summary/)
    const summary = `Summary written without JavaScript for ${file.name}`
    await page.getByRole('textbox', { name: 'Summary' }).fill(summary)
    await page.getByRole('button', { name: 'Save summary' }).click()
    await page.waitForURL((url) => !url.searchParams.has('edit'))
    await see(page, 'Summary updated successfully')
    await see(page, summary)

    await page.goto(`${HISTORY}?q=${encodeURIComponent(file.name)}`)
    await page.getByRole('link', { name: `Delete ${file.name}` }).click()
    await page.waitForURL(/confirm-delete=\d+/)
    const panel = page.getByRole('region', { name: 'Delete recording' })
    await panel.getByRole('button', { name: 'Delete recording' }).click()
    await page.waitForURL((url) => !url.searchParams.has('confirm-delete'))
    await see(page, 'Deleted record successfully!')
    await see(page, 'No recordings match these filters.')
  })

  test('an unknown sub-view answers 404', async ({ page }) => {
    await login(page, 'visitor@demo.local')
    const response = await page.goto(`${SPEECH}/everything`)
    expect(response?.status()).toBe(404)
  })

  test('the recording is read at phone width too', async ({ openPage }) => {
    const page = await openPage({ viewport: { width: 390, height: 844 } })
    await login(page, 'auditor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(SPEECH)}` })
    await page.waitForURL((url) => url.pathname === SPEECH)
    await expectText(page, 'Your recordings by status')
    // nothing spills sideways out of the page
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(1)
  })
})
