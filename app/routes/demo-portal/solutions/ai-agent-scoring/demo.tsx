import { Alert, Button, Card, Grid, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react'
import {
  PASTE_INTENT,
  PASTE_MAX,
  SCORING_PATH,
  scoringFileAccept,
  UPLOAD_INTENT,
} from '~/components/agent-scoring/format'
import { ErrorScreen } from '~/components/error-screen'
import { PageHeader } from '~/components/layout/page-header'
import { pageTitle } from '~/theme'
import { loadScoringDemo, scoringDemoAction, type DemoActionData } from './demo.server'

export const loader = (args: LoaderFunctionArgs) => loadScoringDemo(args)
export const action = (args: ActionFunctionArgs) => scoringDemoAction(args)

export const meta: MetaFunction = () => [{ title: pageTitle('Score a conversation · AI agent scoring') }]

type Options = ReturnType<typeof useLoaderData<typeof loader>>
type Errors = Record<string, string[] | null | undefined>

/** Who the conversation is about and what it is scored against: the same three pickers in both forms. */
function WhoFields({ options, errors, values }: { options: Options; errors: Errors; values: Record<string, unknown> }) {
  const value = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '')
  return (
    <>
      <NativeSelect
        label="Agent"
        name="agent_id"
        required
        defaultValue={value('agent_id')}
        data={[
          { value: '', label: 'Choose the agent' },
          ...options.agents.map((a) => ({ value: String(a.id), label: a.name })),
        ]}
        error={errors.agent_id?.[0]}
      />
      <NativeSelect
        label="Campaign"
        name="campaign_id"
        required
        defaultValue={value('campaign_id')}
        data={[
          { value: '', label: 'Choose the campaign' },
          ...options.campaigns.map((c) => ({ value: String(c.id), label: c.name })),
        ]}
        error={errors.campaign_id?.[0]}
      />
      <NativeSelect
        label="Template"
        name="template_internal_id"
        description="Left at the campaign's default, its own template scores it."
        defaultValue={value('template_internal_id')}
        data={[
          { value: '', label: "The campaign's default" },
          ...options.templates.map((t) => ({ value: t.id, label: t.name })),
        ]}
        error={errors.template_internal_id?.[0]}
      />
    </>
  )
}

function FormErrors({ errors }: { errors: Errors }) {
  const messages = errors['']?.filter(Boolean)
  if (!messages?.length) return null
  return (
    <Alert color="red" title="Not sent" role="alert">
      {messages.join(' ')}
    </Alert>
  )
}

export default function ScoringDemoPage() {
  const options = useLoaderData<typeof loader>()
  const actionData = useActionData<DemoActionData>()
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting'
  const errorsOf = (intent: string): Errors => (actionData?.intent === intent ? (actionData.result.error ?? {}) : {})
  const valuesOf = (intent: string) =>
    actionData?.intent === intent ? ((actionData.result.initialValue ?? {}) as Record<string, unknown>) : {}
  const paste = errorsOf(PASTE_INTENT)
  const upload = errorsOf(UPLOAD_INTENT)
  return (
    <Stack gap="lg">
      <PageHeader back={{ to: SCORING_PATH, label: 'AI agent scoring' }} title="Score a conversation" />
      <Text c="dimmed" maw={760}>
        Paste a chat or an e-mail thread, or upload one (.txt, .json turns, .eml) or a call&apos;s recording. It is
        scored against the template criterion by criterion, each answer with its evidence, and lands in the pending
        queue for a QA supervisor to accept or reject.
      </Text>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card padding="lg" component="section" aria-labelledby="paste-heading">
            <Title order={2} size="h4" id="paste-heading" mb="sm">
              Paste a chat or an e-mail
            </Title>
            <Form method="post">
              <input type="hidden" name="intent" value={PASTE_INTENT} />
              <Stack gap="sm">
                <FormErrors errors={paste} />
                <NativeSelect
                  label="It is a"
                  name="channel"
                  defaultValue={(valuesOf(PASTE_INTENT).channel as string) ?? 'chat'}
                  data={[
                    { value: 'chat', label: 'Chat' },
                    { value: 'email', label: 'E-mail thread' },
                  ]}
                  error={paste.channel?.[0]}
                />
                <Textarea
                  label="Conversation"
                  name="text"
                  required
                  autosize
                  minRows={8}
                  maxRows={20}
                  maxLength={PASTE_MAX}
                  description="A chat: one line per message, “Agent: …” or “Customer: …”. An e-mail: the newest message on top, the thread quoted below."
                  defaultValue={(valuesOf(PASTE_INTENT).text as string) ?? ''}
                  error={paste.text?.[0]}
                />
                <WhoFields options={options} errors={paste} values={valuesOf(PASTE_INTENT)} />
                <Button type="submit" loading={sending} style={{ alignSelf: 'flex-start' }}>
                  Score it
                </Button>
              </Stack>
            </Form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card padding="lg" component="section" aria-labelledby="upload-heading">
            <Title order={2} size="h4" id="upload-heading" mb="sm">
              Upload a file
            </Title>
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value={UPLOAD_INTENT} />
              <Stack gap="sm">
                <FormErrors errors={upload} />
                <div>
                  <label htmlFor="scoring-file">
                    <Text size="sm" fw={500} component="span">
                      Conversation or recording
                    </Text>
                  </label>
                  <input
                    id="scoring-file"
                    type="file"
                    name="file"
                    required
                    accept={scoringFileAccept}
                    aria-describedby={upload.file?.[0] ? 'scoring-file-error' : undefined}
                    style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
                  />
                  {upload.file?.[0] ? (
                    <Text size="xs" c="red" id="scoring-file-error" mt={4}>
                      {upload.file[0]}
                    </Text>
                  ) : null}
                </div>
                <NativeSelect
                  label="A .txt file is a"
                  name="channel"
                  defaultValue=""
                  data={[
                    { value: '', label: 'Chat' },
                    { value: 'email', label: 'E-mail thread' },
                  ]}
                  description="Audio is a call, .eml an e-mail, .json a chat."
                  error={upload.channel?.[0]}
                />
                <WhoFields options={options} errors={upload} values={valuesOf(UPLOAD_INTENT)} />
                <Button type="submit" loading={sending} style={{ alignSelf: 'flex-start' }}>
                  Upload and score
                </Button>
              </Stack>
            </Form>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
