import {
  Alert,
  Button,
  Card,
  Group,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useRouteError } from '@remix-run/react'
import type { ScoringCalibration, ScoringCalibrationCriterion } from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import { KpiCards } from '~/components/call-evaluation/dashboard/kpi-cards'
import { answerLabel } from '~/components/call-evaluation/evaluation-format'
import { ErrorScreen } from '~/components/error-screen'
import { PageHeader } from '~/components/layout/page-header'
import { loadTemplateOptions } from '~/services/call-evaluation-lookups.server'
import { createUpstream, upstreamFailure } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { CALIBRATION_PATH, formatKappa, formatPct, reasonLabel, SCORING_PATH } from '~/components/agent-scoring/format'
import { TableScroll } from '~/components/layout/table-scroll'

export const meta: MetaFunction = () => [{ title: pageTitle('Calibration · AI agent scoring') }]

const FORBIDDEN =
  "Calibration compares the AI's answers with the QA supervisors' decisions on everyone's interactions: QA supervisors, auditors, admins and visitors may see it, agents may not."
const NO_TEMPLATES = 'There are no templates yet: add one in call evaluation to score against it.'

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const templates = await loadTemplateOptions(api)
  const asked = new URL(request.url).searchParams.get('template_internal_id') || null
  // the first active template unless one is asked for
  const chosen = asked ?? (templates.find((t) => t.active) ?? templates[0])?.id ?? null
  const part = { templates, chosen, headers: api.headers }
  if (!chosen) return page(part, { calibration: null, error: NO_TEMPLATES, status: 404 })
  try {
    const calibration = await api.request(endpoints.scoringCalibration, { query: { template_internal_id: chosen } })
    return page(part, { calibration, error: null, status: 200 })
  } catch (thrown) {
    const failure = await upstreamFailure(thrown, { forbidden: FORBIDDEN })
    const message = failure.fieldErrors.template_internal_id?.[0] ?? failure.message
    return page(part, { calibration: null, error: message, status: failure.status })
  }
}

function page(
  {
    templates,
    chosen,
    headers,
  }: { templates: { id: string; name: string }[]; chosen: string | null; headers: Headers },
  { calibration, error, status }: { calibration: ScoringCalibration | null; error: string | null; status: number },
) {
  const options = templates.map((t) => ({ value: t.id, label: t.name }))
  return data({ options, chosen, calibration, error, forbidden: status === 403 }, { status, headers })
}

/** A criterion's figures, the answers in `labels` order, and the id its headings and captions derive from. */
type CriterionProps = { criterion: ScoringCalibrationCriterion; labels: string[]; id: string }

