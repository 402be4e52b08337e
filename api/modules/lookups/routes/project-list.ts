import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import { likePattern } from '../../../lib/like'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { projectList, projectListQuery } from '#contract/evaluations'
import { paths } from '#contract/paths'
import type { Db } from '../../../db/client'
import { staffProfiles, users } from '../../../db/schema'
import { fullName } from '../../../db/sql'
import { ok, responses } from '../../../lib/reply'

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
    async (request) => {
      const { limit, q, role } = request.query
      const conditions = [eq(users.isActive, true), inArray(users.role, role ? [role] : ['agent', 'qa_supervisor'])]
      if (q) {
        const like = likePattern(q)
        conditions.push(
          or(
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
            ilike(users.email, like),
            ilike(staffProfiles.employeeCode, like),
          )!,
        )
      }
      const rows = await db
        .select({
          id: users.id,
          name: fullName(users),
          role: users.role,
          employee_code: staffProfiles.employeeCode,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(users)
        .leftJoin(staffProfiles, eq(staffProfiles.userId, users.id))
        .where(and(...conditions))
        .orderBy(asc(fullName(users)), asc(users.id))
        .limit(limit)
      return ok(
        { count: rows[0]?.total ?? 0, results: rows.map(({ total: _total, ...user }) => user) },
        'Project list retrieved successfully',
      )
    },
  )
}
