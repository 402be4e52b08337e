import { Alert, Badge, Button, Card, Grid, Group, List, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { CriterionReview } from '~/components/agent-scoring/criterion-review'
import {
  bucketLabel,
  channelLabel,
  CLAIM_INTENT,
  DECIDE_INTENT,
  ITEM_NOT_FOUND,
  RESCORE_INTENT,
  SCORING_PATH,
} from '~/components/agent-scoring/format'
import { MessageThread } from '~/components/agent-scoring/message-thread'
import { AudioSeekProvider, CallAudio } from '~/components/call-evaluation/call-audio'
import { CallTranscript } from '~/components/call-evaluation/call-transcript'
import { evaluationDetailPath, formatDateTime, formatScore } from '~/components/call-evaluation/evaluation-format'
import { ErrorScreen } from '~/components/error-screen'
import { NoScriptRefresh, usePollWhile } from '~/components/layout/job-progress'
import { PageHeader } from '~/components/layout/page-header'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import { pageTitle } from '~/theme'
import { loadScoringItem, scoringItemAction, type ItemActionData } from './item.server'

export const loader = (args: LoaderFunctionArgs) => loadScoringItem(args)
export const action = (args: ActionFunctionArgs) => scoringItemAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `${data.item.title} · AI agent scoring` : 'AI agent scoring') },
]

const eventLabel: Record<string, string> = {
  created: 'Created',
  scored: 'Scored by the AI',
  not_scorable: 'Not scorable',
  failed: 'Scoring failed',
  rescore: 'Sent back for scoring',
  claimed: 'Claimed',
  released: 'Released',
  accepted: 'Accepted',
  rejected: 'Rejected',
}

const notScorableLabel: Record<string, string> = {
  voicemail: 'a voicemail',
  too_few_words: 'too few words from one side',
  other_language: 'not in English',
  no_agent_turns: 'the agent never wrote or spoke',
}

