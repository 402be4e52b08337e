import type { LoaderFunctionArgs } from '@remix-run/node'
import { endpoints, pathOf } from '#contract/endpoints'
import { streamCsv } from '~/services/csv-export.server'
import { createUpstream, errorResponse } from '~/services/upstream.server'
import { requireTokens } from '~/sessions.server'

/** An appointment's iCalendar file (to send to the patient), fetched from the API with the user's bearer. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireTokens(request)
  const id = Number(params.id)
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw errorResponse(404, 'No such appointment')
  const api = await createUpstream(request)
  return streamCsv({
    request,
    context,
    api,
    path: pathOf(endpoints.reshubAppointmentIcs, { id }),
    search: new URLSearchParams(),
    filename: `appointment-${id}.ics`,
    accept: 'text/calendar',
  })
}
