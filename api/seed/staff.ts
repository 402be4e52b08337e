import { inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { campaigns, departments, locations, staffProfiles, users } from '../db/schema'
import {
  agentEmail,
  demoAgents,
  demoDepartments,
  demoLocations,
  demoSupervisors,
  departmentOfCampaign,
} from './demo-data'

const DAY = 24 * 60 * 60 * 1000

/**
 * The contact centre's people: QA supervisors and agents with their team, site and campaign.
 * Idempotent; every demo person shares the demo password's hash (hashed once by the caller).
 */
export async function seedStaff(db: Db, passwordHash: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .insert(departments)
      .values(demoDepartments.map((name) => ({ name })))
      .onConflictDoNothing()
    await tx.insert(locations).values(demoLocations).onConflictDoNothing()
    const people = [
      ...demoSupervisors.map((s) => ({ ...s, role: 'qa_supervisor' as const })),
      ...demoAgents.map((a, i) => ({ ...a, email: agentEmail(a, i), role: 'agent' as const })),
    ]
    await tx
      .insert(users)
      .values(
        people.map((p) => ({
          email: p.email,
          firstName: p.firstName,
          lastName: p.lastName,
          role: p.role,
          passwordHash,
        })),
      )
      .onConflictDoNothing()
    const ids = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(
            inArray(
              users.email,
              people.map((p) => p.email),
            ),
          )
      ).map((u) => [u.email, u.id]),
    )
    const departmentId = new Map((await tx.select().from(departments)).map((d) => [d.name, d.id]))
    const locationId = new Map((await tx.select().from(locations)).map((l) => [l.name, l.id]))
    const campaignId = new Map((await tx.select().from(campaigns)).map((c) => [c.code, c.id]))
    const profiles = [
      ...demoSupervisors.map((s, i) => ({
        userId: ids.get(s.email)!,
        employeeCode: `QA-${String(101 + i)}`,
        departmentId: departmentId.get('Quality Assurance') ?? null,
        locationId: locationId.get(s.location) ?? null,
        supervisorId: null,
        campaignId: campaignId.get(s.campaign) ?? null,
        hiredOn: new Date(now.getTime() - (900 + i * 170) * DAY),
      })),
      ...demoAgents.map((a, i) => ({
        userId: ids.get(agentEmail(a, i))!,
        employeeCode: `AG-${String(1001 + i)}`,
        departmentId: departmentId.get(departmentOfCampaign[a.campaign]) ?? null,
        locationId: locationId.get(a.location) ?? null,
        supervisorId: ids.get(a.supervisor) ?? null,
        campaignId: campaignId.get(a.campaign) ?? null,
        hiredOn: new Date(now.getTime() - (60 + ((i * 97) % 1400)) * DAY),
      })),
    ].filter((p) => p.userId)
    await tx.insert(staffProfiles).values(profiles).onConflictDoNothing()
  })
}
