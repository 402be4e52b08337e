import { Anchor, Badge, Button, Card, CopyButton, Grid, Group, NativeSelect, Stack, Text, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { IconCopy } from '~/components/icons'
import type { ChatMessage } from '#contract/chatbot'
import { COPILOT_MESSAGE_MAX } from '#contract/limits'
import { endpoints } from '#contract/endpoints'
import { AskForm } from '~/components/chatbot/ask-form'
import { CampaignSelect, ChatActions, Unreachable } from '~/components/chatbot/chat-page'
import { ChatThread } from '~/components/chatbot/chat-thread'
import { CHATBOT_PATH, TRELLI_CHAT_PATH, chatHref } from '~/components/chatbot/format'
import { ErrorScreen } from '~/components/error-screen'
import { PageHeader } from '~/components/layout/page-header'
import { createUpstream, orNull } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { chatAction, chatOf } from './chat.server'

export const meta: MetaFunction = () => [{ title: pageTitle('trelliChat') }]

const CALLS = 25

export async function loader(args: LoaderFunctionArgs) {
  const api = await createUpstream(args.request)
  // the chat and the agent's recent calls (their own, for an agent) at once
  const [chat, calls] = await Promise.all([
    chatOf(api, args.request, 'trelli_chat'),
    orNull(api.request(endpoints.listEvaluations, { query: { page: 1, page_size: CALLS } })),
  ])
  return data(
    {
      ...chat,
      calls: (calls?.results ?? []).map((c) => ({
        id: c.id,
        label: `#${c.id} · ${c.customer_name} · ${c.purpose} (${new Date(c.call_time).toLocaleDateString('en-GB')})`,
      })),
    },
    { headers: api.headers },
  )
}

export const action = (args: ActionFunctionArgs) =>
  chatAction(args, 'trelli_chat', TRELLI_CHAT_PATH, COPILOT_MESSAGE_MAX)

/** The bot's suggested replies to the customer, each with a copy button and its sources. */
function Suggestions({ message }: { message: ChatMessage }) {
  if (!message.suggestions.length) return null
  return (
    <Stack gap="xs" aria-label="Suggested replies">
      <Title order={3} size="h6">
        Suggested replies
      </Title>
      {message.suggestions.map((s, i) => (
        <Card key={i} withBorder padding="sm" component="article" aria-label={`Suggestion ${i + 1}`}>
          <Stack gap={6}>
            <Text size="sm">{s.text}</Text>
            <Group justify="space-between" gap="xs">
              <Group gap={4}>
                {s.citations.map((c) => (
                  <Badge key={c.chunk_id} size="xs" variant="light" tt="none">
                    {c.title}
                  </Badge>
                ))}
              </Group>
              <CopyButton value={s.text}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={copy}
                    leftSection={<IconCopy size={12} aria-hidden />}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  )
}

export default function TrelliChatPage() {
  const { campaigns, campaignsFailed, campaign, conversation, calls } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const messages = conversation?.messages ?? []
  const latest = [...messages].reverse().find((m) => m.role === 'bot')

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: CHATBOT_PATH, label: 'Chatbot' }}
        title="trelliChat"
        description="Paste what the customer said (or a transcript), or pick a call: three suggested replies with their sources. Ask about your figures too."
        actions={
          campaign ? (
            <ChatActions
              newHref={chatHref(TRELLI_CHAT_PATH, campaign.id)}
              conversationId={conversation?.conversation_id ?? null}
            />
          ) : null
        }
      />
      <Unreachable show={campaignsFailed} />
      <CampaignSelect
        action={TRELLI_CHAT_PATH}
        label="Campaign you are working on"
        campaigns={campaigns}
        current={campaign}
      />
      {campaign ? (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder padding="md">
              <Stack gap="md">
                {messages.length ? <ChatThread messages={messages} feedback you="Agent" /> : null}
                <span id="latest" />
                <AskForm
                  campaignId={campaign.id}
                  conversationId={conversation?.conversation_id ?? null}
                  turn={messages.length}
                  reply={reply}
                  label="What did the customer say?"
                  placeholder={
                    'Customer: my card was stolen, will a new one cost anything?\n— or ask: how many calls failed identity verification this week?'
                  }
                  max={COPILOT_MESSAGE_MAX}
                  submitLabel="Suggest replies"
                  streamChannel="trelli_chat"
                  minRows={4}
                >
                  {calls.length && !conversation ? (
                    <NativeSelect
                      name="call_evaluation_id"
                      label="Or work from a call"
                      description="The customer’s last words in the call become the question."
                      data={[
                        { value: '', label: 'No call' },
                        ...calls.map((c) => ({ value: String(c.id), label: c.label })),
                      ]}
                    />
                  ) : null}
                </AskForm>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder padding="md" component="section" aria-label="Suggestions for the latest message">
              {latest ? (
                latest.suggestions.length ? (
                  <Suggestions message={latest} />
                ) : latest.data_answer ? (
                  <Stack gap={4}>
                    <Text fw={600}>{latest.data_answer.figure}</Text>
                    <Anchor component={Link} to={latest.data_answer.link} size="sm">
                      Open the dashboard filtered the same way
                    </Anchor>
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    No suggested reply: the knowledge base does not cover this. The answer lists the closest articles.
                  </Text>
                )
              ) : (
                <Text size="sm" c="dimmed">
                  Suggestions appear here, each with the articles it comes from.
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
