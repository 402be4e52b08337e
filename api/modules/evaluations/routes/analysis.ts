import { route } from '../../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../../db/client'
import type { AuthUser } from '../../../plugins/auth'
import { createAnalysisCache, transcriptOf } from '../store/analysis'
import {
  emotionProfile,
  findProfanity,
  sentimentSummary,
  sentimentTimeline,
  wordCloud,
} from '../../../engines/text/analyse'
import { ok } from '../../../lib/reply'

/** Sentiment, word cloud, timing, emotions and profanity of a call, from its transcript. */
export const evaluationAnalysisRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const cache = createAnalysisCache()
  const analysed = async (user: AuthUser, id: number) => {
    const { key, segments } = await transcriptOf(db, user, id)
    return cache.get(key, segments)
  }
  const perCall = { onRequest: app.authenticate }

  route(
    app,
    endpoints.sentimentAnalysis,
    async (request) => {
      const id = request.query.call_evaluation_id
      const summary = sentimentSummary(await analysed(request.user, id))
      const mean = summary.customer.score ?? 0
      const overall = mean > 0.1 ? 'positive' : mean < -0.1 ? 'negative' : 'neutral'
      return ok({ call_evaluation_id: id, ...summary, overall }, 'Sentiment analysis retrieved successfully')
    },
    { ...perCall },
  )

  route(
    app,
    endpoints.sentimentWordCloud,
    async (request) => {
      const id = request.query.call_evaluation_id
      return ok(
        { call_evaluation_id: id, words: wordCloud(await analysed(request.user, id)) },
        'Word cloud retrieved successfully',
      )
    },
    { ...perCall },
  )

  route(
    app,
    endpoints.sentimentTiming,
    async (request) => {
      const id = request.query.call_evaluation_id
      return ok(
        { call_evaluation_id: id, points: sentimentTimeline(await analysed(request.user, id)) },
        'Sentiment timing retrieved successfully',
      )
    },
    { ...perCall },
  )

  route(
    app,
    endpoints.emotionAnalysis,
    async (request) => {
      const id = request.query.call_evaluation_id
      return ok(
        { call_evaluation_id: id, ...emotionProfile(await analysed(request.user, id)) },
        'Emotion analysis retrieved successfully',
      )
    },
    { ...perCall },
  )

  route(
    app,
    endpoints.profanityIdentification,
    async (request) => {
      const id = request.body.call_evaluation_id
      const { segments } = await transcriptOf(db, request.user, id)
      const hits = findProfanity(segments)
      return ok({ call_evaluation_id: id, count: hits.length, hits }, 'Profanity identification completed')
    },
    { ...perCall },
  )
}
