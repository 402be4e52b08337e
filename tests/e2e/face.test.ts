import sharp from 'sharp'
import { closeFace, detectFaces } from '../../api/engines/face'
import { cropAround, RECAPTURES, readSample } from '../../api/engines/face/samples'
import { expect, expectText, hydrated, login, type Page, password, test } from './fixtures'

const FACE = '/demo-portal/solutions/facial-recognition'
const BASE = '/demo-portal/solutions/face-recognition'
const DEMO = `${BASE}/demo`

/** Person A (a face of sample 1), A again as a second capture, and person B (a face of sample 2). */
const photos: Record<'a' | 'aAgain' | 'b', Buffer> = { a: Buffer.alloc(0), aAgain: Buffer.alloc(0), b: Buffer.alloc(0) }

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const [one, two] = await Promise.all([readSample(1), readSample(2)])
  const [inOne, inTwo] = [await detectFaces(one), await detectFaces(two)]
  photos.a = await cropAround(one, inOne.faces[0]!.box)
  photos.aAgain = await RECAPTURES.find((r) => r.name === 'mirrored')!.apply(photos.a)
  photos.b = await cropAround(two, inTwo.faces[0]!.box)
})
test.afterAll(() => closeFace())

const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer })

/**
 * Chromium's fake camera: a test pattern, no face, so the API's refusal names the captured photo.
 * Its flags are launch flags: a browser of its own, with the config's launch options and these two more.
 * (It runs after the tests above, as before: with nobody enrolled the API refuses an identify outright.)
 */
const camera = test.extend<{ cameraPage: Page }>({
  cameraPage: async ({ playwright, launchOptions }, provide) => {
    const args = [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']
    const browser = await playwright.chromium.launch({ ...launchOptions, args })
    // a context made in a test takes the config's options (baseURL, timeouts) and gets its screenshots
    const context = await browser.newContext()
    await provide(await context.newPage())
    await context.close()
    await browser.close()
  },
})

/**
 * Exactly this text, shown. Without JavaScript the page's data also sits in inline scripts the browser
 * does not run, whose text would match a substring search first.
 */
async function see(page: Page, text: string) {
  await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 30_000 }).toBe(true)
}

/** Whether an image on the page has loaded (the proxy served it). */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)

async function verify(page: Page, person: string, photo: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto(DEMO)
  // the form swaps its phone-camera input for a button once hydrated: wait, so one input remains
  await hydrated(page)
  const form = page.getByRole('form', { name: 'Verify a face' })
  await form.getByRole('combobox', { name: 'Claimed person' }).selectOption({ label: person })
  await form.locator('input[type=file][name=photo]').setInputFiles(photo)
  await form.getByRole('button', { name: 'Verify', exact: true }).click()
  await page.waitForURL(new RegExp(`${BASE}/(validated|total_invalidated)/\\d+$`), { timeout: 60_000 })
}

