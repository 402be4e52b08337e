import { and, eq, or, sql, type Column, type SQL } from 'drizzle-orm'
import type { Role } from '#contract/accounts'
import type { AppointmentStatus } from '#contract/reshub'
import type { Db } from '../db/client'
import {
  callEvaluations,
  chatConversations,
  documents,
  facePeople,
  faceScans,
  recordings,
  scoringItems,
  summaries,
  users,
} from '../db/schema'

/** Who asks: the signed-in user, as far as access is concerned. */
export type Actor = { id: number; role: Role }

/*
 * One access rule per kind of object (docs/decisions/012). Each rule says, in SQL, which rows an
 * actor may read, so a list, a single load, a signed file link and a job all ask the same
 * question, and in JS who may change a row already read. Stores load through these and routes
 * reach objects only through stores. A row the rule hides is 404 (ids are sequential: a 403 would
 * confirm that it exists), except an evaluation for an agent, which is 403 with a reason the
 * portal shows ("only your own").
 */

const is = (actor: Actor, ...roles: Role[]) => roles.includes(actor.role)
const ownedBy = (column: Column, actor: Actor) => eq(column, actor.id)
/** `undefined` is "every row" in drizzle's `and(…)`. */
type Readable = SQL | undefined

export const NOT_YOUR_EVALUATION = 'You can only open your own evaluations.'

/** Evaluated calls: agents read only their own; every other role reads them all (visitors read demo data). */
export const evaluationRule = {
  readable: (actor: Actor): Readable => (is(actor, 'agent') ? eq(callEvaluations.agentId, actor.id) : undefined),
  canRead: (actor: Actor, row: { agentId: number }) => !is(actor, 'agent') || row.agentId === actor.id,
}

/**
 * Recordings, uploaded or attached to a call: the uploader, admins and QA supervisors, and anyone
 * who may read an evaluation of that call or the agent scoring item it was uploaded for. Only the uploader and admins change or delete one;
 * admins and QA supervisors also hear and read the words before redaction.
 */
export const recordingRule = {
  readable(actor: Actor): Readable {
    if (is(actor, 'admin', 'qa_supervisor')) return undefined
    const call = and(eq(callEvaluations.recordingId, recordings.id), evaluationRule.readable(actor))
    const item = and(eq(scoringItems.recordingId, recordings.id), scoringItemRule.readable(actor))
    return or(
      ownedBy(recordings.uploadedBy, actor),
      sql`exists (select 1 from ${callEvaluations} where ${call})`,
      sql`exists (select 1 from ${scoringItems} where ${item})`,
    )
  },
  canChange: (actor: Actor, row: { uploadedBy: number | null }) => is(actor, 'admin') || row.uploadedBy === actor.id,
  seesUnredacted: (actor: Actor) => is(actor, 'admin', 'qa_supervisor'),
}

export const NOT_YOUR_ITEM = 'You can only open your own scored interactions.'

/**
 * Scored interactions (AI agent scoring): agents read only their own, like evaluations (403 with a
 * reason); every other role reads them all; admins and QA supervisors claim and decide.
 */
export const scoringItemRule = {
  readable: (actor: Actor): Readable => (is(actor, 'agent') ? eq(scoringItems.agentId, actor.id) : undefined),
  canRead: (actor: Actor, row: { agentId: number }) => !is(actor, 'agent') || row.agentId === actor.id,
  canDecide: (actor: Actor) => is(actor, 'admin', 'qa_supervisor'),
}

/** OCR documents are their uploader's alone. */
export const documentRule = {
  readable: (actor: Actor): Readable => ownedBy(documents.userId, actor),
}

/** Summaries are their author's alone. */
export const summaryRule = {
  readable: (actor: Actor): Readable => ownedBy(summaries.userId, actor),
}

/** Enrolled people are their enroller's; admins see and manage everyone's. */
export const personRule = {
  readable: (actor: Actor): Readable => (is(actor, 'admin') ? undefined : ownedBy(facePeople.ownerId, actor)),
}

/** Face scans are their maker's; admins see and manage everyone's. */
export const scanRule = {
  readable: (actor: Actor): Readable => (is(actor, 'admin') ? undefined : ownedBy(faceScans.userId, actor)),
}

/**
 * Chatbot conversations: visitors, agents and auditors read their own; QA supervisors and admins
 * read them all. Only the one who had a conversation goes on with it, hands it off or rates its answers.
 */
export const conversationRule = {
  readable: (actor: Actor): Readable =>
    is(actor, 'admin', 'qa_supervisor') ? undefined : ownedBy(chatConversations.userId, actor),
  canContinue: (actor: Actor, row: { userId: number }) => row.userId === actor.id,
}

/** Staff directory: names for everyone signed in; e-mails and employee codes for admins and QA supervisors. */
export const directoryRule = {
  seesContactDetails: (actor: Actor) => is(actor, 'admin', 'qa_supervisor'),
}

/** The user behind a signed link, while their account is active: links die with the account. */
export async function activeActor(db: Db, uid: number): Promise<Actor | null> {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.id, uid), eq(users.isActive, true)))
  return row ?? null
}

/** Statuses a clinician sets as the patient moves through the clinic (they do not book, move or cancel). */
const CLINICIAN_STATUSES: readonly AppointmentStatus[] = ['arrived', 'checked-in', 'fulfilled', 'noshow']

/**
 * Appointments (reservation hub): every signed-in role reads the schedule; agents, QA supervisors
 * and admins book, move, cancel and change any status; clinicians mark the patient flow.
 */
export const appointmentRule = {
  canBook: (actor: Actor) => is(actor, 'admin', 'qa_supervisor', 'agent'),
  canSetStatus: (actor: Actor, to: AppointmentStatus) =>
    is(actor, 'admin', 'qa_supervisor', 'agent') || (is(actor, 'clinician') && CLINICIAN_STATUSES.includes(to)),
}

/**
 * Patient records (EMR): every signed-in role reads demographics, appointments, problems,
 * medications and allergies (agents need them on the call); clinical notes and their AI summary,
 * the most sensitive data here, only clinicians and admins. Admins read who opened which record.
 */
export const patientRecordRule = {
  readsNotes: (actor: Actor) => is(actor, 'clinician', 'admin'),
  readsAccessLog: (actor: Actor) => is(actor, 'admin'),
}
