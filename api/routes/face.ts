import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../db/client'
import type { BlobStore } from '../lib/blob-store'

// Placeholder while issue 6's facial recognition routes are being built.
export const faceRoutes: FastifyPluginAsyncZod<{
  db: Db
  blobs: BlobStore | null
  jwtSecret: string
  threshold: number
}> = async () => {}
