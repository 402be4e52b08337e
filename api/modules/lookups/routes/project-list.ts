import { route } from '../../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../../db/client'
import { ok } from '../../../lib/reply'
import { listProjectPeople } from '../store'

/** `/api/users/project-list/`: active agents and QA supervisors for the pickers (SPEC §9: at most 200). */
export const projectListRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.projectList, async (request) =>
    ok(await listProjectPeople(db, request.query), 'Project list retrieved successfully'),
  )
}
