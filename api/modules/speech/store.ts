import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { jobStatusLabel, type JobStatus } from '#contract/envelope'
import type { RecordingDetail, RecordingListQuery, RecordingSummary, SpeechSegment, StatusKpi } from '#contract/speech'
import type { Db } from '../../db/client'
import { lookups, recordings, users } from '../../db/schema'
import { recordingRule, type Actor } from '../../auth/access'
import { fullName } from '../../db/sql'
import { HttpError, notFound } from '../../lib/http-error'
import { likePattern } from '../../lib/like'
import { offsetOf, pageOf } from '../../lib/paging'

export const NOT_FOUND = 'Recording not found'
const PREVIEW_CHARS = 160

type RecordingRow = typeof recordings.$inferSelect

const uploads = eq(recordings.source, 'upload')
const uploader = sql<
  string | null
>`(select ${fullName(users)} from ${users} where ${users.id} = ${recordings.uploadedBy})`

const summaryColumns = {
  id: recordings.id,
  fileName: recordings.fileName,
  language: recordings.language,
  domain: recordings.domain,
  status: recordings.status,
  failureReason: recordings.failureReason,
  durationS: recordings.durationS,
  sizeBytes: recordings.sizeBytes,
  createdAt: recordings.createdAt,
  completedAt: recordings.completedAt,
  uploadedBy: recordings.uploadedBy,
  uploaderName: uploader,
  preview: sql<string>`left(coalesce((select string_agg(s->>'text', ' ') from jsonb_array_elements(${recordings.segments}) s), ''), ${PREVIEW_CHARS})`,
}
type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & {
  id: number
  fileName: string | null
  language: string
  domain: string | null
  status: JobStatus
  failureReason: string | null
  durationS: number
  sizeBytes: number | null
  createdAt: Date
  completedAt: Date | null
  uploadedBy: number | null
  uploaderName: string | null
  preview: string
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

function toSummary(r: SummaryRow): RecordingSummary {
  return {
    recording_id: r.id,
    file_name: r.fileName ?? `recording-${r.id}`,
    language: r.language,
    domain: r.domain,
    status: r.status,
    failure_reason: r.failureReason,
    duration_s: r.durationS,
    size_bytes: r.sizeBytes ?? 0,
    created_at: r.createdAt.toISOString(),
    completed_at: iso(r.completedAt),
    preview: r.preview,
    uploaded_by: r.uploadedBy === null ? null : { id: r.uploadedBy, name: r.uploaderName ?? '' },
  }
}

/** The signed-in user's uploads, newest first, searched by file name or words of the transcript. */
export async function listRecordings(db: Db, user: Actor, query: RecordingListQuery) {
  const conditions: SQL[] = [uploads, eq(recordings.uploadedBy, user.id)]
  if (query.status) conditions.push(eq(recordings.status, query.status))
  if (query.q) {
    const like = likePattern(query.q)
    conditions.push(
      or(
        ilike(recordings.fileName, like),
        sql`${recordings.segments}::text ilike ${like}`,
        ilike(recordings.summary, like),
      )!,
    )
  }
  const where = and(...conditions)
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(recordings)
      .where(where)
      .orderBy(desc(recordings.createdAt), desc(recordings.id))
      .limit(query.page_size)
      .offset(offsetOf(query.page, query.page_size)),
    db.select({ n: count() }).from(recordings).where(where),
  ])
  return pageOf((rows as SummaryRow[]).map(toSummary), n, query.page, query.page_size)
}

/** Whether a code of a lookup kind exists (an upload's language and domain must be one). */
export async function lookupExists(db: Db, kind: 'language' | 'domain', code: string) {
  const [row] = await db
    .select({ id: lookups.id })
    .from(lookups)
    .where(and(eq(lookups.kind, kind), eq(lookups.code, code)))
  return Boolean(row)
}

/** Records the user's upload (its audio already in the blob store), pending its transcription. */
export async function createUpload(
  db: Db,
  user: Actor,
  input: {
    blobKey?: string
    mimeType: string
    sizeBytes: number
    fileName: string
    language: string
    domain: string | null
  },
) {
  const [row] = await db
    .insert(recordings)
    .values({
      source: 'upload',
      blobKey: input.blobKey,
      mimeType: input.mimeType,
      sizeBytes: input.sizeBytes,
      fileName: input.fileName,
      language: input.language,
      domain: input.domain,
      status: 'pending',
      uploadedBy: user.id,
    })
    .returning({ id: recordings.id })
  return row
}

/** A recording's status as it stands (after queueing: in queue, or further if a worker was quick). */
export async function recordingStatus(db: Db, recordingId: number) {
  const [{ status }] = await db
    .select({ status: recordings.status })
    .from(recordings)
    .where(eq(recordings.id, recordingId))
  return status
}

/** Saves an edited transcript; the engine's own lines stay as the original (kept from the first edit on). */
export async function saveEditedTranscript(
  db: Db,
  row: Pick<RecordingRow, 'id' | 'segments' | 'originalSegments'>,
  segments: RecordingRow['segments'],
) {
  await db
    .update(recordings)
    .set({
      segments,
      originalSegments: row.originalSegments ?? row.segments,
      transcriptEditedAt: new Date(),
    })
    .where(eq(recordings.id, row.id))
}

/** Saves an edited summary; the engine's own stays as the original (kept from the first edit on). */
export async function saveEditedSummary(
  db: Db,
  row: Pick<RecordingRow, 'id' | 'summary' | 'originalSummary'>,
  summary: string,
) {
  await db
    .update(recordings)
    .set({ summary, originalSummary: row.originalSummary ?? row.summary, summaryEditedAt: new Date() })
    .where(eq(recordings.id, row.id))
}

