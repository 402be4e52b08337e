import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  emotionAnalysis,
  evaluationIdQuery,
  profanityBody,
  profanityResult,
  sentimentAnalysis,
  sentimentTiming,
  wordCloudData,
} from '#contract/evaluations'
import { paths } from '#contract/paths'
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
import { ok, responses } from '../../../lib/reply'

const tags = ['call evaluation']
const security = [{ bearerAuth: [] }]
const errors = [401, 403, 404] as const

/** Sentiment, word cloud, timing, emotions and profanity of a call, from its transcript. */
export const evaluationAnalysisRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const cache = createAnalysisCache()
  const analysed = async (user: AuthUser, id: number) => {
    const { recordingId, segments } = await transcriptOf(db, user, id)
    return cache.get(recordingId, segments)
  }
  const perCall = { onRequest: app.authenticate }

  app.get(
    paths.sentimentAnalysis,
    {
      ...perCall,
      schema: {
        tags,
        summary: "Each speaker's mean sentiment and how many of their lines lean each way",
        security,
        querystring: evaluationIdQuery,
        response: responses(sentimentAnalysis, ...errors),
      },
    },
    async (request) => {
      const id = request.query.call_evaluation_id
      const summary = sentimentSummary(await analysed(request.user, id))
      const mean = summary.customer.score ?? 0
      const overall = mean > 0.1 ? 'positive' : mean < -0.1 ? 'negative' : 'neutral'
      return ok({ call_evaluation_id: id, ...summary, overall }, 'Sentiment analysis retrieved successfully')
    },
  )

  app.get(
    paths.sentimentWordCloud,
    {
      ...perCall,
      schema: {
        tags,
        summary: "The call's most used content words, by speaker and leaning",
        security,
        querystring: evaluationIdQuery,
        response: responses(wordCloudData, ...errors),
      },
    },
    async (request) => {
      const id = request.query.call_evaluation_id
      return ok(
        { call_evaluation_id: id, words: wordCloud(await analysed(request.user, id)) },
        'Word cloud retrieved successfully',
      )
    },
  )

  app.get(
    paths.sentimentTiming,
    {
      ...perCall,
      schema: {
        tags,
        summary: 'Sentiment over the call in equal slices, per speaker',
        security,
        querystring: evaluationIdQuery,
        response: responses(sentimentTiming, ...errors),
      },
    },
    async (request) => {
      const id = request.query.call_evaluation_id
      return ok(
        { call_evaluation_id: id, points: sentimentTimeline(await analysed(request.user, id)) },
        'Sentiment timing retrieved successfully',
      )
    },
  )

  app.get(
    paths.emotionAnalysis,
    {
      ...perCall,
      schema: {
        tags,
        summary: "Share of each speaker's words that signal each emotion",
        security,
        querystring: evaluationIdQuery,
        response: responses(emotionAnalysis, ...errors),
      },
    },
    async (request) => {
      const id = request.query.call_evaluation_id
      return ok(
        { call_evaluation_id: id, ...emotionProfile(await analysed(request.user, id)) },
        'Emotion analysis retrieved successfully',
      )
    },
  )

  app.put(
    paths.profanityIdentification,
    {
      ...perCall,
      schema: {
        tags,
        summary: 'Profanity in the transcript, censored, with who said it and when (stores nothing)',
        security,
        body: profanityBody,
        response: responses(profanityResult, ...errors),
      },
    },
    async (request) => {
      const id = request.body.call_evaluation_id
      const { segments } = await transcriptOf(db, request.user, id)
      const hits = findProfanity(segments)
      return ok({ call_evaluation_id: id, count: hits.length, hits }, 'Profanity identification completed')
    },
  )
}
