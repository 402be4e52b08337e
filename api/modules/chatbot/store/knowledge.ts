import { and, asc, count, eq, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Article, ArticleBody } from '#contract/chatbot'
import type { Db } from '../../../db/client'
import { campaigns, kbArticles, kbChunks, users } from '../../../db/schema'
import { chunkArticle, type KnowledgeChunk } from '../../../engines/chat/knowledge'
import { HttpError, notFound } from '../../../lib/http-error'
import { likePattern } from '../../../lib/like'
import { offsetOf, pageOf } from '../../../lib/paging'

export const ARTICLE_NOT_FOUND = 'Article not found'

const articleColumns = {
  article_id: kbArticles.id,
  campaign_id: kbArticles.campaignId,
  campaign_name: campaigns.name,
  title: kbArticles.title,
  keywords: kbArticles.keywords,
  questions: kbArticles.questions,
  body: kbArticles.body,
  chunk_count: sql<number>`(select count(*)::int from ${kbChunks} where ${kbChunks.articleId} = ${kbArticles.id})`,
  indexed: sql<boolean>`coalesce(${kbArticles.indexedAt} >= ${kbArticles.updatedAt}, false)`,
  updated_by: sql<string | null>`nullif(trim(concat(${users.firstName}, ' ', ${users.lastName})), '')`,
  updated_at: kbArticles.updatedAt,
}

const articleQuery = (db: Db) =>
  db
    .select(articleColumns)
    .from(kbArticles)
    .innerJoin(campaigns, eq(campaigns.id, kbArticles.campaignId))
    .leftJoin(users, eq(users.id, kbArticles.updatedBy))

const toArticle = (row: Awaited<ReturnType<ReturnType<typeof articleQuery>['execute']>>[number]): Article => ({
  ...row,
  updated_at: row.updated_at.toISOString(),
})

export async function listArticles(
  db: Db,
  query: { page: number; page_size: number; campaign_id?: number; q?: string },
) {
  const where: SQL[] = []
  if (query.campaign_id) where.push(eq(kbArticles.campaignId, query.campaign_id))
  if (query.q) {
    const like = likePattern(query.q)
    where.push(or(ilike(kbArticles.title, like), ilike(kbArticles.body, like))!)
  }
  const filter = and(...where)
  const [{ n }] = await db.select({ n: count() }).from(kbArticles).where(filter)
  const rows = await articleQuery(db)
    .where(filter)
    .orderBy(asc(campaigns.id), asc(kbArticles.title), asc(kbArticles.id))
    .limit(query.page_size)
    .offset(offsetOf(query.page, query.page_size))
  return pageOf(rows.map(toArticle), n, query.page, query.page_size)
}

export async function loadArticle(db: Db, id: number): Promise<Article> {
  const [row] = await articleQuery(db).where(eq(kbArticles.id, id))
  if (!row) throw notFound(ARTICLE_NOT_FOUND)
  return toArticle(row)
}

async function requireCampaign(db: Db, campaignId: number) {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId))
  if (!row) throw new HttpError(404, 'Campaign not found', { campaign_id: ['Choose a campaign'] })
}

export async function createArticle(db: Db, body: ArticleBody, userId: number | null, slug: string | null = null) {
  await requireCampaign(db, body.campaign_id)
  const [row] = await db
    .insert(kbArticles)
    .values({
      campaignId: body.campaign_id,
      title: body.title,
      keywords: body.keywords,
      questions: body.questions,
      body: body.body,
      slug,
      updatedBy: userId,
    })
    .returning({ id: kbArticles.id })
  return row!.id
}

export async function updateArticle(db: Db, id: number, body: ArticleBody, userId: number) {
  await requireCampaign(db, body.campaign_id)
  const [row] = await db
    .update(kbArticles)
    .set({
      campaignId: body.campaign_id,
      title: body.title,
      keywords: body.keywords,
      questions: body.questions,
      body: body.body,
      updatedBy: userId,
      updatedAt: sql`greatest(now(), ${kbArticles.updatedAt} + interval '1 millisecond')`,
    })
    .where(eq(kbArticles.id, id))
    .returning({ id: kbArticles.id })
  if (!row) throw notFound(ARTICLE_NOT_FOUND)
}

export async function deleteArticle(db: Db, id: number) {
  const [row] = await db.delete(kbArticles).where(eq(kbArticles.id, id)).returning({ id: kbArticles.id })
  if (!row) throw notFound(ARTICLE_NOT_FOUND)
}

/**
 * Cuts every article whose text changed since it was last indexed into chunks (all of them, or
 * the one named). The version indexed is the one read: an edit made meanwhile leaves the article
 * waiting for the next run.
 */
export async function reindexArticles(db: Db, articleId?: number) {
  const stale = await db
    // the time as text: PostgreSQL keeps microseconds, which a JS Date would drop
    .select({ id: kbArticles.id, body: kbArticles.body, updatedAt: sql<string>`${kbArticles.updatedAt}::text` })
    .from(kbArticles)
    .where(
      and(
        articleId ? eq(kbArticles.id, articleId) : undefined,
        or(isNull(kbArticles.indexedAt), lt(kbArticles.indexedAt, kbArticles.updatedAt)),
      ),
    )
  for (const article of stale) {
    await db.transaction(async (tx) => {
      await tx.delete(kbChunks).where(eq(kbChunks.articleId, article.id))
      const chunks = chunkArticle(article.body)
      if (chunks.length)
        await tx.insert(kbChunks).values(chunks.map((text, position) => ({ articleId: article.id, position, text })))
      await tx
        .update(kbArticles)
        .set({ indexedAt: sql`${article.updatedAt}::timestamptz` })
        .where(eq(kbArticles.id, article.id))
    })
  }
  return stale.length
}

/** What the search index is built from: the indexed chunks of every article, with their article's title, keywords and questions. */
export async function indexedChunks(db: Db): Promise<KnowledgeChunk[]> {
  return db
    .select({
      id: kbChunks.id,
      articleId: kbChunks.articleId,
      campaignId: kbArticles.campaignId,
      title: kbArticles.title,
      keywords: kbArticles.keywords,
      questions: kbArticles.questions,
      text: kbChunks.text,
    })
    .from(kbChunks)
    .innerJoin(kbArticles, eq(kbArticles.id, kbChunks.articleId))
    .where(isNotNull(kbArticles.indexedAt))
    .orderBy(asc(kbChunks.id))
}

/** A fingerprint of the indexed knowledge base: it changes when an article is indexed, moved or deleted. */
export async function knowledgeVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({
      n: count(),
      latest: sql<string>`coalesce(max(${kbArticles.indexedAt})::text, '')`,
      campaigns: sql<string>`coalesce(sum(${kbArticles.campaignId} * ${kbArticles.id})::text, '')`,
    })
    .from(kbArticles)
    .where(sql`${kbArticles.indexedAt} is not null`)
  return `${row!.n}:${row!.latest}:${row!.campaigns}`
}
