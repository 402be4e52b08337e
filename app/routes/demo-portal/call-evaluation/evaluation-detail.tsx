import { Anchor, Badge, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { channelLabel } from '~/components/agent-scoring/format'
import {
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useRouteError,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { useEffect } from 'react'
import { MessageThread } from '~/components/agent-scoring/message-thread'
import { AudioSeekProvider, CallAudio } from '~/components/call-evaluation/call-audio'
import { CallFacts } from '~/components/call-evaluation/call-facts'
import { CallReviewPanel } from '~/components/call-evaluation/call-review-panel'
import { CallTranscript } from '~/components/call-evaluation/call-transcript'
import { EmotionPanel } from '~/components/call-evaluation/emotion-panel'
import { EvaluationError } from '~/components/call-evaluation/evaluation-error'
import {
  evaluationListPath,
  formatDateTime,
  formatScore,
  statusColor,
  statusLabel,
} from '~/components/call-evaluation/evaluation-format'
import { ProfanityPanel } from '~/components/call-evaluation/profanity-panel'
import type { ProfanityOutcome } from '~/components/call-evaluation/profanity-panel.schema'
import { ScoringStatus, scoringInProgress } from '~/components/call-evaluation/scoring-status'
import { SentimentPanel } from '~/components/call-evaluation/sentiment-panel'
import { StatusPanel } from '~/components/call-evaluation/status-panel'
import { WordCloud } from '~/components/call-evaluation/word-cloud'
import { pageTitle } from '~/theme'
import { evaluationDetailAction, loadEvaluationDetail } from './evaluation-detail.server'
import { PageHeader } from '~/components/layout/page-header'
import { useListHref } from '~/lib/list-links'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Evaluation #${data.id}: ${data.detail.agent.name}` : 'Evaluation') },
  // without JavaScript, a call being scored reloads itself until the score is in
  ...(data && scoringInProgress(data.detail.scoring_status) ? [{ httpEquiv: 'refresh', content: '3' }] : []),
]

export const loader = (args: LoaderFunctionArgs) => loadEvaluationDetail(args)
export const action = (args: ActionFunctionArgs) => evaluationDetailAction(args)

// A heartbeat or a profanity scan changes nothing the page shows: no need to reload its ten calls.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get('intent')
  if (intent === 'heartbeat' || intent === 'scan-profanity') return false
  return defaultShouldRevalidate
}

const HEARTBEAT_MS = 60_000

/** With JavaScript, an open review session is kept alive while the reviewer is on the page. */
function useReviewHeartbeat(sessionId: number | null) {
  const fetcher = useFetcher({ key: 'review-heartbeat' })
  const { submit } = fetcher
  useEffect(() => {
    if (!sessionId) return
    const timer = setInterval(
      () => submit({ intent: 'heartbeat', session_id: String(sessionId) }, { method: 'post' }),
      HEARTBEAT_MS,
    )
    return () => clearInterval(timer)
  }, [sessionId, submit])
}

export default function EvaluationDetailPage() {
  const { id, mode, sessionId, open, detail, audio, review, access, actionStatus, sentiment, timing, cloud, emotion } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const hrefWith = useListHref()
  useReviewHeartbeat(sessionId)

  const saveErrors =
    actionData && actionData.intent === 'save-review' && 'result' in actionData ? actionData.result : null
  const statusErrors =
    actionData && actionData.intent === 'change-status' && 'result' in actionData ? actionData.result : null
  const profanity = actionData && actionData.intent === 'scan-profanity' ? (actionData as ProfanityOutcome) : null
  const toggleHref = (categoryId: number) => {
    const next = open.includes(categoryId) ? open.filter((n) => n !== categoryId) : [...open, categoryId]
    return `${hrefWith({ open: next.length ? next.join(',') : null })}#category-${categoryId}-questions`
  }

  return (
    <AudioSeekProvider>
      <Stack gap="lg">
        <PageHeader
          back={{ to: evaluationListPath, label: 'All evaluations' }}
          title={
            <>
              Evaluation #{id}: {detail.agent.name}
            </>
          }
          description={
            <Text c="dimmed" size="sm">
              {detail.customer_name ? `${detail.customer_name} · ` : ''}
              {detail.campaign.name} · {formatDateTime(detail.call_time)}
            </Text>
          }
          actions={
            <Group gap="xs">
              <Badge color={statusColor[detail.status]} variant="light" size="lg">
                {statusLabel[detail.status]}
              </Badge>
              <Badge color="indigo" variant="outline" size="lg">
                AI {formatScore(detail.ai_score)}
              </Badge>
              <Badge color="teal" variant="outline" size="lg">
                Auditor {formatScore(detail.auditor_score)}
              </Badge>
              {detail.auto_fail ? (
                <Badge color="red" size="lg">
                  Auto-fail
                </Badge>
              ) : null}
            </Group>
          }
        />
        {/* below the wide layout the review comes after the call facts and the transcript: a way to it */}
        <Group component="nav" aria-label="On this page" gap="md" hiddenFrom="lg">
          <Anchor href="#call-review-heading" size="sm" fw={600}>
            Call review
          </Anchor>
          <Anchor href={detail.recording ? '#recording-heading' : '#thread-heading'} size="sm">
            {detail.recording ? 'Transcript' : 'Thread'}
          </Anchor>
          <Anchor href="#status-heading" size="sm">
            Status
          </Anchor>
        </Group>
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              <ScoringStatus
                status={detail.scoring_status}
                error={detail.scoring_error}
                canRescore={Boolean(access?.can_change_status)}
              />
              <CallFacts detail={detail} />
              {detail.recording ? (
                <Card padding="md" component="section" aria-labelledby="recording-heading">
                  <Title order={2} size="h4" id="recording-heading" mb="sm">
                    Recording and transcript
                  </Title>
                  <Stack gap="sm">
                    <CallAudio src={audio?.src ?? null} mimeType={audio?.mimeType} />
                    <CallTranscript segments={detail.recording.segments} />
                  </Stack>
                </Card>
              ) : (
                <Card padding="md" component="section" aria-labelledby="thread-heading">
                  <Title order={2} size="h4" id="thread-heading" mb="sm">
                    {channelLabel[detail.channel]} thread
                  </Title>
                  <MessageThread turns={detail.thread ?? []} />
                </Card>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <CallReviewPanel
              key={`${mode}-${review?.reviewed_at ?? ''}-${review?.auditor_score ?? ''}`}
              review={review}
              mode={mode}
              canReview={Boolean(access?.can_review)}
              loading={navigation.state !== 'idle'}
              lockedBy={access?.locked_by ?? null}
              reason={access?.reason}
              sessionId={sessionId}
              open={open}
              modeHref={(next) => hrefWith({ mode: next, session: null })}
              toggleHref={toggleHref}
              formErrors={saveErrors?.error?.['']?.filter((e): e is string => typeof e === 'string') ?? undefined}
            />
          </Grid.Col>
        </Grid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <StatusPanel
            action={actionStatus}
            canChange={Boolean(access?.can_change_status)}
            errors={statusErrors?.error}
          />
          <ProfanityPanel fallback={profanity} />
          <SentimentPanel sentiment={sentiment} timing={timing} />
          <EmotionPanel emotion={emotion} />
        </SimpleGrid>
        <WordCloud cloud={cloud} />
      </Stack>
    </AudioSeekProvider>
  )
}

export function ErrorBoundary() {
  return <EvaluationError error={useRouteError()} />
}
