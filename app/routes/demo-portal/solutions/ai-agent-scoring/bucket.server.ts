import { data, type ActionFunctionArgs } from '@remix-run/node'
import { endpoints } from '#contract/endpoints'
import { BULK_ACCEPT_INTENT, BULK_ITEM_FIELD, bucketPath } from '~/components/agent-scoring/format'
import { readForm } from '~/lib/forms.server'
import { createUpstream, upstreamFailure } from '~/services/upstream.server'
import { redirectWithToast } from '~/sessions.server'

/** `<id>:<version>`, as a selected row posts it; null for anything else. */
function selected(value: FormDataEntryValue) {
  const match = /^(\d{1,10}):(\d{1,10})$/.exec(String(value))
  if (!match) return null
  const [id, version] = [Number(match[1]), Number(match[2])]
  return id > 0 && id <= 2_147_483_647 && version > 0 ? { id, version } : null
}

/**
 * Accepts the selected AI-reviewed drafts as they stand, each with the version its row showed: one
 * that changed meanwhile (someone decided it, it was scored again) is left alone and counted. Back
 * to the same list, with what happened in the toast.
 */
export async function bulkAccept({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  if (form.get('intent') !== BULK_ACCEPT_INTENT) {
    return data({ error: 'Unknown action' }, { status: 400 })
  }
  const items = form.getAll(BULK_ITEM_FIELD).map(selected)
  if (!items.length || items.some((i) => i === null) || items.length > 100) {
    return data({ error: 'Select the drafts to accept (at most 100)' }, { status: 400 })
  }
  const api = await createUpstream(request)
  let accepted = 0
  const refused: string[] = []
  for (const item of items as { id: number; version: number }[]) {
    try {
      await api.request(endpoints.decideScoringItem, {
        body: { item_id: item.id, decision: 'accept', corrections: [], version: item.version },
      })
      accepted++
    } catch (thrown) {
      const { message } = await upstreamFailure(thrown)
      refused.push(`#${item.id}: ${message}`)
    }
  }
  const back = new URL(request.url)
  return redirectWithToast(
    `${bucketPath('ai_reviewed')}${back.search}`,
    {
      type: refused.length ? 'warning' : 'success',
      title: `Accepted ${accepted} of ${items.length}`,
      message: refused.length ? `Not accepted: ${refused.join('; ')}` : 'Each is now an evaluation in call evaluation.',
    },
    { headers: api.headers },
  )
}
