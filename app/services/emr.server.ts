import { z } from 'zod'
import { endpoints } from '#contract/endpoints'
import { createUpstream, errorResponse, settlePart, upstreamFailure } from '~/services/upstream.server'

/** EMR (`/api/emr/…`): patient search, the record, and the draft summary of its notes. */

const params = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  patient: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  engine: z.enum(['extractive', 'llm']).optional().catch(undefined),
  regenerate: z.literal('1').optional().catch(undefined),
})

/**
 * The EMR page's data, for `/reshub/emr` and `/demo-portal/emr` alike: the search's results (`?q=`),
 * or one patient's record (`?patient=`) with, for those who may read notes, their draft summary.
 * The API logs every opening of a record; a record that does not exist (or is hidden) is a 404 page.
 */
export async function loadEmr(request: Request) {
  const api = await createUpstream(request)
  const query = params.parse(Object.fromEntries(new URL(request.url).searchParams))
  const search =
    query.q && !query.patient
      ? await settlePart(api.request(endpoints.emrPatients, { query: { q: query.q, page: query.page, page_size: 20 } }))
      : null
  let record = null
  if (query.patient) {
    try {
      record = await api.request(endpoints.emrPatient, { params: { id: query.patient } })
    } catch (thrown) {
      const failure = await upstreamFailure(thrown)
      throw errorResponse(failure.status === 404 ? 404 : failure.status, failure.message, api.headers)
    }
  }
  const summary =
    record?.can_read_notes && record.notes.length
      ? await settlePart(
          api.request(endpoints.emrPatientSummary, {
            params: { id: record.id },
            query: { engine: query.engine, regenerate: query.regenerate === '1' },
            timeoutMs: 60_000,
          }),
        )
      : null
  return { query, search, record, summary, headers: api.headers }
}
