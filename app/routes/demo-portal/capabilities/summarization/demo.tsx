import type { SubmissionResult } from '@conform-to/react'
import { Anchor, Stack, Text, Title } from '@mantine/core'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { endpoints } from '#contract/endpoints'
import { ErrorScreen } from '~/components/error-screen'
import { inProgress, SUMMARIZATION_PATH, summaryDetailPath } from '~/components/summarization/format'
import { parseSummarizeForm } from '~/components/summarization/summarize.schema'
import { SummarizeForm, type SummarizeOutcome } from '~/components/summarization/summarize-form'
import { summarize, summaryFailure } from '~/services/summarization.server'
import { createUpstream } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { readSummarizeForm } from './demo.server'
import { conformFieldErrors } from '~/lib/api-field-errors'

export const meta: MetaFunction = () => [{ title: pageTitle('Summarization demo') }]

/** SPEC §8's message when the POST fails. */
const ADD_FAILED = 'Error in add summary'

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const types = await api.request(endpoints.summaryTypes)
  return data({ types }, { headers: api.headers })
}

export type SummarizeActionData = { result: SubmissionResult<string[]>; outcome: SummarizeOutcome | null }

export async function action({ request }: ActionFunctionArgs) {
  const form = await readSummarizeForm(request)
  if (!(form instanceof FormData)) {
    const result: SubmissionResult<string[]> = { status: 'error', error: { [form.field]: [form.message] } }
    return data<SummarizeActionData>({ result, outcome: null }, { status: form.status })
  }
  const submission = parseSummarizeForm(form)
  if (submission.status !== 'success') {
    return data<SummarizeActionData>({ result: submission.reply(), outcome: null }, { status: 400 })
  }
  const api = await createUpstream(request)
  const input = submission.value
  let made
  try {
    // tied to this request: a browser that cancels (or leaves) drops it, and the API cancels the summary
    made = await summarize(api, input)
  } catch (thrown) {
    // nobody is left to read the answer: 499 "client closed request" says so in the logs
    if (request.signal.aborted) return data<SummarizeActionData>({ result: submission.reply(), outcome: null }, 499)
    const failure = await summaryFailure(thrown)
    const { formErrors, fieldErrors } = conformFieldErrors(failure.fieldErrors)
    // a message that is already on a field need not be said twice
    const onField = Object.values(fieldErrors).flat().includes(failure.message)
    const message = onField ? 'Check the highlighted fields.' : failure.message
    const result = submission.reply({ formErrors: [message, ...formErrors], fieldErrors })
    return data<SummarizeActionData>({ result, outcome: null }, { status: failure.status, headers: api.headers })
  }
  // still running after the wait: its page follows it until it is done
  if (inProgress(made.status)) throw redirect(summaryDetailPath(made.summary_id), { headers: api.headers })
  const outcome: SummarizeOutcome = {
    ...made,
    summary_type: input.summary_type,
    source: 'file' in input ? input.file.name : 'Pasted text',
  }
  return data<SummarizeActionData>({ result: submission.reply(), outcome }, { headers: api.headers })
}

export default function SummarizeDemoPage() {
  const { types } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={SUMMARIZATION_PATH} size="sm">
          ← Summarization
        </Anchor>
        <Title order={1} mt={4}>
          Summarise a call or a document
        </Title>
        <Text c="dimmed">
          Paste a call transcript or upload a .txt, .docx or .pdf, choose the kind of summary, and get it in seconds.
        </Text>
      </div>
      <SummarizeForm types={types} actionData={actionData} errorTitle={ADD_FAILED} />
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
