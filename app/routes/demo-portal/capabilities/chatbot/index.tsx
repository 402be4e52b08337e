import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react'
import {
  IconBook,
  IconHeadset,
  IconHistory,
  IconMessageChatbot,
  IconMicrophone,
  IconSparkles,
} from '~/components/icons'
import { endpoints } from '#contract/endpoints'
import {
  CHAT_WITH_US_PATH,
  channelLabel,
  conversationPath,
  HANDOFFS_PATH,
  historyPath,
  KNOWLEDGE_BASE_PATH,
  TRELLI_CHAT_PATH,
  TRELLI_TALK_PATH,
} from '~/components/chatbot/format'
import { ErrorScreen } from '~/components/error-screen'
import { settle, throwIfAllFailed } from '~/services/dashboards.server'
import { listConversations } from '~/services/chatbot.server'
import { createUpstream } from '~/services/upstream.server'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import { pageTitle } from '~/theme'
import { TableScroll } from '~/components/layout/table-scroll'

export const meta: MetaFunction = () => [{ title: pageTitle('Chatbot') }]

const RECENT = 5

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const [kpi, recent] = await Promise.all([
    settle(api.request(endpoints.chatbotKpi)),
    settle(listConversations(api, { page: 1, page_size: RECENT })),
  ])
  throwIfAllFailed([kpi, recent])
  return data({ kpi, recent }, { headers: api.headers })
}

const faces = [
  {
    to: CHAT_WITH_US_PATH,
    icon: IconMessageChatbot,
    title: 'Chat with us',
    text: 'The customer’s web chat: answers from the company’s help articles with their sources, and a person when needed.',
  },
  {
    to: TRELLI_CHAT_PATH,
    icon: IconSparkles,
    title: 'trelliChat',
    text: 'The agent’s copilot: three suggested replies for what the customer said, and figures from the portal’s data.',
  },
  {
    to: TRELLI_TALK_PATH,
    icon: IconMicrophone,
    title: 'trelliTalk',
    text: 'The voice bot: speak or upload a question and hear the answer, with the time each stage took.',
  },
]

const pct = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)} %` : '—')

export default function ChatbotOverview() {
  const { kpi, recent } = useLoaderData<typeof loader>()
  const role = useRouteLoaderData<typeof loadPortalLayout>('routes/demo-portal/layout')?.user.role
  const manages = role === 'admin' || role === 'qa_supervisor'
  const figures = kpi.data
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>Chatbot</Title>
          <Text c="dimmed">
            A web chat, an agent copilot and a voice bot that answer from a knowledge base, citing it.
          </Text>
        </div>
        <Group gap="sm">
          <Button
            component={Link}
            to={historyPath()}
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            Past conversations
          </Button>
          {manages ? (
            <>
              <Button
                component={Link}
                to={KNOWLEDGE_BASE_PATH}
                variant="default"
                leftSection={<IconBook size={16} aria-hidden />}
              >
                Knowledge base
              </Button>
              <Button
                component={Link}
                to={HANDOFFS_PATH}
                variant="default"
                leftSection={<IconHeadset size={16} aria-hidden />}
              >
                Handoff queue
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      {figures ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" component="dl" m={0} aria-label="Chatbot figures">
          {[
            ['Conversations', String(figures.conversations)],
            ['Questions', String(figures.questions)],
            ['Answered', pct(figures.answered, figures.answered + figures.dont_know)],
            ["Didn't know", String(figures.dont_know)],
            ['Helpful / not', `${figures.thumbs_up} / ${figures.thumbs_down}`],
            ['Handed to a person', String(figures.handoffs)],
          ].map(([term, value]) => (
            <Card key={term} padding="sm">
              <Text component="dt" size="xs" c="dimmed">
                {term}
              </Text>
              <Text component="dd" size="xl" fw={700} m={0}>
                {value}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Alert color="gray" variant="light" title="Chatbot figures unavailable" role="status">
          {kpi.error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {faces.map((face) => (
          <Card key={face.to} padding="md" component="section" aria-labelledby={`face-${face.title}`}>
            <Stack gap="xs" h="100%" justify="space-between">
              <div>
                <Group gap="xs">
                  <face.icon size={20} aria-hidden />
                  <Title order={2} size="h4" id={`face-${face.title}`}>
                    {face.title}
                  </Title>
                </Group>
                <Text size="sm" c="dimmed" mt={4}>
                  {face.text}
                </Text>
              </div>
              <Button component={Link} to={face.to} variant="light">
                Open {face.title}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Card padding="md" component="section" aria-labelledby="recent-conversations">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="recent-conversations">
            Recent conversations
          </Title>
          {recent.data?.count ? (
            <Anchor component={Link} to={historyPath()} size="sm">
              All {recent.data.count}
            </Anchor>
          ) : null}
        </Group>
        {recent.error !== null ? (
          <Alert color="gray" variant="light" title="Conversations unavailable" role="status">
            {recent.error}
          </Alert>
        ) : recent.data.results.length ? (
          <TableScroll minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Conversation</Table.Th>
                  <Table.Th>Channel</Table.Th>
                  <Table.Th>Campaign</Table.Th>
                  <Table.Th>Messages</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recent.data.results.map((c) => (
                  <Table.Tr key={c.conversation_id}>
                    <Table.Td>
                      <Anchor component={Link} to={conversationPath(c.conversation_id)} size="sm">
                        {c.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none">
                        {channelLabel[c.channel]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{c.campaign_name}</Table.Td>
                    <Table.Td>{c.message_count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        ) : (
          <Text size="sm" c="dimmed">
            No conversations yet.{' '}
            <Anchor component={Link} to={CHAT_WITH_US_PATH}>
              Start one
            </Anchor>
          </Text>
        )}
      </Card>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
