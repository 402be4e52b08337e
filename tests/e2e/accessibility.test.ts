import AxeBuilder from '@axe-core/playwright'
import { appendFileSync } from 'node:fs'
import { expect, login, type Page, test } from './fixtures'

// Every page of the portal, as each role sees it after hydration, checked by axe-core against WCAG 2.1
// A and AA: no serious or critical violation may stand. A new page belongs in this list, so that it
// cannot bring one back. Pages that show one object are reached from their list, the way a person
// would, so the suite follows the demo data rather than naming ids; a list with nothing to follow fails.

type Visit = {
  name: string
  /** The address, or a list's address and the link to follow from it. */
  to: string
  follow?: string
  /** Wait for this before checking (a page that draws after hydration). */
  ready?: string
}

const CE = '/demo-portal/solutions/call-evaluation'
const SC = '/demo-portal/solutions/ai-agent-scoring'
const OCR = '/demo-portal/solutions/ocr'
const FACE = '/demo-portal/solutions/face-recognition'
const SPEECH = '/demo-portal/capabilities/speech-recognition'
const SUM = '/demo-portal/capabilities/summarization'
const BOT = '/demo-portal/capabilities/chatbot'

const byRole: Record<string, Visit[]> = {
  'supervisor@demo.local': [
    { name: 'home', to: '/demo-portal' },
    { name: 'evaluation dashboard', to: `${CE}/evaluation-dashboard` },
    { name: 'agent performance', to: `${CE}/agent-performance-dashboard` },
    { name: 'evaluation list', to: `${CE}/evaluation-list` },
    { name: 'evaluation detail', to: `${CE}/evaluation-list`, follow: 'a[href*="/evaluation-detail/"]' },
    { name: 'templates', to: `${CE}/manage-template` },
    { name: 'template add', to: `${CE}/manage-template/add` },
    { name: 'template edit', to: `${CE}/manage-template`, follow: 'table a[href*="/manage-template/"]' },
    { name: 'agent scoring', to: SC },
    { name: 'scoring calibration', to: `${SC}/calibration` },
    { name: 'scoring demo', to: `${SC}/demo` },
    { name: 'scoring queue', to: `${SC}/pending` },
    { name: 'scoring item', to: `${SC}/pending`, follow: `table a[href^="${SC}/pending/"]` },
    { name: 'ocr', to: OCR },
    { name: 'ocr demo', to: `${OCR}/demo` },
    { name: 'ocr bucket', to: `${OCR}/scanned` },
    { name: 'face recognition', to: '/demo-portal/solutions/facial-recognition' },
    { name: 'face demo', to: `${FACE}/demo` },
    { name: 'face scans', to: `${FACE}/total_scanned` },
    { name: 'speech', to: SPEECH },
    { name: 'speech demo', to: `${SPEECH}/demo` },
    { name: 'speech history', to: `${SPEECH}/past_history` },
    { name: 'summarization', to: SUM },
    { name: 'summarization demo', to: `${SUM}/demo` },
    { name: 'summarization history', to: `${SUM}/past_history` },
    { name: 'chatbot', to: BOT },
    { name: 'chat with us', to: `${BOT}/chatWithUs` },
    { name: 'trelli chat', to: `${BOT}/trelliChat` },
    { name: 'trelli talk', to: `${BOT}/trelliTalk` },
    { name: 'knowledge base', to: `${BOT}/knowledge-base` },
    { name: 'article add', to: `${BOT}/knowledge-base/add` },
    { name: 'article edit', to: `${BOT}/knowledge-base`, follow: `table a[href^="${BOT}/knowledge-base/"]` },
    { name: 'handoffs', to: `${BOT}/handoffs` },
    { name: 'chat history', to: `${BOT}/past_history` },
    { name: 'conversation', to: `${BOT}/past_history`, follow: `table a[href^="${BOT}/past_history/"]` },
    { name: 'reshub', to: '/reshub' },
    { name: 'reshub calendar', to: '/reshub/calendar' },
    { name: 'reshub list', to: '/reshub/upcoming' },
    // a reason form, as the "Cancel…" link opens it without JavaScript
    { name: 'reshub cancel', to: '/reshub/upcoming', follow: 'main a[href*="cancel="]', ready: 'input[name="reason"]' },
    { name: 'emr', to: '/reshub/emr' },
    { name: 'page not found in the frame', to: '/demo-portal/no-such-page' },
  ],
  'admin@demo.local': [
    { name: 'users', to: `${CE}/manage-user` },
    { name: 'user add', to: `${CE}/manage-user/add` },
    { name: 'user edit', to: `${CE}/manage-user`, follow: 'table a[href*="/manage-user/"]' },
  ],
  'agent@demo.local': [
    { name: 'agent evaluation list', to: `${CE}/evaluation-list` },
    { name: 'agent evaluation detail', to: `${CE}/evaluation-list`, follow: 'a[href*="/evaluation-detail/"]' },
    { name: 'users refused', to: `${CE}/manage-user` },
  ],
  // the visitor's showcase (global-setup.ts seeds it): items made by the engines on the first start
  'visitor@demo.local': [
    { name: 'ocr document', to: `${OCR}/scanned`, follow: `table a[href^="${OCR}/scanned/"]` },
    { name: 'face scan', to: `${FACE}/total_scanned`, follow: `table a[href^="${FACE}/total_scanned/"]` },
    { name: 'recording', to: `${SPEECH}/past_history`, follow: `table a[href*="recording_id="]` },
    { name: 'summary', to: `${SUM}/past_history`, follow: `table a[href*="/summarization/detail"]` },
  ],
  'clinician@demo.local': [
    { name: 'patient record', to: '/demo-portal/emr?q=Mei%20Pham', follow: 'main a[href*="patient="]' },
  ],
}

