import { z } from 'zod'
import { appointmentStatus, appointmentStatusLabel } from '#contract/reshub'
import { endpoints } from '#contract/endpoints'
import { readForm } from '~/lib/forms.server'
import { createUpstream, upstreamFailure } from '~/services/upstream.server'
import { redirectWithToast, safeRedirect } from '~/sessions.server'

/*
 * The actions the reservation hub's pages share: move an appointment on (arrived, in room,
 * completed, no-show, cancelled with a reason) and close a call task. Plain POSTs that redirect
 * back with a toast, so they work without JavaScript; a refusal of the status machine (409) or of a
 * role (403) is an error toast carrying the API's reason.
 */

export const RESHUB_FORBIDDEN = 'Only agents, QA supervisors and admins book, move and cancel appointments.'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const statusForm = z.object({
  intent: z.literal('status'),
  appointment_id: id,
  status: appointmentStatus,
  reason: z.string().optional(),
})
const taskForm = z.object({
  intent: z.literal('task'),
  task_id: id,
  status: z.enum(['done', 'cancelled']),
  outcome: z.string().optional(),
})
const reshubForm = z.discriminatedUnion('intent', [statusForm, taskForm])

/** The toast's sentence once an appointment moved. */
const moved: Partial<Record<string, (name: string) => string>> = {
  arrived: (name) => `${name} is in the waiting room.`,
  'checked-in': (name) => `${name} is in the room.`,
  fulfilled: (name) => `${name}'s visit is completed.`,
  noshow: (name) => `${name} did not come: marked as a no-show.`,
  cancelled: (name) => `${name}'s appointment is cancelled.`,
  booked: (name) => `${name}'s appointment is confirmed.`,
  'entered-in-error': (name) => `${name}'s appointment is marked entered in error.`,
}

/** `form`: the form already read (a page whose own action handed the move over). */
export async function reshubAction(request: Request, fallback: string, read?: FormData) {
  const form = read ?? (await readForm(request))
  const back = safeRedirect(form.get('redirectTo'), fallback)
  const parsed = reshubForm.safeParse(Object.fromEntries(form))
  if (!parsed.success) return redirectWithToast(back, { type: 'error', message: 'Choose an appointment or a task' })
  const api = await createUpstream(request)
  const input = parsed.data
  try {
    if (input.intent === 'status') {
      const a = await api.request(endpoints.reshubStatus, {
        params: { id: input.appointment_id },
        body: { status: input.status, reason: input.reason },
      })
      const message = moved[a.status]?.(a.patient.name) ?? `${a.patient.name}: ${appointmentStatusLabel[a.status]}.`
      return await redirectWithToast(
        back,
        { title: appointmentStatusLabel[a.status], message },
        { headers: api.headers },
      )
    }
    await api.request(endpoints.reshubCloseTask, {
      body: { task_id: input.task_id, status: input.status, outcome: input.outcome },
    })
    return await redirectWithToast(
      back,
      { title: input.status === 'done' ? 'Call done' : 'Call task cancelled', message: 'The task is off the list.' },
      { headers: api.headers },
    )
  } catch (thrown) {
    const failure = await upstreamFailure(thrown, { forbidden: RESHUB_FORBIDDEN })
    const message = failure.fieldErrors.reason?.[0] ?? failure.message
    return redirectWithToast(
      back,
      { type: 'error', title: input.intent === 'status' ? 'Not changed' : 'Not closed', message },
      { headers: api.headers },
    )
  }
}
