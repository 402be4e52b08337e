import { Anchor, Badge, Card, Group, NativeSelect, Stack, Text, TextInput, UnstyledButton } from '@mantine/core'
import type { z } from 'zod'
import type { RejectReason, scoringCriterion } from '#contract/agent-scoring'
import { useAudioSeek } from '~/components/call-evaluation/call-audio'
import { formatDuration } from '~/components/call-evaluation/evaluation-format'
import { correctionField, reasonLabel } from './format'
import { messageAnchor } from './message-thread'

export type Criterion = z.infer<typeof scoringCriterion>

const verdictColor = { yes: 'teal', no: 'red', 'n/a': 'gray' } as const
const checkLabel = {
  verified: { label: 'Quote verified', color: 'teal' },
  repaired: { label: 'Quote repaired', color: 'yellow' },
  unverified: { label: 'Quote not found', color: 'red' },
} as const

/**
 * What stands where a criterion has no quote: an answer of no or n/a rests on nothing being said,
 * which is not a quote that failed its check (the API marks both unverified).
 */
const noQuote = (value: Criterion['ai_value']) =>
  value === 'yes' ? 'No quote given for this answer' : 'No quote: nothing to that effect was said'

/** A quote as a link to its message (chats, e-mails) or a button that plays the call from it. */
function Quote({ evidence, call }: { evidence: Criterion['evidence'][number]; call: boolean }) {
  const seek = useAudioSeek()
  const text = `“${evidence.quote}”`
  if (call && evidence.start_s !== null) {
    const at = evidence.start_s
    return (
      <UnstyledButton type="button" onClick={() => seek(at)} aria-label={`Play from ${formatDuration(at)}: ${text}`}>
        <Text component="span" size="sm" c="indigo.7" td="underline">
          {formatDuration(at)}
        </Text>{' '}
        <Text component="span" size="sm" fs="italic">
          {text}
        </Text>
      </UnstyledButton>
    )
  }
  return (
    <Anchor href={`#${messageAnchor(evidence.turn)}`} size="sm">
      Message {evidence.turn + 1}: <em>{text}</em>
    </Anchor>
  )
}

type Props = {
  criterion: Criterion
  call: boolean
  /** Shows the supervisor's fields (inside the decision form). */
  editable: boolean
  errors?: Record<string, string[]>
}

/** One criterion: the AI's verdict, rationale, evidence and confidence; the supervisor's correction when deciding. */
export function CriterionReview({ criterion: c, call, editable, errors = {} }: Props) {
  const valueField = correctionField(c.question_id, 'value')
  const reasonField = correctionField(c.question_id, 'reason')
  const commentField = correctionField(c.question_id, 'comment')
  const headingId = `criterion-${c.question_id}`
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text size="xs" c="dimmed">
              {c.category}
              {c.auto_fail ? ' · auto-fail' : ''}
            </Text>
            <Text fw={600} size="sm" id={headingId}>
              {c.question}
            </Text>
          </div>
          <Badge
            color={verdictColor[c.ai_value]}
            variant="filled"
            miw="max-content"
            aria-label={`AI verdict ${c.ai_value}`}
          >
            AI: {c.ai_value}
          </Badge>
        </Group>
        <Text size="sm">{c.rationale}</Text>
        {c.evidence.map((e, i) => (
          <Quote key={i} evidence={e} call={call} />
        ))}
        {c.evidence.length ? null : (
          <Text size="sm" c="dimmed">
            {noQuote(c.ai_value)}
          </Text>
        )}
        <Group gap="xs">
          {c.evidence.length ? (
            <Badge size="sm" variant="light" color={checkLabel[c.evidence_check].color} tt="none">
              {checkLabel[c.evidence_check].label}
            </Badge>
          ) : null}
          <Badge size="sm" variant="light" color={c.needs_human ? 'orange' : 'gray'} tt="none">
            Confidence {Math.round(c.confidence * 100)}%{c.needs_human ? ' · needs a human' : ''}
          </Badge>
          {c.corrected_value ? (
            <Badge size="sm" variant="light" color="grape" tt="none">
              Supervisor: {c.corrected_value}
              {c.reason_code ? ` (${reasonLabel[c.reason_code]})` : ''}
            </Badge>
          ) : null}
        </Group>
        {c.comment ? (
          <Text size="xs" c="dimmed">
            “{c.comment}”
          </Text>
        ) : null}
        {editable ? (
          <Group gap="xs" align="flex-start" grow>
            <NativeSelect
              label="Right answer"
              name={valueField}
              defaultValue=""
              data={[
                { value: '', label: `Agree (${c.ai_value})` },
                { value: 'yes', label: 'yes' },
                { value: 'no', label: 'no' },
                { value: 'n/a', label: 'n/a' },
              ]}
              error={errors[valueField]?.[0]}
              size="xs"
            />
            <NativeSelect
              label="Reason"
              name={reasonField}
              defaultValue=""
              data={[
                { value: '', label: '—' },
                ...(Object.keys(reasonLabel) as RejectReason[]).map((r) => ({ value: r, label: reasonLabel[r] })),
              ]}
              error={errors[reasonField]?.[0]}
              size="xs"
            />
            <TextInput
              label="Comment"
              name={commentField}
              maxLength={1000}
              error={errors[commentField]?.[0]}
              size="xs"
            />
          </Group>
        ) : null}
      </Stack>
    </Card>
  )
}
