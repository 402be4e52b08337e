import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Database } from './db/client'
import { DEFAULT_FACE_THRESHOLD, type ApiEnv } from './env'
import type { Llm } from './engines/llm/client'
import type { Queue } from './jobs/queue'
import type { BlobStore } from './lib/blob-store'
import { openApiDocument, openApiTransform } from './lib/openapi'
import { requestValidatorCompiler } from './lib/validator'
import { version } from './lib/version'
import { installAuth } from './plugins/auth'
import { frameworkErrors, installErrorHandling } from './plugins/errors'
import { installMethodCheck } from './plugins/methods'
import { DOCS_CSP, installSecurityHeaders } from './plugins/security-headers'
import { accountsRoutes } from './modules/accounts/routes'
import { callEvaluationLookupRoutes } from './modules/lookups/routes/call-evaluation'
import { dashboardRoutes } from './modules/dashboards/routes'
import { evaluationAnalysisRoutes } from './modules/evaluations/routes/analysis'
import { evaluationAudioRoutes } from './modules/evaluations/routes/audio'
import { evaluationReviewRoutes } from './modules/evaluations/routes/review'
import { evaluationRoutes } from './modules/evaluations/routes/evaluations'
import { evaluationExportRoutes } from './modules/evaluations/routes/export'
import { healthRoutes } from './modules/health/routes'
import { lookupRoutes } from './modules/lookups/routes/general'
import { notificationRoutes } from './modules/notifications/routes'
import { projectListRoutes } from './modules/lookups/routes/project-list'
import { templateRoutes } from './modules/templates/routes'
import { userRoutes } from './modules/users/routes'
import { accessMgmtRoutes } from './modules/lookups/routes/access-mgmt'
import { speechRoutes } from './modules/speech/routes'
import { summarizationRoutes } from './modules/summaries/routes'
import { agentScoringRoutes } from './modules/agent-scoring/routes'
import { ocrRoutes } from './modules/ocr/routes'
import { faceRoutes } from './modules/face/routes'
import { chatbotRoutes } from './modules/chatbot/routes'
import { chatbotTalkRoutes } from './modules/chatbot/talk'
import { reshubRoutes } from './modules/reshub/routes'
import { emrRoutes } from './modules/emr/routes'
import { createServices } from './services'

export type AppEnv = Pick<
  ApiEnv,
  'jwtSecret' | 'trustProxy' | 'loginIpLimit' | 'loginAccountLimit' | 'loginAccountWindowMs'
> &
  Partial<Pick<ApiEnv, 'faceThreshold' | 'accessTokenTtlS' | 'refreshReuseLeewayS' | 'speech'>> & {
    /** Chat messages a session may send a minute (0: no limit). */
    chatPerMinute?: number
  }

export type BuildOptions = {
  database: Database
  env: AppEnv
  queue?: Queue
  /** Where recordings' audio lives; without one, no audio is served. */
  blobs?: BlobStore | null
  /** The LLM judge for inline re-scoring; without one, the local engine. */
  llm?: Llm | null
  logger?: FastifyServerOptions['logger']
}

export const JSON_BODY_LIMIT = 1024 * 1024

/** The API as a Fastify instance, not listening, so tests can `inject`. */
export async function buildApp({ database, env, queue, blobs = null, llm = null, logger = false }: BuildOptions) {
  const app = Fastify({
    logger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: env.trustProxy.length ? env.trustProxy : false,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(requestValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandling(app)
  // headers first, so the 405 the method check throws carries them too
  await installSecurityHeaders(app)
  installMethodCheck(app)

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AI demo portal API',
        version,
        description: 'The upstream of the AI demo portal. Every endpoint is declared once in contract/endpoints.ts.',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openApiTransform,
    transformObject: (document) =>
      openApiDocument('openapiObject' in document ? document.openapiObject : document.swaggerObject),
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP })
  await app.register(rateLimit, { global: false })

  const { db } = database
  const { tokens, accounts } = createServices(db, env)
  installAuth(app, db, tokens)

  await app.register(accountsRoutes, { db, accounts, ipLimit: env.loginIpLimit })
  await app.register(notificationRoutes, { db })
  await app.register(lookupRoutes, { db })
  await app.register(callEvaluationLookupRoutes, { db })
  await app.register(templateRoutes, { db })
  await app.register(evaluationRoutes, { db, queue, llm })
  await app.register(evaluationReviewRoutes, { db })
  await app.register(evaluationAudioRoutes, { db, blobs, jwtSecret: env.jwtSecret })
  await app.register(evaluationAnalysisRoutes, { db })
  await app.register(dashboardRoutes, { db })
  await app.register(evaluationExportRoutes, { db })
  await app.register(projectListRoutes, { db })
  await app.register(userRoutes, { db })
  await app.register(accessMgmtRoutes, { db })
  await app.register(speechRoutes, { db, blobs, queue, jwtSecret: env.jwtSecret, speech: env.speech ?? {} })
  await app.register(summarizationRoutes, { db, queue })
  await app.register(agentScoringRoutes, { db, queue, llm, blobs })
  await app.register(ocrRoutes, { db, blobs, queue, jwtSecret: env.jwtSecret, llm })
  await app.register(faceRoutes, {
    db,
    blobs,
    jwtSecret: env.jwtSecret,
    threshold: env.faceThreshold ?? DEFAULT_FACE_THRESHOLD,
  })
  await app.register(chatbotRoutes, { db, queue, llm, chatPerMinute: env.chatPerMinute, jwtSecret: env.jwtSecret })
  await app.register(chatbotTalkRoutes, { db, blobs, llm, speech: env.speech ?? {}, jwtSecret: env.jwtSecret })
  await app.register(reshubRoutes, { db })
  await app.register(emrRoutes, { db, llm })
  await app.register(healthRoutes, { database, queue })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
