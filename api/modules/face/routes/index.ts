import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { peopleRoutes } from './people'
import { photoRoutes } from './photos'
import { scanRoutes } from './scans'
import { photoLinks, type FaceOptions } from './shared'

/**
 * Facial recognition (/api/face_recognition/; docs/decisions/010): enrol people with reference
 * photos, verify a photo against one of them or identify it among all, and list the scans. Any
 * signed-in user, on their own people and scans; admins see and manage everyone's.
 */
export const faceRoutes: FastifyPluginAsyncZod<FaceOptions> = async (app, options) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart)
  const context = { ...options, ...photoLinks(options.jwtSecret) }
  peopleRoutes(app, context)
  scanRoutes(app, context)
  photoRoutes(app, context)
}
