import { eq } from 'drizzle-orm'
import type { Role } from '#contract/accounts'
import { users } from '../../db/schema'
import { latestVersionId } from '../templates/store'
import { createUser, setupTestApp, tokensFor, type TestApp } from '../../test-utils'
import { seedEvaluationBasics, type EvaluationBasics } from './fixtures'

export type Person = { id: number; name: string; auth: { authorization: string } }
export const people = ['admin', 'supervisor', 'auditor', 'auditor2', 'agent', 'agent2', 'visitor'] as const
export type Who = (typeof people)[number]

const roleOf: Record<Who, Role> = {
  admin: 'admin',
  supervisor: 'qa_supervisor',
  auditor: 'auditor',
  auditor2: 'auditor',
  agent: 'agent',
  agent2: 'agent',
  visitor: 'visitor',
}

/** An app with one signed-in user per role (two auditors, two agents) and a template to score with. */
export async function setupEvaluationWorld(options: Parameters<typeof setupTestApp>[1] = {}) {
  const t: TestApp = await setupTestApp({}, options)
  const as = {} as Record<Who, Person>
  for (const who of people) {
    const user = await createUser(t, { role: roleOf[who] })
    const name = `${who[0].toUpperCase()}${who.slice(1)} Person`
    await t.db
      .update(users)
      .set({ firstName: name.split(' ')[0], lastName: 'Person' })
      .where(eq(users.id, user.id))
    as[who] = { id: user.id, name, auth: (await tokensFor(t, user)).auth }
  }
  const basics: EvaluationBasics = await seedEvaluationBasics(t.db, as.supervisor.id)
  const versionId = (await latestVersionId(t.db, basics.template.template_internal_id))!
  return { t, as, basics, versionId }
}
