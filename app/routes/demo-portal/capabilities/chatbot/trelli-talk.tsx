import { getFormProps, useForm } from '@conform-to/react'
import { Alert, Badge, Button, Card, Grid, Group, Input, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigation, useRouteError } from '@remix-run/react'
import { IconUpload } from '~/components/icons'
import { useEffect, useRef } from 'react'
import { CampaignSelect, ChatActions, Unreachable } from '~/components/chatbot/chat-page'
import { ChatThread } from '~/components/chatbot/chat-thread'
import { chatAudioSrc, CHATBOT_PATH, TRELLI_TALK_PATH, chatHref } from '~/components/chatbot/format'
import { TalkRecorder, useBrowserVoice } from '~/components/chatbot/talk-recorder'
import { TALK_MAX_MB } from '~/components/chatbot/talk-file'
import { ErrorScreen } from '~/components/error-screen'
import { PageHeader } from '~/components/layout/page-header'
import { pageTitle } from '~/theme'
import { loadChat } from './chat.server'
import { talkAction } from './talk.server'
import { useBrowserChecks } from '~/lib/browser-checks'

export const meta: MetaFunction = () => [{ title: pageTitle('trelliTalk') }]

export const loader = (args: LoaderFunctionArgs) => loadChat(args, 'trelli_talk')
export const action = (args: ActionFunctionArgs) => talkAction(args)

const FORM_ID = 'talk-form'

const loadChecks = () => import('~/components/chatbot/talk.schema')

export default function TrelliTalkPage() {
  const { campaigns, campaignsFailed, campaign, conversation } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const navigation = useNavigation()
  const location = useLocation()
  const sending = navigation.state === 'submitting'
  const messages = conversation?.messages ?? []
  const latest = [...messages].reverse().find((m) => m.role === 'bot')
  const voice = useBrowserVoice()
  const checks = useBrowserChecks(loadChecks, (schemas, formData) => schemas.parseTalkForm(formData), {
    shouldValidate: 'onSubmit',
  })
  const [form, fields] = useForm({
    id: `${FORM_ID}-${messages.length}`,
    lastResult: reply?.result,
    ...checks.options,
  })
  const [title, ...details] = form.errors ?? []

  // the answer just given is heard at once: the server's recording, or the browser's voice when chosen
  const played = useRef<number | null>(null)
  const player = useRef<HTMLAudioElement | null>(null)
  useEffect(() => {
    if (!latest || location.hash !== '#latest' || played.current === latest.message_id) return
    played.current = latest.message_id
    if (!voice.speak(latest.text)) void player.current?.play().catch(() => {})
  }, [latest, location.hash, voice])

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: CHATBOT_PATH, label: 'Chatbot' }}
        title="trelliTalk"
        description="Ask out loud and hear the answer: speech recognition, the knowledge base and a spoken reply, with the time each stage took."
        actions={
          campaign ? (
            <ChatActions
              newHref={chatHref(TRELLI_TALK_PATH, campaign.id)}
              conversationId={conversation?.conversation_id ?? null}
            />
          ) : null
        }
      />
      <Unreachable show={campaignsFailed} />
      <CampaignSelect
        action={TRELLI_TALK_PATH}
        label="Whose help line are you calling?"
        campaigns={campaigns}
        current={campaign}
      />
      {campaign ? (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder padding="md">
              <Stack gap="md">
                {messages.length ? <ChatThread messages={messages} feedback /> : null}
                <span id="latest" />
                <Form
                  method="post"
                  encType="multipart/form-data"
                  {...getFormProps(form)}
                  {...checks.formProps}
                  id={FORM_ID}
                  aria-label="Ask by voice"
                >
                  <input type="hidden" name="campaign_id" value={campaign.id} />
                  {conversation ? (
                    <input type="hidden" name="conversation_id" value={conversation.conversation_id} />
                  ) : null}
                  <Stack gap="sm">
                    {title ? (
                      <Alert color="red" title={title} role="alert" id={form.errorId}>
                        {details.join(' ') || null}
                      </Alert>
                    ) : null}
                    <TalkRecorder formId={FORM_ID} />
                    <Input.Wrapper
                      label="Upload a recording"
                      description={`WAV, MP3, M4A, OGG, FLAC or WebM, up to ${TALK_MAX_MB} MB (about two minutes).`}
                      error={fields.file.errors?.[0]}
                      id={fields.file.id}
                      labelElement="label"
                    >
                      <input
                        id={fields.file.id}
                        name="file"
                        type="file"
                        accept="audio/*,.wav,.mp3,.m4a,.ogg,.flac,.webm"
                        aria-describedby={fields.file.errors ? fields.file.errorId : undefined}
                        aria-invalid={fields.file.errors ? true : undefined}
                        style={{ display: 'block', marginTop: 8, maxWidth: '100%' }}
                      />
                    </Input.Wrapper>
                    <Group justify="space-between">
                      {voice.control ?? <span />}
                      <Button type="submit" loading={sending} leftSection={<IconUpload size={16} aria-hidden />}>
                        Ask
                      </Button>
                    </Group>
                  </Stack>
                </Form>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder padding="md" component="section" aria-labelledby="latest-answer">
              <Title order={2} size="h5" id="latest-answer" mb="xs">
                Latest answer
              </Title>
              {latest ? (
                <Stack gap="xs">
                  {chatAudioSrc(latest.audio_url) ? (
                    <audio
                      ref={player}
                      controls
                      src={chatAudioSrc(latest.audio_url)!}
                      aria-label="The answer, spoken"
                    />
                  ) : (
                    <Text size="xs" c="dimmed">
                      No spoken reply: speech synthesis is not installed on the server.
                    </Text>
                  )}
                  <Group gap={4} aria-label="Milliseconds per stage">
                    {Object.entries(latest.timings_ms ?? {}).map(([stage, ms]) => (
                      <Badge key={stage} variant="light" color={stage === 'total' ? 'blue' : 'gray'} tt="none">
                        {stage}: {Math.round(ms)} ms
                      </Badge>
                    ))}
                  </Group>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  Record or upload a question. The answer is read out, with the time recognition, retrieval, the answer
                  and speech took.
                </Text>
              )}
            </Card>
          </Grid.Col>
        </Grid>
      ) : null}
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