/** AI rows against supervisor columns, in the contract's label order: a table a screen reader can walk. */
function ConfusionMatrix({ criterion, labels, id }: CriterionProps) {
  const label = (l: string) => answerLabel[l as keyof typeof answerLabel] ?? l
  return (
    <Table withTableBorder withColumnBorders captionSide="top" aria-labelledby={`${id}-caption`} maw={360}>
      <Table.Caption id={`${id}-caption`} style={{ textAlign: 'left' }}>
        The AI's answer (rows) against the supervisor's (columns)
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">AI ↓ Supervisor →</Table.Th>
          {labels.map((l) => (
            <Table.Th key={l} scope="col" ta="right">
              <VisuallyHidden>Supervisor: </VisuallyHidden>
              {label(l)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {labels.map((row, r) => (
          <Table.Tr key={row}>
            <Table.Th scope="row">
              <VisuallyHidden>AI: </VisuallyHidden>
              {label(row)}
            </Table.Th>
            {labels.map((column, c) => {
              const n = criterion.confusion[r]?.[c] ?? 0
              return (
                <Table.Td key={column} ta="right" fw={r === c ? 700 : 400} bg={r !== c && n > 0 ? 'red.0' : undefined}>
                  {n}
                </Table.Td>
              )
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function CriterionCard({ criterion, labels, id }: CriterionProps) {
  const reasons = Object.entries(criterion.reasons).filter(([, n]) => n > 0) as [keyof typeof reasonLabel, number][]
  return (
    <Card component="article" padding="md" aria-labelledby={`${id}-title`} withBorder>
      <Title order={3} size="h5" id={`${id}-title`}>
        {criterion.question}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {criterion.category}
      </Text>
      {criterion.decisions === 0 ? (
        <Text size="sm" c="dimmed">
          Not decided yet: no supervisor has accepted or rejected an interaction scored on it.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Agreement <strong>{formatPct(criterion.agreement_pct)}</strong> · κ{' '}
            <strong>{formatKappa(criterion.kappa)}</strong> · {criterion.decisions} decided{' '}
            {criterion.decisions === 1 ? 'answer' : 'answers'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TableScroll minWidth={280}>
              <ConfusionMatrix criterion={criterion} labels={labels} id={id} />
            </TableScroll>
            <div>
              <Text size="sm" fw={600} id={`${id}-reasons`}>
                Reasons for corrections
              </Text>
              {reasons.length ? (
                <List size="sm" aria-labelledby={`${id}-reasons`}>
                  {reasons.map(([reason, n]) => (
                    <List.Item key={reason}>
                      {reasonLabel[reason]}: {n}
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm" c="dimmed">
                  None: the supervisors left it as the AI answered.
                </Text>
              )}
            </div>
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  )
}

export default function CalibrationPage() {
  const { options, chosen, calibration, error, forbidden } = useLoaderData<typeof loader>()
  const overall = calibration?.overall
  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: SCORING_PATH, label: 'AI agent scoring' }}
        title="Calibration"
        description={
          <Text c="dimmed" maw={760}>
            How often the QA supervisors leave the AI's answers as they are, criterion by criterion, over every decided
            interaction of a template. The lowest agreement comes first: those criteria are the rubric fixes to make.
          </Text>
        }
      />
      {forbidden ? null : (
        <Card padding="md">
          <Form method="get" action={CALIBRATION_PATH} aria-label="Choose a template">
            <Group align="flex-end" gap="sm">
              <NativeSelect
                name="template_internal_id"
                label="Template"
                defaultValue={chosen ?? ''}
                data={options}
                style={{ flex: '0 1 360px' }}
              />
              <Button type="submit" variant="light">
                Show
              </Button>
            </Group>
          </Form>
        </Card>
      )}
      {error ? (
        <Alert color={forbidden ? 'yellow' : 'red'} title="Calibration is unavailable" role="alert">
          {error}
        </Alert>
      ) : null}
      {calibration && overall ? (
        <>
          <section aria-labelledby="overall-title">
            <Title order={2} size="h4" id="overall-title" mb="sm">
              {calibration.template.name}: all criteria
            </Title>
            {overall.decisions === 0 ? (
              <Text c="dimmed">
                No supervisor has decided an interaction scored on this template yet, so there is nothing to compare.
              </Text>
            ) : (
              <KpiCards
                label="Overall agreement"
                kpis={[
                  { label: 'Decisions', value: overall.decisions, note: `${overall.criteria} criteria answered` },
                  { label: 'Agreement', value: formatPct(overall.agreement_pct) },
                  { label: "Cohen's κ", value: formatKappa(overall.kappa) },
                ]}
              />
            )}
          </section>
          <section aria-labelledby="fixes-title">
            <Title order={2} size="h4" id="fixes-title">
              Rubric fixes to make
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Each criterion of the template, the lowest agreement first; those never decided last.
            </Text>
            <Stack gap="md">
              {calibration.criteria.map((c, i) => (
                <CriterionCard
                  key={`${c.category} ${c.question}`}
                  criterion={c}
                  labels={calibration.labels}
                  id={`criterion-${i + 1}`}
                />
              ))}
            </Stack>
          </section>
        </>
      ) : null}
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