/** Deletes a recording's row (its audio and job are the caller's to remove). */
export async function deleteRecording(db: Db, recordingId: number) {
  await db.delete(recordings).where(eq(recordings.id, recordingId))
}

/** An upload the user may read by the recording rule; 404 otherwise, never 403 (ids are guessable). */
export async function loadUpload(db: Db, user: Actor, recordingId: number) {
  const [row] = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.id, recordingId), uploads, recordingRule.readable(user)))
  if (!row) throw notFound(NOT_FOUND)
  return row
}

/** An upload the user may change (its owner or an admin). */
export async function loadChangeable(db: Db, user: Actor, recordingId: number) {
  const row = await loadUpload(db, user, recordingId)
  if (!recordingRule.canChange(user, row))
    throw new HttpError(403, 'Only the person who uploaded it or an admin can change it')
  return row
}

const speakerLabel = { agent: 'Agent', customer: 'Customer' } as const
/** The transcript as text: one "Agent: …" line per segment. */
export const transcriptText = (segments: SpeechSegment[]) =>
  segments.map((s) => `${speakerLabel[s.speaker]}: ${s.text}`).join('\n')

export async function recordingDetail(
  db: Db,
  user: Actor,
  recordingId: number,
  audioUrl: (id: number) => string | null,
): Promise<RecordingDetail> {
  const row = await loadUpload(db, user, recordingId)
  const [summary] = (await db.select(summaryColumns).from(recordings).where(eq(recordings.id, row.id))) as SummaryRow[]
  const completed = row.status === 'completed'
  return {
    ...toSummary(summary),
    extracted_text: completed ? transcriptText(row.segments) : '',
    segments: row.segments,
    original_segments: row.originalSegments ?? null,
    // overseers read the engine's own words; where nothing was redacted they are the transcript's
    unredacted_segments:
      recordingRule.seesUnredacted(user) && completed
        ? (row.unredactedSegments ?? row.originalSegments ?? row.segments)
        : null,
    redaction_count: row.redactionCount,
    summary: row.summary,
    original_summary: row.originalSummary,
    engine: row.engine,
    summary_engine: row.summaryEngine,
    channels: row.channels,
    transcript_edited_at: iso(row.transcriptEditedAt),
    summary_edited_at: iso(row.summaryEditedAt),
    audio_url: row.blobKey ? audioUrl(row.id) : null,
  }
}

/** Counts per status, every status listed in order, with its share of the total. */
export function statusKpiOf(rows: { status: JobStatus; n: number }[]): StatusKpi {
  const total = rows.reduce((sum, r) => sum + r.n, 0)
  const statuses = Object.keys(jobStatusLabel) as JobStatus[]
  return {
    total,
    results: statuses.map((status) => {
      const n = rows.find((r) => r.status === status)?.n ?? 0
      return {
        status,
        label: jobStatusLabel[status],
        count: n,
        percentage: total ? Math.round((1000 * n) / total) / 10 : 0,
      }
    }),
  }
}

export async function recordingKpi(db: Db, user: Actor) {
  const rows = await db
    .select({ status: recordings.status, n: count() })
    .from(recordings)
    .where(and(uploads, eq(recordings.uploadedBy, user.id)))
    .groupBy(recordings.status)
  return statusKpiOf(rows)
}

// ---- the transcription job (./job.ts)

/** Marks a pending or failed recording "in queue" under its job; one already taken is left as it is. */
export async function markRecordingQueued(db: Db, recordingId: number, jobId: string | null) {
  await db
    .update(recordings)
    .set({ status: 'in_queue', failureReason: null, jobId })
    .where(and(eq(recordings.id, recordingId), inArray(recordings.status, ['pending', 'failed'])))
}

/** Any recording by id, for its job (undefined once deleted). */
export async function recordingById(db: Db, recordingId: number) {
  const [row] = await db.select().from(recordings).where(eq(recordings.id, recordingId))
  return row
}

/** Marks a recording as being transcribed, clearing an earlier failure's reason. */
export async function markRecordingStarted(db: Db, recordingId: number) {
  await db.update(recordings).set({ status: 'started', failureReason: null }).where(eq(recordings.id, recordingId))
}

/** What a transcription run produced, as stored. */
export type Transcription = Pick<
  RecordingRow,
  | 'durationS'
  | 'channels'
  | 'engine'
  | 'segments'
  | 'unredactedSegments'
  | 'redactionCount'
  | 'summary'
  | 'summaryEngine'
  | 'customerSentiment'
  | 'agentSentiment'
>

/**
 * Stores a finished transcription, completing the recording; earlier edits and their originals are
 * cleared. Only a recording still 'started' is written (one deleted or failed meanwhile is left alone).
 */
export async function completeTranscription(db: Db, recordingId: number, t: Transcription) {
  await db
    .update(recordings)
    .set({
      status: 'completed',
      completedAt: new Date(),
      durationS: t.durationS,
      channels: t.channels,
      engine: t.engine,
      segments: t.segments,
      unredactedSegments: t.unredactedSegments,
      redactionCount: t.redactionCount,
      originalSegments: null,
      summary: t.summary,
      summaryEngine: t.summaryEngine,
      originalSummary: null,
      transcriptEditedAt: null,
      summaryEditedAt: null,
      customerSentiment: t.customerSentiment,
      agentSentiment: t.agentSentiment,
    })
    .where(and(eq(recordings.id, recordingId), eq(recordings.status, 'started')))
}

/** Marks a recording failed with the reason the user reads (cut to 2000 characters). */
export async function failRecording(db: Db, recordingId: number, reason: string) {
  await db
    .update(recordings)
    .set({ status: 'failed', failureReason: reason.slice(0, 2000) })
    .where(eq(recordings.id, recordingId))
}
