import type { EvaluationSummary, ManualReview } from '#contract/evaluations'
import { paths } from '#contract/paths'
import { expect, expectText, login, type Page, password, test } from './fixtures'

const LIST = '/demo-portal/solutions/call-evaluation/evaluation-list'
const detailPath = (id: number) => `/demo-portal/solutions/call-evaluation/evaluation-detail/${id}`

/** The shared stack's API, set by the beforeAll below from the `apiURL` fixture. */
let apiURL = ''

/** The API itself, to pick calls that suit each test (the seed is deterministic, but its ids are not ours to hard-code). */
async function api<T>(path: string, token?: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(apiURL + path, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  })
  const body = (await response.json()) as { data: T; message: string }
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body.message}`)
  return body.data
}

type Target = {
  evaluation: EvaluationSummary
  review: ManualReview
  category: string
  startTime: string
  start: number
}

const picked = new Set<number>()

/** An unreviewed call with audio whose review has a question with an audio position well into the call. */
async function pickUnreviewed(token: string): Promise<Target> {
  for (let page = 1; page <= 10; page++) {
    const list = await api<{ results: EvaluationSummary[]; next: number | null }>(
      `${paths.evaluationList}?page=${page}&page_size=100&status=ai_evaluated`,
      token,
    )
    for (const evaluation of list.results) {
      if (!evaluation.has_audio || evaluation.auditor_score !== null || picked.has(evaluation.id)) continue
      const review = await api<ManualReview>(`${paths.manualReview}?call_evaluation_id=${evaluation.id}`, token)
      for (const category of review.categories) {
        const question = category.questions.find((q) => (q.start_seconds ?? 0) >= 3)
        if (question && review.categories[0].questions.length > 0) {
          picked.add(evaluation.id)
          return {
            evaluation,
            review,
            category: category.template_category.name,
            startTime: question.category_question_evaluation_scores.start_time!,
            start: question.start_seconds!,
          }
        }
      }
    }
    if (!list.next) break
  }
  throw new Error('The seed has no unreviewed call with audio and timed evidence')
}

async function signIn(email: string) {
  return api<{ access: string; user: { id: number } }>(paths.login, undefined, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  })
}

/** The detail page's heading badge (its CSS upper-cases it, so read the text, not what is drawn). */
const auditorScore = (page: Page) =>
  page
    .locator('main')
    .getByText(/^Auditor (—|[\d.]+%)$/)
    .first()
    .textContent()

test.describe('call evaluation audit', () => {
  let auditorToken = ''

  test.beforeAll(async ({ apiURL: url }) => {
    apiURL = url
    auditorToken = (await signIn('auditor@demo.local')).access
  })

  test('an auditor opens a call from the list, plays from a question, edits the answers and saves', async ({
    openPage,
  }) => {
    const target = await pickUnreviewed(auditorToken)
    const id = target.evaluation.id
    const page = await openPage({ viewport: { width: 1366, height: 768 } })
    await login(page, 'auditor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(LIST)}` })
    const audioRequests: string[] = []
    page.on(
      'request',
      (request) => request.url().includes('/resources/call-audio/') && audioRequests.push(request.url()),
    )
    await page.getByLabel('Search').fill(target.evaluation.customer_name)
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await page.waitForURL(/[?&]q=/)
    await page
      .locator(`a[href="${detailPath(id)}"]`)
      .first()
      .click()
    await page.waitForURL((url) => url.pathname === detailPath(id))
    await expect(auditorScore(page)).resolves.toBe('Auditor —')

    // The audio is served through the portal and seeks to a question's evidence; it is not
    // downloaded with the page, only once it is played.
    const audio = page.locator('audio')
    expect(await audio.getAttribute('src')).toMatch(/^\/resources\/call-audio\/\d+\?/)
    const audioFetched = () => audioRequests.length
    expect(audioFetched()).toBe(0)
    await page.getByRole('button', { name: new RegExp(`^${target.category}`) }).click()
    await page
      .getByRole('button', { name: `Play from ${target.startTime}` })
      .first()
      .click()
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(target.start - 0.5)
    expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeLessThan(target.start + 5)
    await expect.poll(audioFetched).toBeGreaterThan(0)

    // Edit mode: the first answer goes round yes → no → n/a → yes; then one step on, and save.
    await page.getByRole('button', { name: 'Add Manual Review' }).click()
    await page.waitForURL(/mode=edit&session=\d+/)
    const first = page.getByRole('button', { name: /^Answer: .*Change answer$/ }).first()
    const labels = ['Yes', 'No', 'N/A']
    const start = (await first.innerText()).trim()
    const seen = [start]
    for (let i = 0; i < 3; i++) {
      await first.click()
      seen.push((await first.innerText()).trim())
    }
    const from = labels.indexOf(start)
    expect(seen).toEqual([0, 1, 2, 3].map((k) => labels[(from + k) % 3]))
    await first.click()
    const saved = labels[(from + 1) % 3]
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/mode=review/)
    await expectText(page, 'Manual review saved')

    await page.reload()
    await expect(auditorScore(page)).resolves.toMatch(/^Auditor [\d.]+%$/)
    const after = await api<ManualReview>(`${paths.manualReview}?call_evaluation_id=${id}`, auditorToken)
    expect(after.auditor_score).not.toBeNull()
    expect(after.categories.flatMap((c) => c.questions)[0].value).toBe(saved.toLowerCase())
  })

  test('the same review works without JavaScript', async ({ noJsPage: page }) => {
    const target = await pickUnreviewed(auditorToken)
    const id = target.evaluation.id
    await page.goto('/login')
    await page.getByLabel('Email').fill('auditor@demo.local')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: /sign in/i }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/demo-portal'))
    await page.goto(detailPath(id))
    await expect(auditorScore(page)).resolves.toBe('Auditor —')

    await page.getByRole('button', { name: 'Add Manual Review' }).click()
    await page.waitForURL(/mode=edit/)
    const firstQuestion = target.review.categories[0].questions[0]
    const group = page.getByRole('radiogroup', { name: firstQuestion.template_category_question.question_text })
    const next = firstQuestion.value === 'no' ? 'Yes' : 'No'
    await group.getByLabel(next, { exact: true }).check()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/mode=review/)
    await expectText(page, 'Manual review saved')
    await expect(auditorScore(page)).resolves.toMatch(/^Auditor [\d.]+%$/)
    const after = await api<ManualReview>(`${paths.manualReview}?call_evaluation_id=${id}`, auditorToken)
    expect(after.categories[0].questions[0].value).toBe(next.toLowerCase())
  })

  test("an agent cannot open another agent's call", async ({ page }) => {
    const agent = await signIn('agent@demo.local')
    const list = await api<{ results: EvaluationSummary[] }>(`${paths.evaluationList}?page_size=100`, auditorToken)
    const other = list.results.find((e) => e.agent.id !== agent.user.id)!
    const own = await api<{ results: EvaluationSummary[] }>(`${paths.evaluationList}?page_size=5`, agent.access)
    expect(own.results.every((e) => e.agent.id === agent.user.id)).toBe(true)

    await login(page, 'agent@demo.local')
    const response = await page.goto(detailPath(other.id))
    expect(response?.status()).toBe(403)
    await expectText(page, 'You can only open your own evaluations')
    if (own.results[0]) {
      const mine = await page.goto(detailPath(own.results[0].id))
      expect(mine?.status()).toBe(200)
      await expect(page.getByRole('button', { name: 'Add Manual Review' }).count()).resolves.toBe(0)
    }
  })
  test('a QA supervisor sends a call back to the AI and the page follows the job until the score is in', async ({
    page,
  }) => {
    const supervisor = await signIn('supervisor@demo.local')
    const list = await api<{ results: EvaluationSummary[] }>(
      `${paths.evaluationList}?page_size=20&status=ai_evaluated&ordering=call_time`,
      supervisor.access,
    )
    const target = list.results[0]
    const before = await api<{ scored_at: string }>(
      `${paths.evaluationDetails}?call_evaluation_id=${target.id}`,
      supervisor.access,
    )

    await login(page, 'supervisor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(detailPath(target.id))}` })
    await page.waitForURL((url) => url.pathname === detailPath(target.id))
    await page.getByRole('button', { name: 'Score again' }).click()
    await expectText(page, 'The call is queued for scoring')
    // the job runs in the API's workers; the page polls and the status alert goes once it is done
    await expect
      .poll(
        async () =>
          (
            await api<{ scoring_status: string; scored_at: string }>(
              `${paths.evaluationDetails}?call_evaluation_id=${target.id}`,
              supervisor.access,
            )
          ).scored_at,
        { timeout: 20_000 },
      )
      .not.toBe(before.scored_at)
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'AI scoring' }).count(), { timeout: 10_000 })
      .toBe(0)
    await expect(
      page
        .getByText(/^AI [\d.]+%$/)
        .first()
        .isVisible(),
    ).resolves.toBe(true)
  })
})
