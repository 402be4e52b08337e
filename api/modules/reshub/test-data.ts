import dayjs from 'dayjs'
import type { Db } from '../../db/client'
import {
  availabilityRules,
  clinicSites,
  patients,
  practitioners,
  practitionerVisitTypes,
  visitTypes,
} from '../../db/schema'

/**
 * A small clinic for the reservation hub's tests: one London site, two GPs who work there Monday to
 * Friday 09:00–12:00, a 15-minute consultation with a 5-minute buffer, and 25 patients. `monday` is
 * a Monday at least two weeks ahead (a site-local date), so every slot on it is in the future.
 */
export async function seedTestClinic(db: Db) {
  const [site] = await db
    .insert(clinicSites)
    .values({
      code: 'T-LON',
      name: 'Test Surgery',
      timeZone: 'Europe/London',
      address: '1 Test Street',
      phone: '01632 960000',
    })
    .returning()
  const [drA, drB] = await db
    .insert(practitioners)
    .values([
      { code: 'T-GP1', prefix: 'Dr', givenName: 'Ada', familyName: 'Okoro', specialty: 'General practice' },
      { code: 'T-GP2', prefix: 'Dr', givenName: 'Ben', familyName: 'Hale', specialty: 'General practice' },
    ])
    .returning()
  const [gp] = await db
    .insert(visitTypes)
    .values({ code: 'T-GP15', name: 'GP consultation', durationMinutes: 15, bufferMinutes: 5, minNoticeMinutes: 0 })
    .returning()
  await db.insert(practitionerVisitTypes).values([
    { practitionerId: drA!.id, visitTypeId: gp!.id },
    { practitionerId: drB!.id, visitTypeId: gp!.id },
  ])
  await db.insert(availabilityRules).values(
    [drA!, drB!].flatMap((p) =>
      [1, 2, 3, 4, 5].map((weekday) => ({
        practitionerId: p.id,
        siteId: site!.id,
        weekday,
        startTime: '09:00',
        endTime: '12:00',
      })),
    ),
  )
  const people = await db
    .insert(patients)
    .values(
      Array.from({ length: 25 }, (_, i) => ({
        mrn: `CH9${String(i).padStart(5, '0')}`,
        givenName: i === 0 ? 'Margaret' : `Given${i}`,
        familyName: i === 0 ? 'Thornton' : `Family${i}`,
        birthDate: i === 0 ? '1956-03-14' : `19${60 + i}-01-0${(i % 9) + 1}`,
        gender: i % 2 ? ('male' as const) : ('female' as const),
        phone: i === 0 ? '07700 900123' : `07700 9${String(1000 + i).slice(-4)}0`,
      })),
    )
    .returning()
  const monday = dayjs().add(14, 'day').day(8).format('YYYY-MM-DD') // the Monday after next week's
  return { site: site!, drA: drA!, drB: drB!, gp: gp!, patients: people, monday }
}

export type TestClinic = Awaited<ReturnType<typeof seedTestClinic>>
