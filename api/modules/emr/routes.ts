import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '#contract/endpoints'
import type { Db } from '../../db/client'
import type { Llm } from '../../engines/llm/client'
import { route } from '../../lib/endpoint'
import { ok } from '../../lib/reply'
import { accessLog, patientNotesSummary, patientRecord, searchPatients } from './store'

type Options = { db: Db; llm?: Llm | null; now?: () => Date }

/** EMR (SPEC §2 /reshub/emr, /api/emr/, docs/decisions/017): patient search, the record, the notes' summary. */
export const emrRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, llm = null, now = () => new Date() }) => {
  route(app, endpoints.emrPatients, async (request) => ok(await searchPatients(db, request.query)))
  route(app, endpoints.emrPatient, async (request) =>
    ok(await patientRecord(db, request.user, request.params.id, now())),
  )
  route(app, endpoints.emrPatientSummary, async (request) =>
    ok(
      await patientNotesSummary(db, request.user, request.params.id, {
        llm,
        now: now(),
        engine: request.query.engine,
        regenerate: request.query.regenerate,
      }),
    ),
  )
  route(app, endpoints.emrAccessLog, async (request) => ok(await accessLog(db, request.query)))
}
