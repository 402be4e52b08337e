import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, login, test } from './fixtures'

const BASE = '/demo-portal/capabilities/chatbot'
const CHAT = `${BASE}/chatWithUs`

test.describe('chatWithUs', () => {
  test('answers from the help articles with their sources, turn after turn, and hands over to a person', async ({
    page,
  }) => {
    await login(page, 'visitor@demo.local')
    await page.goto(CHAT)
    await page.getByRole('link', { name: 'Chat with Acme Bank' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Chat with Acme Bank' })).toBeVisible()

    await page.getByRole('textbox', { name: 'Your message' }).fill('I have lost my debit card, what should I do?')
    await page.getByRole('button', { name: 'Send' }).click()
    const log = page.getByRole('log', { name: 'Conversation' })
    await expect(log.getByRole('article')).toHaveCount(2)
    const answer = log.getByRole('article').nth(1)
    await expect(answer.getByRole('list', { name: 'Sources' })).toContainText(/card/i)
    await expect(log).toHaveAttribute('aria-live', 'polite')

    await page.getByRole('textbox', { name: 'Your message' }).fill('What are your opening hours?')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(log.getByRole('article')).toHaveCount(4)
    await expect(log.getByRole('article').nth(3).getByRole('list', { name: 'Sources' })).toContainText(/hours/i)

    // thumbs down with a reason, through the fetcher: the page stays
    await answer.getByLabel('What was missing? (optional)').fill('I wanted the replacement fee')
    await answer.getByRole('button', { name: 'No' }).click()
    await expect(answer.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true')

    const copy = page.getByRole('link', { name: 'Download a copy' })
    const [download] = await Promise.all([page.waitForEvent('download'), copy.click()])
    expect(download.suggestedFilename()).toMatch(/^conversation-\d+\.txt$/)

    await page.getByRole('button', { name: 'Talk to a person' }).click()
    await expect(
      page.getByRole('region', { name: 'Talk to a person' }).or(page.getByLabel('Talk to a person')),
    ).toContainText(/queue|callback|agent/i)
  })

  test('works without JavaScript: the form posts and the whole conversation comes back', async ({ noJsPage }) => {
    await login(noJsPage, 'visitor@demo.local')
    await noJsPage.goto(`${CHAT}?campaign=3`)
    await noJsPage.getByRole('textbox', { name: 'Your message' }).fill('How do I cancel an appointment?')
    await noJsPage.getByRole('button', { name: 'Send' }).click()
    const log = noJsPage.getByRole('log', { name: 'Conversation' })
    await expect(log.getByRole('article')).toHaveCount(2)
    await expect(log.getByRole('article').nth(1).getByRole('list', { name: 'Sources' })).toBeVisible()
    await expect(noJsPage).toHaveURL(/conversation=\d+/)

    // an empty message is refused with the reason, in the page
    await noJsPage.getByRole('button', { name: 'Send' }).click()
    await expect(noJsPage.getByText('Type a message')).toBeVisible()
  })
})

test.describe('trelliTalk', () => {
  test('a spoken question (a WAV made by espeak-ng) is heard, answered and spoken back, without JavaScript', async ({
    noJsPage,
  }) => {
    const file = path.join(os.tmpdir(), `e2e-question-${process.pid}.wav`)
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', file, 'What are your opening hours?'])
    const wav = readFileSync(file)
    await login(noJsPage, 'visitor@demo.local')
    await noJsPage.goto(`${BASE}/trelliTalk?campaign=1`)
    await noJsPage
      .getByLabel('Upload a recording')
      .setInputFiles({ name: 'question.wav', mimeType: 'audio/wav', buffer: wav })
    await noJsPage.getByRole('button', { name: 'Ask' }).click()
    const log = noJsPage.getByRole('log', { name: 'Conversation' })
    await expect(log.getByRole('article')).toHaveCount(2, { timeout: 30_000 })
    const answer = noJsPage.getByRole('region', { name: 'Latest answer' })
    await expect(answer.getByLabel('The answer, spoken')).toHaveAttribute('src', /^\/resources\/chat-audio\/\d+\?/)
    await expect(answer.getByLabel('Milliseconds per stage')).toContainText(/recognition: \d+ ms/)
    const src = await answer.getByLabel('The answer, spoken').getAttribute('src')
    const audio = await noJsPage.request.get(src!)
    expect(audio.status()).toBe(200)
    expect(audio.headers()['content-type']).toBe('audio/wav')
  })
})
