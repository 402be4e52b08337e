import { expect, login, test, type Page } from './fixtures'

/*
 * The reservation hub as the contact centre uses it: book a free slot for a caller (the date of
 * birth confirms them), read it back, cancel it, and see the freed slot offered to the patient
 * waiting for it; with JavaScript and without. The EMR's draft summary links each sentence to its note.
 */

/** The calendar's week with free slots: this one, or one of the next few. */
async function weekWithSlots(page: Page) {
  await page.goto('/reshub/calendar')
  for (let i = 0; i < 4; i++) {
    if (await page.getByRole('link', { name: /^Book / }).count()) return
    await page.getByRole('link', { name: 'Next week →' }).click()
  }
  throw new Error('no free slot in four weeks')
}

/** Books the chosen slot for a patient found by name, confirming them by date of birth. */
async function bookFor(page: Page, name: string, { wrongBirthDateFirst = false } = {}) {
  await page.getByRole('searchbox', { name: 'Patient' }).fill(name)
  await page.getByRole('button', { name: 'Find' }).click()
  const matches = page.getByRole('table', { name: 'Patients matching the search' })
  const row = matches.getByRole('row', { name: new RegExp(name) }).first()
  const birthDate = (await row.getByRole('cell').nth(1).textContent())!.trim()
  await row.getByRole('link', { name: `Choose ${name}` }).click()
  const dob = page.getByLabel('Date of birth, as the caller says it')
  if (wrongBirthDateFirst) {
    await dob.fill('1901-01-01')
    await page.getByRole('button', { name: 'Book this slot' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Not booked' })).toContainText(
      'date of birth is not the one',
    )
  }
  await page.getByLabel('Date of birth, as the caller says it').fill(birthDate)
  await page.getByRole('button', { name: 'Book this slot' }).click()
  const booked = page.locator('#booked')
  await expect(booked).toContainText(`Read it back: ${name} is booked`)
  return booked
}

async function cancel(page: Page, name: string) {
  await page.getByText('Cancel…').first().click()
  await page.getByLabel('Reason').first().fill('Patient asked to cancel')
  await page.getByRole('button', { name: 'Cancel the appointment' }).click()
  await expect(page.locator('#booked')).toContainText(`${name} was booked`)
  await expect(page.locator('#booked')).toContainText('Reason: Patient asked to cancel')
}

test.describe('reservation hub', () => {
  test('an agent books a free slot with JavaScript, cancels it, and the freed slot is offered to the waitlist', async ({
    page,
  }) => {
    await login(page, 'agent@demo.local')
    // the patient who waits: put on the waitlist from their record
    await page.goto('/reshub/emr?q=Harry%20Hall')
    await page
      .getByRole('table', { name: 'Matching patients' })
      .getByRole('link', { name: 'Harry Hall' })
      .first()
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Harry Hall' })).toBeVisible()
    await page.getByRole('link', { name: 'Book an appointment' }).click()
    await expect(page.getByText('Booking for Harry Hall', { exact: true })).toBeVisible()
    const practitioner = await page.getByLabel('Practitioner').inputValue()
    const site = await page.getByLabel('Site').inputValue()
    await page.getByRole('button', { name: 'Add to the waitlist' }).click()
    // the toast (its words are also in the live region, which is not on screen)
    await expect(page.getByText('The first slot that frees will be offered by a call.', { exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Not booking for Harry Hall' }).click()
    expect(await page.getByLabel('Practitioner').inputValue()).toBe(practitioner)

    await weekWithSlots(page)
    const slot = page.getByRole('link', { name: /^Book / }).first()
    const label = (await slot.getAttribute('aria-label'))!
    const [, time, who] = /(\d\d:\d\d) with (.+)$/.exec(label)!
    await slot.click()
    await expect(page.getByRole('heading', { level: 2, name: /^Book / })).toContainText(time!)
    await bookFor(page, 'Mei Pham', { wrongBirthDateFirst: true })
    await cancel(page, 'Mei Pham')

    await page.goto(`/reshub?site_id=${site}&tasks=waitlist_offer`)
    const offers = page.getByRole('region', { name: 'Calls to make' })
    await expect(offers.getByText(new RegExp(`Offer the freed slot: .*${time} with ${who}`)).first()).toBeVisible()
  })

  test('without JavaScript an agent finds a slot, books it with plain forms, and cancels it', async ({ noJsPage }) => {
    const page = noJsPage
    await login(page, 'supervisor@demo.local')
    await weekWithSlots(page)
    await page
      .getByRole('link', { name: /^Book / })
      .last()
      .click()
    await expect(page.getByRole('heading', { level: 2, name: /^Book / })).toBeVisible()
    await bookFor(page, 'Jack Hall')
    await expect(page.getByRole('link', { name: 'Calendar file (.ics)' })).toHaveAttribute('href', /reshub-ics/)
    // moved to another free slot, then cancelled
    await page.locator('#booked').getByRole('link', { name: 'Move to another slot: Jack Hall' }).click()
    await expect(page.getByText("Moving Jack Hall's appointment")).toBeVisible()
    await page
      .getByRole('link', { name: /^Book / })
      .first()
      .click()
    await page.getByRole('button', { name: 'Move the appointment' }).click()
    await expect(page.locator('#booked')).toContainText('Read it back: Jack Hall is booked')
    await cancel(page, 'Jack Hall')
  })

  test('the day at a site shows the practitioners, the patient flow and the calls to make', async ({ page }) => {
    await login(page, 'auditor@demo.local')
    await page.goto('/reshub')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Today at|,/)
    await expect(page.getByRole('region', { name: 'Waiting' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Calls to make' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'No-show rate by practitioner' })).toBeVisible()
    await page.getByRole('link', { name: 'No-show' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'No-show appointments' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'No-show appointments' }).getByRole('row')).not.toHaveCount(1)
  })
})

test.describe('EMR', () => {
  test("a clinician's draft summary links every sentence to the note it came from", async ({ page }) => {
    await login(page, 'clinician@demo.local')
    await page.goto('/reshub/emr?q=Mei%20Pham')
    await page.getByRole('table', { name: 'Matching patients' }).getByRole('link').first().click()
    const summary = page.getByRole('region', { name: 'AI summary of the notes' })
    await expect(summary.getByText('Draft, for review')).toBeVisible()
    const first = summary.getByRole('listitem').first()
    const sentence = (await first.textContent())!.replace(/\s*\[note of .*\]$/, '').trim()
    const link = first.getByRole('link', { name: /^Source: the note of/ })
    const href = (await link.getAttribute('href'))!
    expect(href).toMatch(/^#note-\d+$/)
    await link.click()
    const note = page.locator(href)
    await expect(note).toBeVisible()
    expect((await note.textContent())!.replace(/\s+/g, ' ')).toContain(sentence.replace(/\s+/g, ' '))
    await summary.getByRole('button', { name: 'Regenerate' }).click()
    await expect(
      page.getByRole('region', { name: 'AI summary of the notes' }).getByText('Draft, for review'),
    ).toBeVisible()
  })

  test('an agent sees the record without its clinical notes or their summary', async ({ page }) => {
    await login(page, 'agent@demo.local')
    await page.goto('/demo-portal/emr?q=Mei%20Pham')
    await page.getByRole('table', { name: 'Matching patients' }).getByRole('link').first().click()
    await expect(page.getByRole('region', { name: 'Demographics' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'AI summary of the notes' })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Clinical notes' })).toContainText('For clinicians only')
  })
})