const anonymous: Visit[] = [
  { name: 'login', to: '/login' },
  { name: 'page not found', to: '/no-such-page' },
]

/** Every finding, minor ones included, one JSON line each: AXE_REPORT=file npx playwright test tests/e2e/accessibility.test.ts */
function report(line: object) {
  if (process.env.AXE_REPORT) appendFileSync(process.env.AXE_REPORT, `${JSON.stringify(line)}\n`)
}

async function check(page: Page, visit: Visit) {
  await page.goto(visit.to)
  if (visit.follow) {
    // the showcase's items may still be in the workers' hands when the suite starts: reload until one is listed
    const link = page.locator(visit.follow).first()
    await expect
      .poll(async () => (await link.count()) || (await page.reload(), 0), {
        message: `${visit.name}: nothing to follow on ${visit.to}`,
        timeout: 180_000,
        intervals: [2_000, 5_000],
      })
      .toBeGreaterThan(0)
    await page.goto((await link.getAttribute('href'))!)
  }
  // after hydration: the shell swaps its no-JavaScript menu for a burger; pages outside it have no burger
  await page.waitForLoadState('networkidle')
  if (await page.locator('header').count())
    await page.locator('button[aria-label="Toggle navigation"]').waitFor({ state: 'attached' })
  if (visit.ready) await page.locator(visit.ready).first().waitFor()
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  for (const v of results.violations)
    report({
      page: visit.name,
      id: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.length,
      help: v.help,
      targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
    })
  return bad.map((v) => `${v.impact} ${v.id} ×${v.nodes.length}: ${v.help} (${v.nodes[0]?.target.join(' ')})`)
}

test.describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  for (const visit of anonymous)
    test(`${visit.name}, signed out`, async ({ page }) => {
      expect(await check(page, visit)).toEqual([])
    })

  for (const [email, visits] of Object.entries(byRole))
    test(`every page ${email} opens`, async ({ page }) => {
      test.setTimeout(240_000 + visits.length * 15_000)
      await login(page, email)
      const problems: string[] = []
      for (const visit of visits) for (const p of await check(page, visit)) problems.push(`${visit.name}: ${p}`)
      expect(problems).toEqual([])
    })
})
