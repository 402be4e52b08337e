import { Button, Card, Stack, Text } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { IconUpload } from '~/components/icons'
import { useState } from 'react'
import type { User } from '#contract/accounts'
import { endpoints } from '#contract/endpoints'
import { recordingListQuery, type RecordingListQuery, type RecordingSummary } from '#contract/speech'
import { ErrorScreen } from '~/components/error-screen'
import {
  DELETE_ERROR,
  DELETED,
  RECORDING_LIST_ERROR,
  SPEECH_DEMO_PATH,
  SPEECH_HISTORY_PATH,
  SPEECH_PATH,
} from '~/components/speech/format'
import { HistoryFilters, type HistoryFilterErrors } from '~/components/speech/history-filters'
import { RecordingDeleteForm, RecordingDeletePanel } from '~/components/speech/recording-delete'
import { DELETE_INTENT } from '~/components/speech/recording-delete.schema'
import { RecordingPager, RecordingTable } from '~/components/speech/recording-table'
import { backToList, deleteAction } from '~/lib/delete-action.server'
import { readForm } from '~/lib/forms.server'
import { orNull, recordingIdOf, upstreamFailure } from '~/services/speech.server'
import { createUpstream, errorResponse } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { lookupNames } from './names.server'
import { ConfirmModal } from '~/components/layout/confirm-action'
import { FiltersNotApplied } from '~/components/layout/list-filters'
import { PageHeader } from '~/components/layout/page-header'
import { useListHref } from '~/lib/list-links'

export const meta: MetaFunction = () => [{ title: pageTitle('Speech recognition history') }]

const CONFIRM = 'confirm-delete'
const KEPT = ['q', 'status', 'page'] as const

/** `:type` is a sub-view; speech recognition has one, the user's past history. */
function requireHistory(params: LoaderFunctionArgs['params']) {
  if (params.type !== 'past_history') throw errorResponse(404, 'Page not found')
}

/** The query as the contract reads it; invalid fields are reported and left out. */
function parseQuery(raw: Record<string, string>): { query: RecordingListQuery; errors: HistoryFilterErrors } {
  const first = recordingListQuery.safeParse(raw)
  if (first.success) return { query: first.data, errors: {} }
  const errors: Record<string, string[] | undefined> = first.error.flatten().fieldErrors
  const rest = Object.fromEntries(Object.entries(raw).filter(([key]) => !(key in errors)))
  const second = recordingListQuery.safeParse(rest)
  return { query: second.success ? second.data : recordingListQuery.parse({}), errors }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireHistory(params)
  const api = await createUpstream(request)
  const search = new URL(request.url).searchParams
  const raw = Object.fromEntries(KEPT.flatMap((key) => (search.has(key) ? [[key, search.get(key) ?? '']] : [])))
  const { query, errors } = parseQuery(raw)
  const confirmId = recordingIdOf(search.get(CONFIRM))
  const [list, names, confirming] = await Promise.all([
    api.request(endpoints.listRecordings, { query }).then(
      (page) => ({ page, error: null }),
      async (thrown: unknown) => ({ page: null, error: (await upstreamFailure(thrown)).message }),
    ),
    lookupNames(api),
    confirmId === null ? null : orNull(api.request(endpoints.recordingStatus, { query: { recording_id: confirmId } })),
  ])
  const confirm = confirming
    ? { recording_id: confirming.recording_id, file_name: confirming.file_name, created_at: confirming.created_at }
    : null
  const values = { q: raw.q ?? '', status: raw.status ?? '' }
  return data({ query, values, errors, ...list, names, confirm }, { headers: api.headers })
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireHistory(params)
  const form = await readForm(request)
  const id = recordingIdOf(form.get('recording_id'))
  return deleteAction({
    request,
    target: form.get('intent') === DELETE_INTENT ? id : null,
    remove: (api, recording_id) => api.request(endpoints.deleteRecording, { query: { recording_id } }),
    back: backToList(form.get('redirectTo'), SPEECH_HISTORY_PATH, CONFIRM),
    messages: { done: DELETED, choose: 'Choose a recording to delete', errorTitle: DELETE_ERROR },
  })
}

export default function SpeechHistoryPage() {
  const { query, values, errors, page, error, names, confirm } = useLoaderData<typeof loader>()
  const layout = useRouteLoaderData<{ user: User }>('routes/demo-portal/layout')
  const { search } = useLocation()
  const [asking, setAsking] = useState<RecordingSummary | null>(null)
  const href = useListHref()
  const redirectTo = href({ [CONFIRM]: null })
  const me = layout?.user
  const canDelete = (r: RecordingSummary) => Boolean(me && (me.role === 'admin' || r.uploaded_by?.id === me.id))
  const filtered = Boolean(values.q || values.status)

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: SPEECH_PATH, label: 'Speech recognition' }}
        title="Past history"
        description={<Text c="dimmed">Your recordings, newest first: open one for its transcript, or delete it.</Text>}
        actions={
          <Button component={Link} to={SPEECH_DEMO_PATH} leftSection={<IconUpload size={16} />}>
            Upload a recording
          </Button>
        }
      />
      {confirm ? <RecordingDeletePanel recording={confirm} redirectTo={redirectTo} cancelHref={redirectTo} /> : null}
      <Card padding="md">
        <Stack gap="md">
          <HistoryFilters key={search} values={values} errors={errors} />
          <FiltersNotApplied errors={errors} />
          <RecordingTable
            recordings={page?.results ?? null}
            failure={{ title: RECORDING_LIST_ERROR, message: error }}
            empty="No recordings yet."
            noMatch="No recordings match these filters."
            filtered={filtered}
            languages={names.languages}
            domains={names.domains}
            label="Recordings"
            actions={{
              canDelete,
              confirmHref: (id) => href({ [CONFIRM]: String(id) }),
              onDelete: setAsking,
            }}
            footer={
              page ? (
                <RecordingPager
                  page={query.page}
                  totalPages={page.total_pages}
                  count={page.count}
                  hrefFor={(n) => href({ page: String(n), [CONFIRM]: null })}
                />
              ) : null
            }
          />
        </Stack>
      </Card>
      <ConfirmModal title="Delete recording" target={asking} onClose={() => setAsking(null)}>
        {(asking, controls) => <RecordingDeleteForm recording={asking} redirectTo={redirectTo} {...controls} />}
      </ConfirmModal>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
