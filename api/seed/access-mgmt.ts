import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { campaigns, companyGroups, entities, jobCodes, locations, payGroups, staffProfiles, users } from '../db/schema'

type OrgCodeSeed = { code: string; name: string; isActive?: boolean }

/** The BPO's legal entities: one per country it hires in, the holding company, and a closed one. */
export const demoEntities: OrgCodeSeed[] = [
  { code: 'MCX-UK', name: 'Meridian CX UK Ltd' },
  { code: 'MCX-ZA', name: 'Meridian CX South Africa (Pty) Ltd' },
  { code: 'MCX-PH', name: 'Meridian CX Philippines Inc.' },
  { code: 'MCX-NL', name: 'Meridian CX Holdings B.V.' },
  { code: 'MCX-IE', name: 'Meridian CX Ireland Ltd (closed 2023)', isActive: false },
]

export const demoCompanyGroups: OrgCodeSeed[] = [
  { code: 'OPS', name: 'Contact Centre Operations' },
  { code: 'QUAL', name: 'Quality & Training' },
  { code: 'WFM', name: 'Workforce Management' },
  { code: 'SUPP', name: 'Support Functions (HR, IT, Finance)' },
]

export const demoPayGroups: OrgCodeSeed[] = [
  { code: 'UK-WKLY-H', name: 'UK Weekly Hourly (GBP)' },
  { code: 'UK-MON-S', name: 'UK Monthly Salaried (GBP)' },
  { code: 'ZA-MON', name: 'South Africa Monthly (ZAR)' },
  { code: 'PH-SEMI', name: 'Philippines Semi-monthly (PHP)' },
]

export const demoJobCodes: OrgCodeSeed[] = [
  { code: 'CSA-1', name: 'Customer Service Associate I' },
  { code: 'CSA-2', name: 'Customer Service Associate II' },
  { code: 'COL-1', name: 'Collections Specialist' },
  { code: 'PAR-1', name: 'Patient Access Representative' },
  { code: 'QAS-1', name: 'QA Supervisor' },
  { code: 'QAA-1', name: 'Quality Auditor' },
  { code: 'TL-1', name: 'Team Leader' },
]

const entityOfCountry: Record<string, string> = {
  'United Kingdom': 'MCX-UK',
  'South Africa': 'MCX-ZA',
  Philippines: 'MCX-PH',
}
const payGroupOfCountry: Record<string, [agent: string, salaried: string]> = {
  'United Kingdom': ['UK-WKLY-H', 'UK-MON-S'],
  'South Africa': ['ZA-MON', 'ZA-MON'],
  Philippines: ['PH-SEMI', 'PH-SEMI'],
}
const jobOfCampaign: Record<string, string> = {
  'ACME-RETAIL': 'CSA-1',
  'NORTHWIND-COLL': 'COL-1',
  'CONTOSO-PATIENT': 'PAR-1',
}
// numbers from ranges kept for drama and documentation, so no real person is called
const phonePrefix: Record<string, string> = {
  'United Kingdom': '+44 7700 900',
  'South Africa': '+27 21 555 0',
  Philippines: '+63 2 8555 0',
}

/**
 * The HR/WFM lookups and, for the demo staff whose record has none of them yet, their entity,
 * company group, pay group, job code and a phone number. Idempotent; an admin's edits are kept.
 */
export async function seedAccessMgmt(db: Db) {
  await db.transaction(async (tx) => {
    const rows = (list: OrgCodeSeed[]) => list.map(({ code, name, isActive = true }) => ({ code, name, isActive }))
    await tx.insert(entities).values(rows(demoEntities)).onConflictDoNothing()
    await tx.insert(companyGroups).values(rows(demoCompanyGroups)).onConflictDoNothing()
    await tx.insert(payGroups).values(rows(demoPayGroups)).onConflictDoNothing()
    await tx.insert(jobCodes).values(rows(demoJobCodes)).onConflictDoNothing()

    const idOf = async (table: typeof entities | typeof companyGroups | typeof payGroups | typeof jobCodes) =>
      new Map((await tx.select({ id: table.id, code: table.code }).from(table)).map((r) => [r.code, r.id]))
    // one after another: a transaction is one connection
    const entityId = await idOf(entities)
    const groupId = await idOf(companyGroups)
    const payId = await idOf(payGroups)
    const jobId = await idOf(jobCodes)

    const staff = await tx
      .select({
        userId: staffProfiles.userId,
        role: users.role,
        phone: users.phone,
        hiredOn: staffProfiles.hiredOn,
        country: locations.country,
        campaign: campaigns.code,
      })
      .from(staffProfiles)
      .innerJoin(users, eq(users.id, staffProfiles.userId))
      .leftJoin(locations, eq(locations.id, staffProfiles.locationId))
      .leftJoin(campaigns, eq(campaigns.id, staffProfiles.campaignId))
      .where(
        and(
          inArray(users.role, ['agent', 'qa_supervisor']),
          isNull(staffProfiles.entityId),
          isNull(staffProfiles.companyGroupId),
          isNull(staffProfiles.payGroupId),
          isNull(staffProfiles.jobCodeId),
        ),
      )
      .orderBy(staffProfiles.userId)

    for (const [i, person] of staff.entries()) {
      const country = person.country ?? 'United Kingdom'
      const isAgent = person.role === 'agent'
      // agents with two years or more move up a grade
      const senior = person.hiredOn && Date.now() - person.hiredOn.getTime() > 2 * 365 * 86_400_000
      let job = isAgent ? (jobOfCampaign[person.campaign ?? ''] ?? 'CSA-1') : 'QAS-1'
      if (job === 'CSA-1' && senior) job = 'CSA-2'
      await tx
        .update(staffProfiles)
        .set({
          entityId: entityId.get(entityOfCountry[country] ?? 'MCX-UK') ?? null,
          companyGroupId: groupId.get(isAgent ? 'OPS' : 'QUAL') ?? null,
          payGroupId:
            payId.get((payGroupOfCountry[country] ?? payGroupOfCountry['United Kingdom'])[isAgent ? 0 : 1]) ?? null,
          jobCodeId: jobId.get(job) ?? null,
        })
        .where(eq(staffProfiles.userId, person.userId))
      if (!person.phone) {
        const phone = `${phonePrefix[country] ?? phonePrefix['United Kingdom']}${String(100 + i).padStart(3, '0')}`
        await tx.update(users).set({ phone }).where(eq(users.id, person.userId))
      }
    }
  })
}
