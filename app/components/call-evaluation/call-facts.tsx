import { channelLabel } from '~/components/agent-scoring/format'
import { Badge, Card, SimpleGrid, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import type { EvaluationDetail } from '#contract/evaluations'
import { formatDateTime, formatDuration, formatScore, statusColor, statusLabel } from './evaluation-format'

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  )
}

const engineLabel = { local: 'Local rules engine', llm: 'LLM judge' } as const

export function CallFacts({ detail }: { detail: EvaluationDetail }) {
  return (
    <Card padding="md" component="section" aria-labelledby="call-facts-heading">
      <Title order={2} size="h4" id="call-facts-heading" mb="sm">
        Call facts
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
        <Fact term="Agent">{detail.agent.name}</Fact>
        <Fact term="QA supervisor">{detail.supervisor?.name ?? '—'}</Fact>
        <Fact term="Campaign">{detail.campaign.name}</Fact>
        <Fact term="Service">{detail.service?.name ?? '—'}</Fact>
        <Fact term="Template">
          {detail.template.name} (v{detail.template.version})
        </Fact>
        <Fact term="Channel">{channelLabel[detail.channel]}</Fact>
        <Fact term={detail.channel === 'call' ? 'Call time' : 'Received'}>{formatDateTime(detail.call_time)}</Fact>
        <Fact term="Duration">{formatDuration(detail.duration_s)}</Fact>
        <Fact term="Customer">{detail.customer_name || '—'}</Fact>
        <Fact term="Purpose">{detail.purpose || '—'}</Fact>
        <Fact term="Status">
          <Badge color={statusColor[detail.status]} variant="light">
            {statusLabel[detail.status]}
          </Badge>
        </Fact>
        <Fact term="AI score">{formatScore(detail.ai_score)}</Fact>
        <Fact term="Auditor score">{formatScore(detail.auditor_score)}</Fact>
        <Fact term="Auto-fail">
          {detail.auto_fail ? (
            <Badge color="red" variant="light">
              Auto-fail
            </Badge>
          ) : (
            'No'
          )}
        </Fact>
        <Fact term="Engine">{detail.engine ? engineLabel[detail.engine] : '—'}</Fact>
      </SimpleGrid>
    </Card>
  )
}
