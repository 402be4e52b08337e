import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../db/client'
import type { Llm } from '../engines/llm/client'
import type { Queue } from '../jobs/queue'
import type { BlobStore } from '../lib/blob-store'

// Placeholder while issue 6's OCR routes are being built.
export const ocrRoutes: FastifyPluginAsyncZod<{
  db: Db
  blobs: BlobStore | null
  queue?: Queue
  jwtSecret: string
  llm: Llm | null
}> = async () => {}
