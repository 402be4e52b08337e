import multipart from '@fastify/multipart'
import type { FastifyError } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorBody } from '#contract/envelope'
import { paths } from '#contract/paths'
import {
  createUserBody,
  createUserResult,
  editUserBody,
  exportUserListQuery,
  managedUser,
  staffPickList,
  staffPickQuery,
  USER_UPLOAD_MAX_BYTES,
  userExportColumns,
  userIdParam,
  userList,
  userListQuery,
  userMessages,
  userUploadReport,
} from '#contract/users'
import type { Db } from '../../db/client'
import { csvHeaders, toCsv } from '../../lib/csv'
import { HttpError, notFound } from '../../lib/http-error'
import { multipartBody } from '../../lib/multipart-body'
import { ok, responses } from '../../lib/reply'
import { FormError } from './errors'
import { allUsers, getManagedUser, listUsers, staffPicks, type UserRecord } from './store/lists'
import { createUser, deactivateUser, editUser } from './store/accounts'
import { importUsers } from './store/upload'

const tags = ['users']
const security = [{ bearerAuth: [] }]

const exportRow = (u: UserRecord) => [
  u.id,
  u.email,
  u.firstName,
  u.lastName,
  u.role,
  u.isActive,
  u.employeeCode,
  u.phone,
  u.departmentName,
  u.locationName,
  u.supervisorEmail,
  u.campaignCode,
  u.entityCode,
  u.companyGroupCode,
  u.payGroupCode,
  u.jobCodeCode,
  u.hiredOn?.toISOString().slice(0, 10),
  u.lastLogin,
  u.createdAt,
]

/** User management under /api/accounts/ (admin only), and the agent and QA supervisor pickers (any signed-in user). */
export const userRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart)

  // a rejected form carries non_field_errors; anything else goes to the app's error handler
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (!(error instanceof FormError)) throw error
    return reply.status(error.statusCode).send({
      data: null,
      message: error.message,
      errors: error.errors ?? {},
      ...(error.nonFieldErrors.length && { non_field_errors: error.nonFieldErrors }),
    })
  })

  const admin = app.requireRole('admin')

  app.get(
    paths.users,
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'A page of users, searched by name or email and filtered by role, department, location and state',
        security,
        querystring: userListQuery,
        response: responses(userList, 401, 403),
      },
    },
    async (request) => ok(await listUsers(db, request.query), userMessages.listed),
  )

  app.get(
    paths.userById(':id'),
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'One user with their staff record',
        security,
        params: userIdParam,
        response: responses(managedUser, 401, 403, 404),
      },
    },
    async (request) => {
      const found = await getManagedUser(db, request.params.id)
      if (!found) throw notFound(userMessages.notFound)
      return ok(found, 'User retrieved successfully')
    },
  )

  app.post(
    paths.createUser,
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Create a user (without a password, a temporary one is generated and returned once)',
        security,
        body: createUserBody,
        response: responses(createUserResult, 401, 403, 409),
      },
    },
    async (request) => ok(await createUser(db, request.body), userMessages.created),
  )

  app.put(
    paths.editUser,
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Replace a user record (a new password or deactivation ends their sessions)',
        security,
        body: editUserBody,
        response: responses(managedUser, 401, 403, 404, 409),
      },
    },
    async (request) => ok(await editUser(db, request.user.id, request.body), userMessages.updated),
  )

  app.patch(
    paths.deactivateUser(':id'),
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Deactivate a user: they cannot sign in and their sessions end at once',
        security,
        params: userIdParam,
        response: responses(managedUser, 401, 403, 404, 409),
      },
    },
    async (request) => ok(await deactivateUser(db, request.user.id, request.params.id), userMessages.deactivated),
  )

  app.post(
    paths.userUpload,
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Create users from a CSV file (field "file", at most 5 MB and 50,000 rows): a report per row',
        security,
        ...multipartBody({ file: 1 }),
        response: responses(userUploadReport, 401, 403, 409, 413, 415),
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the CSV as multipart/form-data in the field "file"')
      const limits = { fileSize: USER_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 }
      let bytes: Buffer
      try {
        const part = await request.file({ limits })
        if (!part || part.fieldname !== 'file') {
          throw new HttpError(400, 'Attach the CSV file in the field "file"', { file: ['Attach a CSV file'] })
        }
        bytes = await part.toBuffer()
      } catch (error) {
        const code = (error as FastifyError).code
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'The file is larger than 5 MB')
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw new HttpError(413, 'Send one file in the field "file"')
        }
        throw error
      }
      const report = await importUsers(db, bytes)
      const message =
        report.rejected_count === 0
          ? `${report.created_count} users created`
          : `${report.created_count} users created, ${report.rejected_count} rows rejected`
      return ok(report, message)
    },
  )

  app.get(
    paths.exportUserList,
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The filtered user list as CSV (formula-safe)',
        security,
        querystring: exportUserListQuery,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('text/csv; charset=utf-8'),
          400: errorBody,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (request, reply) => {
      const rows = await allUsers(db, request.query)
      const day = new Date().toISOString().slice(0, 10)
      return reply.headers(csvHeaders(`users-${day}.csv`)).send(toCsv(userExportColumns, rows.map(exportRow)))
    },
  )

  for (const [path, role] of [
    [paths.userListAgent, 'agent'],
    [paths.userListQaSupervisor, 'qa_supervisor'],
  ] as const) {
    app.get(
      path,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: `Active ${role === 'agent' ? 'agents' : 'QA supervisors'} by name, for pickers (e-mail and employee code for admins and QA supervisors only)`,
          security,
          querystring: staffPickQuery,
          response: responses(staffPickList, 401),
        },
      },
      async (request) =>
        ok(await staffPicks(db, role, request.query, request.user), 'User list retrieved successfully'),
    )
  }
}
