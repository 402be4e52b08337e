import { Anchor, Button, Card, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { CHAT_MESSAGE_MAX } from '#contract/limits'
import { AskForm } from '~/components/chatbot/ask-form'
import { ChatActions, Unreachable } from '~/components/chatbot/chat-page'
import { ChatThread } from '~/components/chatbot/chat-thread'
import { CHAT_WITH_US_PATH, CHATBOT_PATH, chatHref } from '~/components/chatbot/format'
import { HandoffPanel } from '~/components/chatbot/handoff-panel'
import { ErrorScreen } from '~/components/error-screen'
import { PageHeader } from '~/components/layout/page-header'
import { pageTitle } from '~/theme'
import { chatAction, loadChat } from './chat.server'

export const meta: MetaFunction = () => [{ title: pageTitle('Chat with us') }]

export const loader = (args: LoaderFunctionArgs) => loadChat(args, 'chat_with_us')
export const action = (args: ActionFunctionArgs) => chatAction(args, 'chat_with_us', CHAT_WITH_US_PATH)

type Campaign = { id: number; name: string; client: string }

/** Which contact centre the visitor plays a customer of. */
function CampaignPicker({ campaigns }: { campaigns: Campaign[] }) {
  return (
    <Stack gap="sm">
      <Text>Choose whose customer you are. The bot answers from that company’s help articles.</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {campaigns.map((c) => (
          <Card key={c.id} withBorder padding="md" component="article" aria-labelledby={`campaign-${c.id}`}>
            <Stack gap="xs" h="100%" justify="space-between">
              <div>
                <Title order={2} size="h4" id={`campaign-${c.id}`}>
                  {c.client}
                </Title>
                <Text size="sm" c="dimmed">
                  {c.name}
                </Text>
              </div>
              <Button component={Link} to={chatHref(CHAT_WITH_US_PATH, c.id)} variant="light">
                Chat with {c.client}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

export default function ChatWithUsPage() {
  const { campaigns, campaignsFailed, campaign, conversation } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const messages = conversation?.messages ?? []

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: CHATBOT_PATH, label: 'Chatbot' }}
        title={campaign ? `Chat with ${campaign.client}` : 'Chat with us'}
        description="The customer’s web chat: answers from the company’s help articles, with their sources, and a person when you need one."
        actions={
          campaign ? (
            <ChatActions
              newHref={chatHref(CHAT_WITH_US_PATH, campaign.id)}
              conversationId={conversation?.conversation_id ?? null}
            />
          ) : null
        }
      />
      <Unreachable show={campaignsFailed} />
      {!campaign ? (
        <CampaignPicker campaigns={campaigns} />
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card withBorder padding="md">
              <Stack gap="md">
                {messages.length ? (
                  <ChatThread messages={messages} feedback />
                ) : (
                  <Text c="dimmed" size="sm">
                    Ask {campaign.client} anything: opening hours, fees, what to do next…
                  </Text>
                )}
                <span id="latest" />
                <AskForm
                  campaignId={campaign.id}
                  conversationId={conversation?.conversation_id ?? null}
                  turn={messages.length}
                  reply={reply}
                  label="Your message"
                  placeholder="Type your question"
                  max={CHAT_MESSAGE_MAX}
                  streamChannel="chat_with_us"
                />
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <HandoffPanel
                campaignId={campaign.id}
                conversationId={conversation?.conversation_id ?? null}
                handoff={conversation?.handoff ?? null}
                reply={reply}
              />
              <Text size="xs" c="dimmed">
                Chatting as a customer of {campaign.client} ({campaign.name}).{' '}
                <Anchor component={Link} to={CHAT_WITH_US_PATH} size="xs">
                  Choose another company
                </Anchor>
              </Text>
              {conversation ? (
                <Text size="xs" c="dimmed">
                  This conversation is kept until {new Date(conversation.retained_until).toLocaleDateString('en-GB')}.
                </Text>
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
