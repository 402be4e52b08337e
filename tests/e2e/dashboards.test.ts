import { expect, expectText, hydrated, login, type Page, password, test } from './fixtures'

const BASE = '/demo-portal/solutions/call-evaluation'
const DASHBOARD = `${BASE}/evaluation-dashboard`
const LIST = `${BASE}/evaluation-list`
const PERFORMANCE = `${BASE}/agent-performance-dashboard`

const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true })
const agentPicker = (page: Page) => page.getByRole('form', { name: 'Filter the dashboard' }).getByLabel('Agent')

/** The agents the leader board ranks, in order: names and their list links. */
async function boardAgents(page: Page) {
  await table(page, 'Leader board').waitFor()
  const links = table(page, 'Leader board').getByRole('link').filter({ hasNotText: 'Trend' })
  return links.evaluateAll((as) => as.map((a) => ({ name: a.textContent ?? '', href: a.getAttribute('href') ?? '' })))
}

test.describe('call evaluation dashboards', () => {
  test('an admin filters the dashboard and drills into the list from an agent and a violation', async ({
    openPage,
  }) => {
    const page = await openPage({ viewport: { width: 1366, height: 768 } })
    await login(page, 'admin@demo.local', { to: `/login?redirectTo=${encodeURIComponent(BASE)}` })
    // the bare section path is the dashboard
    await page.waitForURL((url) => url.pathname === DASHBOARD)
    await hydrated(page)
    await expect(page.getByRole('heading', { name: 'Evaluation dashboard' }).isVisible()).resolves.toBe(true)
    const calls = page
      .getByLabel('Headline figures')
      .locator('div', { hasText: /^Calls/ })
      .locator('dd')
      .first()
    expect(Number((await calls.innerText()).replace(/\D/g, ''))).toBeGreaterThan(0)
    // the charts come drawn with the page
    expect(await page.locator('main [role="img"] svg').count()).toBeGreaterThan(0)

    const everyone = await boardAgents(page)
    expect(everyone.length).toBeGreaterThan(1)
    const chosen = everyone[1]
    await agentPicker(page).selectOption({ label: chosen.name })
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await page.waitForURL((url) => url.searchParams.has('agent_id') && url.searchParams.get('agent_id') !== '')
    const agentId = new URL(page.url()).searchParams.get('agent_id')!
    await expect.poll(async () => (await boardAgents(page)).map((a) => a.name)).toEqual([chosen.name])
    expect(new URL(page.url()).searchParams.get('date_from')).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    // an agent's name opens their calls in the list, over the same dates
    await table(page, 'Leader board').getByRole('link', { name: chosen.name, exact: true }).click()
    await page.waitForURL((url) => url.pathname === LIST)
    const listUrl = new URL(page.url())
    expect(listUrl.searchParams.get('agent_id')).toBe(agentId)
    expect(listUrl.searchParams.get('date_from')).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const rows = page.getByRole('table', { name: 'Call evaluations' }).getByRole('row')
    await expect.poll(() => rows.count()).toBeGreaterThan(1)
    const agentCells = await rows.evaluateAll((trs) => trs.slice(1).map((tr) => tr.textContent ?? ''))
    expect(agentCells.every((text) => text.includes(chosen.name))).toBe(true)

    // a violation opens exactly the calls where that question was failed, under the same filters
    await page.goBack()
    await page.waitForURL((url) => url.pathname === DASHBOARD)
    const top = table(page, 'Top ten violations').getByRole('row').nth(1)
    const question = await top.getByRole('link').innerText()
    // columns: #, question, category, failed, of, rate
    const failed = Number((await top.getByRole('cell').nth(3).innerText()).replace(/\D/g, ''))
    expect(failed).toBeGreaterThan(0)
    await top.getByRole('link').click()
    await page.waitForURL((url) => url.pathname === LIST)
    const drilled = new URL(page.url()).searchParams
    expect(drilled.get('failed_question')).toBe(question)
    expect(drilled.get('agent_id')).toBe(agentId)
    await expect(page.getByRole('group', { name: 'Opened from the dashboard' }).innerText()).resolves.toContain(
      question,
    )
    const counted = failed === 1 ? '1 evaluation' : `${failed} evaluations`
    await expect.poll(() => page.getByText(new RegExp(`^${counted}( ·|$)`)).count()).toBe(1)
  })

  test('the list exports the filtered evaluations as CSV', async ({ page }) => {
    await login(page, 'auditor@demo.local', {
      to: `/login?redirectTo=${encodeURIComponent(`${LIST}?status=reviewed`)}`,
    })
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
    expect(href).toBe('/resources/evaluation-export?status=reviewed')
    const response = await page.request.get(href!)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^text\/csv/)
    expect(response.headers()['content-disposition']).toMatch(/attachment; filename="call-evaluations-/)
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/)
    expect(lines[0]).toMatch(/^id,call_time,agent,/)
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.slice(1).every((line) => line.includes(',Reviewed,'))).toBe(true)
  })

  test('the dashboard shows its figures with JavaScript disabled, and filters through the plain form', async ({
    openPage,
  }) => {
    const page = await openPage({ javaScriptEnabled: false, viewport: { width: 1366, height: 768 } })
    await page.goto('/login')
    await page.getByLabel('Email').fill('supervisor@demo.local')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: /sign in/i }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/demo-portal'))
    await page.goto(DASHBOARD)
    const regionOf: Record<string, string> = { 'AI vs auditor agreement by category': 'AI vs auditor agreement' }
    for (const name of [
      'Score trend',
      'Purpose of calls',
      'Failed categories',
      'Top ten violations',
      'Leader board',
      'Agent scoring vs sentiment',
      'Call sentiment vs score',
      'AI vs auditor agreement by category',
      'Audit productivity',
    ]) {
      // a chart's figures are folded under a disclosure; without JavaScript it holds a link that
      // loads the page again with them drawn and open
      if ((await page.getByRole('table', { name, exact: true, includeHidden: true }).count()) === 0) {
        const region = page.getByRole('region', { name: regionOf[name] ?? name, exact: true })
        await region.locator('summary', { hasText: 'The figures' }).click()
        await region.getByRole('link', { name: 'Show them as a table' }).click()
        await page.waitForURL((url) => url.searchParams.has('figures'))
      }
      await expect(table(page, name).isVisible(), name).resolves.toBe(true)
    }
    await expect(page.getByLabel('Headline figures').isVisible()).resolves.toBe(true)
    await expectText(page, /Method: z-score/)
    // the charts are drawn by the server: there without any script
    expect(await page.locator('main [role="img"][aria-label$="."]').count()).toBeGreaterThanOrEqual(7)
    await expect(page.getByRole('img', { name: /^Line chart of the average score per/ })).toBeVisible()

    const [chosen] = await boardAgents(page)
    await agentPicker(page).selectOption({ label: chosen.name })
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await page.waitForURL((url) => !!url.searchParams.get('agent_id'))
    expect((await boardAgents(page)).map((a) => a.name)).toEqual([chosen.name])
  })

  test("an admin opens an agent's performance from the leader board", async ({ openPage }) => {
    const page = await openPage({ viewport: { width: 1366, height: 768 } })
    await login(page, 'admin@demo.local', { to: `/login?redirectTo=${encodeURIComponent(DASHBOARD)}` })
    const [top] = await boardAgents(page)
    await page.getByRole('link', { name: `Performance of ${top.name}` }).click()
    await page.waitForURL((url) => url.pathname === PERFORMANCE && !!url.searchParams.get('agent_id'))
    await page.getByRole('heading', { name: top.name, level: 1 }).waitFor()
    const all = page.getByRole('link', { name: /^All [\d,]+ evaluations?$/ })
    expect(await all.getAttribute('href')).toContain(`agent_id=${new URL(page.url()).searchParams.get('agent_id')}`)
    // once hydrated, each chart's figures fold under a disclosure
    await hydrated(page)
    for (const summary of await page.getByText('The figures').all()) await summary.click()
    await expect(table(page, 'Weekly trend')).toBeVisible()
    await expect(table(page, 'Per-category averages')).toBeVisible()
  })

  test('the charts read right: what a trend point holds, the grey slice, the unit of the bars', async ({
    openPage,
  }) => {
    const page = await openPage({ viewport: { width: 1366, height: 768 } })
    await login(page, 'supervisor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(DASHBOARD)}` })
    await hydrated(page)
    const section = (name: string) => page.getByRole('region', { name, exact: true })
    const trend = section('Score trend').getByRole('img', { name: /^Line chart of the average score per/ })
    await expect(trend).toBeVisible()

    // every chart is an image named by its figures, with nothing inside that takes focus
    const charts = page.locator('main [role="img"][aria-label$="."]')
    await expect.poll(() => charts.count()).toBeGreaterThanOrEqual(7)
    const tabStops = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'
    expect(await page.locator(`main section [aria-hidden="true"] :is(${tabStops})`).count()).toBe(0)
    expect(await charts.locator(tabStops).count()).toBe(0)

    // the score trend: a point says how many calls it holds, and none rests on fewer than three
    await expectText(page, /Each point holds at least 3 calls|Point at a line to see the calls/)
    // (each point's tooltip is its <title>, which the browser shows under the pointer)
    const held: number[] = []
    for (const title of await trend.locator('svg title').allTextContents())
      for (const text of title.matchAll(/· ([\d,]+) calls?/g)) held.push(Number(text[1].replace(/,/g, '')))
    expect(held.length).toBeGreaterThan(0)
    expect(Math.min(...held)).toBeGreaterThanOrEqual(3)
    // and the figures count the reviewed calls behind the auditor's average
    await section('Score trend').getByText('The figures').click()
    await expect(table(page, 'Score trend').getByRole('columnheader', { name: 'Reviewed' })).toBeVisible()

    // the purposes: the table keys each purpose to its slice, and the grey slice is named
    const purposes = section('Purpose of calls')
    await expect(purposes.getByText(/^Grey: every other purpose, [\d.]+% of calls$/)).toBeVisible()
    await expect(table(page, 'Purpose of calls')).toBeVisible()
    await expect(
      purposes.getByRole('img', { name: /^Donut chart of [\d,]+ calls by purpose: .*Other purposes/ }),
    ).toBeVisible()

    // the failed categories count calls, and say so under the axis
    const failed = section('Failed categories').getByRole('img', {
      name: /^Bar chart of the calls where each category lost points/,
    })
    await expect(failed.getByText('Failed calls', { exact: true })).toBeVisible()
  })

  test('an agent sees only their own figures', async ({ page }) => {
    await login(page, 'agent@demo.local', { to: `/login?redirectTo=${encodeURIComponent(DASHBOARD)}` })
    await page.waitForURL((url) => url.pathname === DASHBOARD)
    expect(await agentPicker(page).count()).toBe(0)
    const board = await boardAgents(page)
    expect(board.length).toBeLessThanOrEqual(1)
    await page.goto(PERFORMANCE)
    await expect(page.getByRole('heading', { name: 'Your performance' }).isVisible()).resolves.toBe(true)
  })
})