export default function ScoringItemPage() {
  const { item, audio } = useLoaderData<typeof loader>()
  const actionData = useActionData<ItemActionData>()
  const navigation = useNavigation()
  const layout = useRouteLoaderData<typeof loadPortalLayout>('routes/demo-portal/layout')
  const me = layout?.user
  const canDecide = me?.role === 'admin' || me?.role === 'qa_supervisor'
  const decidable = canDecide && item.bucket !== 'pending'
  const claimable =
    canDecide && (item.bucket === 'pending' || item.bucket === 'ai_reviewed') && item.claimed_by?.id !== me?.id
  // a failed or not-scorable item, one never queued, or an AI-reviewed one after a template fix
  const rescorable =
    canDecide &&
    ((item.bucket === 'pending' && (item.needs_attention || item.job_status === 'pending')) ||
      item.bucket === 'ai_reviewed')
  const busy = navigation.state !== 'idle'
  const call = item.channel === 'call'
  const quoted = new Set(item.criteria.flatMap((c) => c.evidence.map((e) => e.turn)))
  const errors = actionData?.errors
  // queued or being transcribed and scored: the page follows it (every 2 s, a meta refresh without JavaScript)
  const inProgress =
    item.bucket === 'pending' &&
    !item.needs_attention &&
    (item.job_status === 'in_queue' || item.job_status === 'started')
  usePollWhile(inProgress)
  const criteria = item.criteria.map((c) => (
    <CriterionReview key={c.question_id} criterion={c} call={call} editable={decidable} errors={errors?.fields} />
  ))

  return (
    <AudioSeekProvider>
      {inProgress ? <NoScriptRefresh /> : null}
      <Stack gap="lg">
        <PageHeader
          back={{ to: `${SCORING_PATH}/${item.bucket}`, label: bucketLabel[item.bucket] }}
          title={item.title}
          wrapTitle
          description={
            <Text c="dimmed" size="sm">
              {channelLabel[item.channel]} · {item.agent.name} · {item.campaign.name} · {item.template.name} (v
              {item.template.version}) · {formatDateTime(item.created_at)}
            </Text>
          }
          actions={
            <Group gap="xs">
              <Badge size="lg" variant="light">
                {bucketLabel[item.bucket]}
              </Badge>
              <Badge size="lg" variant="outline" color="indigo">
                AI {formatScore(item.ai_score)}
              </Badge>
              {item.ai_auto_fail ? (
                <Badge size="lg" color="red">
                  Auto-fail
                </Badge>
              ) : null}
            </Group>
          }
        />

        {item.needs_attention ? (
          <Alert color="orange" title="Needs attention">
            {item.not_scorable_reason
              ? `Not scorable: ${notScorableLabel[item.not_scorable_reason] ?? item.not_scorable_reason}.`
              : `Scoring failed: ${item.failure_reason ?? 'no reason given'}.`}
          </Alert>
        ) : item.bucket === 'pending' ? (
          <Alert color="blue" title="Waiting to be scored">
            {call && item.recording && item.recording.status !== 'completed'
              ? 'The call is being transcribed; it is scored as soon as the transcript is there.'
              : item.job_status === 'pending'
                ? 'Not scored yet.'
                : 'In the scoring queue.'}
          </Alert>
        ) : null}

        {item.claimed_by ? (
          <Text size="sm">
            Claimed by <strong>{item.claimed_by.id === me?.id ? 'you' : item.claimed_by.name}</strong>.
          </Text>
        ) : null}
        {claimable || rescorable ? (
          <Group gap="sm">
            {claimable ? (
              <Form method="post">
                <input type="hidden" name="intent" value={CLAIM_INTENT} />
                <Button type="submit" variant="default" loading={busy}>
                  Claim this item
                </Button>
              </Form>
            ) : null}
            {rescorable ? (
              <Form method="post">
                <input type="hidden" name="intent" value={RESCORE_INTENT} />
                <Button type="submit" variant="default" loading={busy}>
                  {item.job_status === 'pending' && item.bucket === 'pending' ? 'Score now' : 'Score again'}
                </Button>
              </Form>
            ) : null}
          </Group>
        ) : null}

        {errors?.form?.length ? (
          <Alert color="red" title="Not saved" role="alert">
            {errors.form.join(' ')}
          </Alert>
        ) : null}

        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Card padding="md" component="section" aria-labelledby="conversation-heading">
              <Title order={2} size="h4" id="conversation-heading" mb="sm">
                {call ? 'Recording and transcript' : `${channelLabel[item.channel]} thread`}
              </Title>
              {call ? (
                <Stack gap="sm">
                  <CallAudio src={audio?.src ?? null} mimeType={audio?.mimeType} />
                  <CallTranscript
                    segments={item.conversation.map((t) => ({
                      speaker: t.speaker,
                      text: t.text,
                      start: t.start_s ?? 0,
                      end: t.start_s ?? 0,
                    }))}
                  />
                </Stack>
              ) : (
                <MessageThread turns={item.conversation} highlighted={quoted} />
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="sm" component="section" aria-labelledby="criteria-heading">
              <Title order={2} size="h4" id="criteria-heading">
                Criteria
              </Title>
              {item.criteria.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No results yet.
                </Text>
              ) : decidable ? (
                <Form method="post">
                  <input type="hidden" name="intent" value={DECIDE_INTENT} />
                  <input type="hidden" name="version" value={item.version} />
                  <Stack gap="sm">
                    <Text size="sm" c="dimmed">
                      Leave a criterion at “Agree” when the AI is right; give the right answer and a reason where it is
                      not. {item.bucket === 'ai_reviewed' ? '' : 'This item is decided: a new decision replaces it.'}
                    </Text>
                    {criteria}
                    <Group gap="sm">
                      <Button type="submit" name="decision" value="accept" color="teal" loading={busy}>
                        Accept
                      </Button>
                      <Button type="submit" name="decision" value="reject" color="red" variant="light" loading={busy}>
                        Reject
                      </Button>
                    </Group>
                  </Stack>
                </Form>
              ) : (
                criteria
              )}
            </Stack>
          </Grid.Col>
        </Grid>

        <Card padding="md" component="section" aria-labelledby="audit-heading">
          <Title order={2} size="h4" id="audit-heading" mb="sm">
            Audit trail
          </Title>
          <List spacing={4} size="sm">
            {item.audit.map((e, i) => (
              <List.Item key={i}>
                {formatDateTime(e.at)} · <strong>{eventLabel[e.event] ?? e.event}</strong>
                {e.from && e.from !== e.to ? ` (${bucketLabel[e.from]} → ${bucketLabel[e.to]})` : ''}
                {e.by ? ` by ${e.by.name}` : ''}
              </List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed" mt="sm">
            Engine {item.engine ?? '—'}
            {item.model ? ` (${item.model})` : ''} · template {item.template.name} v{item.template.version}
            {item.scored_at ? ` · scored ${formatDateTime(item.scored_at)}` : ''}
          </Text>
          {item.evaluation_id !== null ? (
            <Button component={Link} to={evaluationDetailPath(item.evaluation_id)} variant="subtle" size="xs" mt="xs">
              Open its call evaluation
            </Button>
          ) : null}
        </Card>
      </Stack>
    </AudioSeekProvider>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Stack gap="md" align="flex-start" py="xl">
        <Title order={1}>{ITEM_NOT_FOUND}</Title>
        <Text c="dimmed" maw={560}>
          There is no scored interaction here: the link may not be right.
        </Text>
        <Button component={Link} to={SCORING_PATH} variant="default">
          AI agent scoring
        </Button>
      </Stack>
    )
  }
  return <ErrorScreen error={error} />
}
