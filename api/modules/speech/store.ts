import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { jobStatusLabel, type JobStatus } from '#contract/envelope'
import type { RecordingDetail, RecordingListQuery, RecordingSummary, SpeechSegment, StatusKpi } from '#contract/speech'
import type { Db } from '../../db/client'
import { recordings, users } from '../../db/schema'
import { recordingRule, type Actor } from '../../auth/access'
import { fullName } from '../../db/sql'
import { HttpError, notFound } from '../../lib/http-error'
import { likePattern } from '../../lib/like'
import { offsetOf, pageOf } from '../../lib/paging'

export const NOT_FOUND = 'Recording not found'
const PREVIEW_CHARS = 160

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
