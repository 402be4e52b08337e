import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { IconScale, IconSparkles } from '~/components/icons'
import type { ScoringKpi } from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import { KpiCards, type Kpi } from '~/components/call-evaluation/dashboard/kpi-cards'
import { ErrorScreen } from '~/components/error-screen'
import { DataTable } from '~/components/layout/data-table'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import { createUpstream, settlePart } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import {
  BUCKETS,
  bucketLabel,
  bucketPath,
  CALIBRATION_PATH,
  calibrationPath,
  formatAge,
  formatKappa,
  formatMonth,
  formatPct,
  reasonLabel,
  SCORING_DEMO_PATH,
} from '~/components/agent-scoring/format'
import { ItemTable } from '~/components/agent-scoring/queue-table'

export const meta: MetaFunction = () => [{ title: pageTitle('AI agent scoring') }]

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const kpi = await settlePart(api.request(endpoints.scoringKpi))
  return data({ kpi }, { headers: api.headers })
}

/** Each bucket's count, linking to its list; pending says what waits and for how long. */
function bucketKpis(kpi: ScoringKpi): Kpi[] {
  return BUCKETS.map((bucket) => {
    const count = kpi.buckets.find((b) => b.bucket === bucket)?.count ?? 0
    const { needs_attention: attention, in_progress: progress, oldest_age_s: oldest } = kpi.pending
    const note =
      bucket === 'pending'
        ? [
            `${attention} need${attention === 1 ? 's' : ''} attention`,
            `${progress} in progress`,
            ...(oldest === null ? [] : [`oldest waiting ${formatAge(oldest)}`]),
          ].join(' · ')
        : undefined
    return { label: bucketLabel[bucket], value: count, note, link: { to: bucketPath(bucket), text: 'View' } }
  })
}

function Agreement({ agreement }: { agreement: ScoringKpi['agreement'] }) {
  if (agreement.decisions === 0) {
    return (
      <Text c="dimmed">
        No supervisor has accepted or rejected a scoring this month yet, so there is no agreement to measure.
      </Text>
    )
  }
  const kpis: Kpi[] = [
    {
      label: 'Agreement',
      value: formatPct(agreement.agreement_pct),
      note: `${agreement.agreed} of ${agreement.criteria} criteria left as the AI answered`,
    },
    { label: "Cohen's κ", value: formatKappa(agreement.kappa), note: '1 is full agreement, 0 what chance gives' },
    { label: 'Decisions', value: agreement.decisions },
  ]
  return <KpiCards label="Agreement this month" kpis={kpis} />
}

export default function ScoringOverviewPage() {
  const { kpi } = useLoaderData<typeof loader>()
  const layout = useRouteLoaderData<typeof loadPortalLayout>('routes/demo-portal/layout')
  // calibration is for the people who judge the AI, not for the agents it scores
  const calibrates = layout?.user.role !== 'agent'
  const figures = kpi.value

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>AI agent scoring</Title>
          <Text c="dimmed" maw={720}>
            Calls, chats and e-mails scored against your call-evaluation templates, each answer with its evidence and a
            confidence; QA supervisors accept or reject the drafts, and every correction measures how far the AI can be
            trusted.
          </Text>
        </div>
        <Group gap="sm">
          {calibrates ? (
            <Button component={Link} to={CALIBRATION_PATH} variant="default" leftSection={<IconScale size={16} />}>
              Calibration
            </Button>
          ) : null}
          <Button component={Link} to={SCORING_DEMO_PATH} leftSection={<IconSparkles size={16} />}>
            Score a conversation
          </Button>
        </Group>
      </Group>
      {figures ? null : (
        <Alert color="yellow" title="The figures are unavailable" role="alert">
          {kpi.error}
        </Alert>
      )}
      <section aria-labelledby="queue-title">
        <Title order={2} size="h4" id="queue-title" mb="sm">
          The queue
        </Title>
        {figures ? <KpiCards label="Interactions by bucket" kpis={bucketKpis(figures)} /> : null}
      </section>
      {figures ? (
        <section aria-labelledby="agreement-title">
          <Title order={2} size="h4" id="agreement-title" mb="sm">
            AI–supervisor agreement, {formatMonth(figures.agreement.month)}
          </Title>
          <Agreement agreement={figures.agreement} />
        </section>
      ) : null}
      <Card padding="md" component="section" aria-labelledby="rejected-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="rejected-title">
            Criteria rejected most
          </Title>
          {calibrates ? (
            <Anchor component={Link} to={CALIBRATION_PATH} size="sm">
              All criteria in calibration
            </Anchor>
          ) : null}
        </Group>
        <DataTable
          label="Criteria rejected most"
          rows={figures?.most_rejected ?? null}
          rowKey={(c) => `${c.template.internal_id} ${c.category} ${c.question}`}
          failure={{ title: 'The figures are unavailable', message: kpi.error }}
          empty="No supervisor has corrected a criterion yet."
          emptyPadding="md"
          minWidth={640}
          columns={[
            {
              header: 'Criterion',
              cell: (c) => (
                <>
                  <Text size="sm">{c.question}</Text>
                  <Text size="xs" c="dimmed">
                    {c.category}
                  </Text>
                </>
              ),
            },
            {
              header: 'Template',
              cell: (c) =>
                calibrates ? (
                  <Anchor component={Link} to={calibrationPath(c.template.internal_id)} size="sm">
                    {c.template.name}
                  </Anchor>
                ) : (
                  c.template.name
                ),
            },
            { header: 'Corrections', cell: (c) => c.corrections, td: { ta: 'right' } },
            { header: 'Main reason', cell: (c) => (c.top_reason ? reasonLabel[c.top_reason] : '—') },
          ]}
        />
      </Card>
      <Card padding="md" component="section" aria-labelledby="recent-title">
        <Title order={2} size="h4" id="recent-title" mb="sm">
          Recent interactions
        </Title>
        <ItemTable
          rows={figures?.recent ?? null}
          bucket={null}
          label="Recent interactions"
          failure={{ title: 'The figures are unavailable', message: kpi.error }}
          empty={
            <>
              Nothing scored yet.{' '}
              <Anchor component={Link} to={SCORING_DEMO_PATH}>
                Score a chat, an e-mail or a call
              </Anchor>{' '}
              to see the AI's answers with their evidence.
            </>
          }
          emptyPadding="lg"
        />
      </Card>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
