import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { projectList, projectListQuery } from '#contract/evaluations'
import { paths } from '#contract/paths'
import type { Db } from '../../../db/client'
import { ok, responses } from '../../../lib/reply'
import { listProjectPeople } from '../store'

const security = [{ bearerAuth: [] }]

/** `/api/users/project-list/`: active agents and QA supervisors for the pickers (SPEC §9: at most 200). */
export const projectListRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    paths.projectList,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Active agents and QA supervisors, by name',
        security,
        querystring: projectListQuery,
        response: responses(projectList, 401),
      },
    },
    async (request) => ok(await listProjectPeople(db, request.query), 'Project list retrieved successfully'),
  )
}