test.describe('facial recognition', () => {
  test('a visitor enrols a person, verifies a second capture of them (Validated) and someone else (Invalidated)', async ({
    openPage,
  }) => {
    test.setTimeout(240_000)
    const page = await openPage({ viewport: { width: 1366, height: 900 } })
    await login(page, 'visitor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(DEMO)}` })
    await page.waitForURL((url) => url.pathname === DEMO)

    const name = `E2E person ${Date.now()}`
    const enrol = page.getByRole('form', { name: 'Enrol a person' })
    await enrol.getByLabel('Name').fill(name)
    await enrol.getByLabel('External id').fill('E2E-1')
    await enrol.locator('input[type=file][name=photos]').setInputFiles([jpeg('a.jpg', photos.a)])
    await enrol.getByRole('button', { name: 'Enrol person' }).click()
    await expectText(page, 'Person enrolled successfully')
    const row = page.getByRole('table', { name: 'Enrolled people' }).getByRole('row', { name: new RegExp(name) })
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1)
    // the enrolment form starts afresh for the next person
    expect(await enrol.getByLabel('Name').inputValue()).toBe('')
    expect(
      await enrol.locator('input[type=file][name=photos]').evaluate((i: HTMLInputElement) => i.files?.length),
    ).toBe(0)
    // the reference photo comes through the portal's image proxy
    await expect.poll(() => loaded(page, `img[alt="${name}, photo 1"]`), { timeout: 15_000 }).toBe(true)

    await verify(page, name, jpeg('again.jpg', photos.aAgain))
    expect(page.url()).toMatch(/\/validated\/\d+$/)
    await expectText(page, /^Validated: the face is/)
    expect(await page.getByRole('region', { name: 'Decision' }).textContent()).toContain('Validated')
    expect(await page.getByRole('region', { name: 'Claimed person' }).textContent()).toContain(name)
    // the face box and the 68 landmarks over the photo, at its own scale
    const overlay = page.getByTestId('face-overlay')
    await expect.poll(() => overlay.count(), { timeout: 15_000 }).toBe(1)
    expect(await overlay.locator('circle').count()).toBe(68)
    // the photo's own size is known once it has loaded
    await expect.poll(() => loaded(page, 'figure img'), { timeout: 15_000 }).toBe(true)
    const { viewBox, natural } = await page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>('figure img')!
      return {
        viewBox: document.querySelector('[data-testid="face-overlay"]')!.getAttribute('viewBox'),
        natural: `0 0 ${img.naturalWidth} ${img.naturalHeight}`,
      }
    })
    expect(viewBox).toBe(natural)
    // and it lies exactly over the photo as laid out (not over a wider box around it)
    const [svgBox, imgBox] = await Promise.all([overlay.boundingBox(), page.locator('figure img').boundingBox()])
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(svgBox![key] - imgBox![key])).toBeLessThan(1)

    await verify(page, name, jpeg('someone-else.jpg', photos.b))
    expect(page.url()).toMatch(/\/total_invalidated\/\d+$/)
    expect(await page.getByRole('region', { name: 'Decision' }).textContent()).toContain('Invalidated')
    expect(await page.getByRole('region', { name: 'Claimed person' }).textContent()).toContain(
      'Over the threshold: a different person.',
    )
    const invalidated = page.url()

    // both on the overview
    await page.goto(FACE)
    const recent = page.getByRole('table', { name: 'Recent scans' })
    await expect.poll(() => recent.getByRole('row').count()).toBeGreaterThanOrEqual(3)
    expect(await recent.getByText('Validated').count()).toBeGreaterThanOrEqual(1)
    expect(await recent.getByText('Invalidated').count()).toBeGreaterThanOrEqual(1)

    // delete the invalidated scan from its page, after confirming in the dialog
    await page.goto(invalidated)
    await page.getByRole('link', { name: 'Delete', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete scan' })
    await dialog.getByRole('button', { name: 'Delete scan' }).click()
    await page.waitForURL((url) => url.pathname === `${BASE}/total_invalidated`)
    await expectText(page, 'Deleted record successfully!')
    expect((await page.goto(invalidated))?.status()).toBe(404)
  })

  test('without JavaScript: enrolment posts the form, a refused photo is explained, a scan shows its overlay and deletes, and the person deletes', async ({
    noJsPage: page,
  }) => {
    test.setTimeout(180_000)
    await page.goto('/login')
    await page.getByLabel('Email').fill('visitor@demo.local')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: /sign in/i }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/demo-portal'))
    await page.goto(DEMO)

    // a photo with no face: the form comes back saying which and why
    const blank = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#8899aa' } })
      .jpeg()
      .toBuffer()
    const name = `No-JS person ${Date.now()}`
    let enrol = page.getByRole('form', { name: 'Enrol a person' })
    await enrol.getByLabel('Name').fill(name)
    await enrol
      .locator('input[type=file][name=photos]')
      .first()
      .setInputFiles([jpeg('blank.jpg', blank)])
    await enrol.getByRole('button', { name: 'Enrol person' }).click()
    await page.waitForLoadState('load')
    // next to the photos: which photo, and why
    const refused = page.getByText(/^Photo 1 \(blank\.jpg\): .*face/)
    await expect.poll(() => refused.first().isVisible(), { timeout: 30_000 }).toBe(true)
    expect(await page.getByRole('form', { name: 'Enrol a person' }).getByLabel('Name').inputValue()).toBe(name)

    enrol = page.getByRole('form', { name: 'Enrol a person' })
    await enrol.getByLabel('Name').fill(name)
    await enrol
      .locator('input[type=file][name=photos]')
      .first()
      .setInputFiles([jpeg('a.jpg', photos.a)])
    await enrol.getByRole('button', { name: 'Enrol person' }).click()
    await see(page, 'Person enrolled successfully')
    const people = page.getByRole('table', { name: 'Enrolled people' })
    await expect.poll(() => people.getByText(name, { exact: true }).isVisible()).toBe(true)

    // verify them: the scan page draws the face box and landmarks from the server's HTML
    const verifyForm = page.getByRole('form', { name: 'Verify a face' })
    await verifyForm.getByRole('combobox', { name: 'Claimed person' }).selectOption({ label: name })
    await verifyForm
      .locator('input[type=file][name=photo]')
      .first()
      .setInputFiles([jpeg('again.jpg', photos.aAgain)])
    await verifyForm.getByRole('button', { name: 'Verify', exact: true }).click()
    await page.waitForURL(new RegExp(`${BASE}/validated/\\d+$`), { timeout: 60_000 })
    const overlay = page.locator('svg[data-testid="face-overlay"]')
    expect(await overlay.locator('circle').count()).toBe(68)
    const { width, height } = await sharp(photos.aAgain).metadata()
    expect(await overlay.getAttribute('viewBox')).toBe(`0 0 ${width} ${height}`)
    // and the scan deletes through the confirmation step
    await page.getByRole('link', { name: 'Delete', exact: true }).click()
    await page.waitForURL(/confirm-delete=1/)
    await page.getByRole('region', { name: 'Delete scan' }).getByRole('button', { name: 'Delete scan' }).click()
    await page.waitForURL((url) => url.pathname === `${BASE}/validated`)
    await see(page, 'Deleted record successfully!')

    await page.goto(DEMO)
    await page.getByRole('link', { name: `Delete ${name}` }).click()
    await page.waitForURL(/confirm-delete=\d+/)
    const panel = page.getByRole('region', { name: 'Delete person' })
    await panel.getByRole('button', { name: 'Delete person' }).click()
    await page.waitForURL((url) => !url.searchParams.has('confirm-delete'))
    await see(page, 'Deleted record successfully!')
    expect(await page.getByRole('table', { name: 'Enrolled people' }).getByText(name, { exact: true }).count()).toBe(0)
  })

  test('an unknown bucket and an unknown scan answer 404', async ({ page }) => {
    await login(page, 'visitor@demo.local')
    expect((await page.goto(`${BASE}/everything`))?.status()).toBe(404)
    expect((await page.goto(`${BASE}/validated/999999`))?.status()).toBe(404)
    await expectText(page, 'Scan not found')
  })

  camera(
    "with a camera: 'Use camera' and 'Capture' put the frame in the form, which posts it",
    async ({ cameraPage: page }) => {
      test.setTimeout(120_000)
      await login(page, 'visitor@demo.local', { to: `/login?redirectTo=${encodeURIComponent(DEMO)}` })
      await page.waitForURL((url) => url.pathname === DEMO)
      const form = page.getByRole('form', { name: 'Identify a face' })
      await form.getByRole('button', { name: 'Use camera' }).click()
      await expect
        .poll(() => form.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 })
        .toBeGreaterThan(0)
      await form.getByRole('button', { name: 'Capture' }).click()
      await expect
        .poll(() => form.locator('input[type=file][name=photo]').evaluate((i: HTMLInputElement) => i.files?.[0]?.type))
        .toBe('image/jpeg')
      await form.getByRole('button', { name: 'Identify', exact: true }).click()
      // no face in the test pattern: either the API refuses the photo (said next to it) or records a scan without a face
      const outcome = async () => {
        if (/\/total_invalidated\/\d+$/.test(page.url())) return 'scan'
        const invalid = await page
          .locator('input[type=file][name=photo][aria-invalid=true]')
          .count()
          .catch(() => 0)
        return invalid ? 'refused' : 'waiting'
      }
      await expect.poll(outcome, { timeout: 60_000 }).not.toBe('waiting')
    },
  )
})
