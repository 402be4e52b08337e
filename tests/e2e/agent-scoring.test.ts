import type { ScoringItemDetail } from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import { conversation, writeWav } from '#api/engines/speech/test-audio'
import { expect, expectText, login, type Page, password, test } from './fixtures'

/*
 * The agent scoring loop in Chromium: a call uploaded on the demo page is transcribed and scored by
 * the real queue, a supervisor rejects it with reasons in a plain form (no JavaScript) and calibration
 * counts the decision; another call, accepted, is then an evaluation in call evaluation's list.
 */

const ROOT = '/demo-portal/solutions/ai-agent-scoring'

let apiURL = ''

async function api<T>(path: string, token: string): Promise<T> {
  const response = await fetch(apiURL + path, { headers: { Authorization: `Bearer ${token}` } })
  const body = (await response.json()) as { data: T; message: string }
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body.message}`)
  return body.data
}

async function supervisorToken() {
  const response = await fetch(`${apiURL}${endpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'supervisor@demo.local', password }),
  })
  return ((await response.json()) as { data: { access: string } }).data.access
}

/** Two voices (espeak-ng, pitched apart) saying a short bank call, as a WAV file to upload. */
function callRecording(label: string) {
  const call = conversation()
  return {
    name: `e2e-${label}-${Date.now()}.wav`,
    mimeType: 'audio/wav',
    buffer: Buffer.from(writeWav({ sampleRate: call.sampleRate, channels: [call.mono] })),
  }
}

/** Uploads a call on the demo page and follows its page until the AI has scored it; answers the item's id. */
async function uploadCall(page: Page, label: string) {
  await page.goto(`${ROOT}/demo`)
  const form = page.locator('form').filter({ has: page.locator('input[name="intent"][value="upload"]') })
  await form.locator('input[type="file"][name="file"]').setInputFiles(callRecording(label))
  await form.getByLabel('Agent').selectOption({ index: 1 })
  await form.getByLabel('Campaign').selectOption({ index: 1 })
  await form.getByRole('button', { name: 'Upload and score' }).click()
  await page.waitForURL(new RegExp(`${ROOT}/pending/\\d+$`))
  // the page follows the job: transcribed, scored, then shown in its new bucket
  await page.waitForURL(new RegExp(`${ROOT}/ai_reviewed/\\d+$`), { timeout: 150_000 })
  return Number(new URL(page.url()).pathname.split('/').pop())
}

test.describe('AI agent scoring', () => {
  test.beforeAll(async ({ apiURL: url }) => {
    apiURL = url
  })

  test('a call is transcribed and scored; a supervisor rejects it without JavaScript, with reasons; calibration counts it', async ({
    page,
    noJsPage,
  }) => {
    test.setTimeout(240_000)
    await login(page, 'supervisor@demo.local')
    const id = await uploadCall(page, 'reject')
    await expect(page.getByRole('heading', { name: 'Recording and transcript' })).toBeVisible()

    const token = await supervisorToken()
    const item = await api<ScoringItemDetail>(`${endpoints.scoringItemDetails.path}?item_id=${id}`, token)
    expect(item.channel).toBe('call')
    const calibrationPath = `${endpoints.scoringCalibration.path}?template_internal_id=${item.template.internal_id}`
    const before = await api<{ overall: { decisions: number } }>(calibrationPath, token)

    // the decision as a plain form post
    const disputed = item.criteria[0]!
    const right = disputed.ai_value === 'yes' ? 'no' : 'yes'
    await login(noJsPage, 'supervisor@demo.local')
    await noJsPage.goto(`${ROOT}/ai_reviewed/${id}`)
    const criterion = noJsPage.getByRole('region', { name: disputed.question })
    await criterion.getByLabel('Right answer').selectOption(right)
    await criterion.getByLabel('Reason').selectOption('wrong_verdict')
    await criterion.getByLabel('Comment').fill('The agent never did this')
    await noJsPage.getByRole('button', { name: 'Reject' }).click()
    await noJsPage.waitForURL(`**${ROOT}/ai_rejected/${id}`)
    await expect(criterion.getByText(`Supervisor: ${right} (Wrong verdict)`)).toBeVisible()

    const after = await api<{ overall: { decisions: number } }>(calibrationPath, token)
    expect(after.overall.decisions).toBe(before.overall.decisions + 1)
    await noJsPage.goto(`${ROOT}/calibration?template_internal_id=${item.template.internal_id}`)
    await expectText(noJsPage, disputed.question)
  })

  test('an accepted call is an evaluation in call evaluation’s list', async ({ page }) => {
    test.setTimeout(240_000)
    await login(page, 'supervisor@demo.local')
    const id = await uploadCall(page, 'accept')
    await page.getByRole('button', { name: 'Accept' }).click()
    await page.waitForURL(`**${ROOT}/ai_accepted/${id}`)
    await page.getByRole('link', { name: 'Open its call evaluation' }).click()
    await page.waitForURL(/evaluation-detail\/\d+$/)
    const evaluationId = Number(new URL(page.url()).pathname.split('/').pop())
    await expect(page.getByRole('heading', { name: 'Recording and transcript' })).toBeVisible()
    await page.goto(`/demo-portal/solutions/call-evaluation/evaluation-list?q=${evaluationId}`)
    await expect(
      page.getByRole('link', { name: /.+/ }).and(page.locator(`a[href$="/evaluation-detail/${evaluationId}"]`)),
    ).toBeVisible()
  })
})
