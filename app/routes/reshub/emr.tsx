import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation, useRouteError } from '@remix-run/react'
import { EmrPage } from '~/components/emr/emr-page'
import { ErrorScreen } from '~/components/error-screen'
import { loadEmr } from '~/services/emr.server'
import { pageTitle } from '~/theme'

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: pageTitle(d?.record ? `${d.record.name} · Patient records` : 'Patient records') },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const { query, search, record, summary, headers } = await loadEmr(request)
  return data({ q: query.q ?? '', search, record, summary }, { headers })
}

/**
 * /reshub/emr and /demo-portal/emr (one module, two routes): the record in the reservation hub,
 * with a way to book for the patient, or in the demo portal's frame.
 */
export default function EmrRoute() {
  const { q, search, record, summary } = useLoaderData<typeof loader>()
  const inHub = useLocation().pathname.startsWith('/reshub')
  return (
    <EmrPage
      action={inHub ? '/reshub/emr' : '/demo-portal/emr'}
      q={q}
      search={search}
      record={record}
      summary={summary}
      bookHref={inHub ? (id) => `/reshub/calendar?patient_id=${id}` : undefined}
    />
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
