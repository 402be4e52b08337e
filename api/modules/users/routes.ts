import { route } from '../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import multipart from '@fastify/multipart'
import type { FastifyError } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { USER_UPLOAD_MAX_BYTES, userExportColumns, userMessages } from '#contract/users'
import type { Db } from '../../db/client'
import { csvHeaders, toCsv } from '../../lib/csv'
import { HttpError, notFound } from '../../lib/http-error'
import { ok } from '../../lib/reply'
import { readUpload } from '../../lib/upload'
import { FormError } from './errors'
import { allUsers, getManagedUser, listUsers, staffPicks, type UserRecord } from './store/lists'
import { createUser, deactivateUser, editUser } from './store/accounts'
import { importUsers } from './store/upload'

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

  route(app, endpoints.listUsers, async (request) => ok(await listUsers(db, request.query), userMessages.listed))

  route(app, endpoints.userById, async (request) => {
    const found = await getManagedUser(db, request.params.id)
    if (!found) throw notFound(userMessages.notFound)
    return ok(found, 'User retrieved successfully')
  })

  route(app, endpoints.createUser, async (request) => ok(await createUser(db, request.body), userMessages.created))

  route(app, endpoints.editUser, async (request) =>
    ok(await editUser(db, request.user.id, request.body), userMessages.updated),
  )

  route(app, endpoints.deactivateUser, async (request) =>
    ok(await deactivateUser(db, request.user.id, request.params.id), userMessages.deactivated),
  )

  route(app, endpoints.userUpload, async (request) => {
    if (!request.isMultipart()) throw new HttpError(415, 'Send the CSV as multipart/form-data in the field "file"')
    const attach = { message: 'Attach the CSV file in the field "file"', error: 'Attach a CSV file' }
    const { file } = await readUpload(request, {
      maxBytes: USER_UPLOAD_MAX_BYTES,
      tooLarge: 'The file is larger than 5 MB',
      tooMany: 'Send one file in the field "file"',
      wrongField: attach,
    })
    if (!file?.bytes) throw new HttpError(400, attach.message, { file: [attach.error] })
    const bytes = file.bytes
    const report = await importUsers(db, bytes)
    const message =
      report.rejected_count === 0
        ? `${report.created_count} users created`
        : `${report.created_count} users created, ${report.rejected_count} rows rejected`
    return ok(report, message)
  })

  route(app, endpoints.exportUserList, async (request, reply) => {
    const rows = await allUsers(db, request.query)
    const day = new Date().toISOString().slice(0, 10)
    return reply.headers(csvHeaders(`users-${day}.csv`)).send(toCsv(userExportColumns, rows.map(exportRow)))
  })

  for (const [endpoint, role] of [
    [endpoints.userListAgent, 'agent'],
    [endpoints.userListQaSupervisor, 'qa_supervisor'],
  ] as const) {
    route(app, endpoint, async (request) =>
      ok(await staffPicks(db, role, request.query, request.user), 'User list retrieved successfully'),
    )
  }
}
