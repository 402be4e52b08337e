import { Badge, Button, Group, Radio, Stack, Text } from '@mantine/core'
import { IconPlayerPlayFilled } from '~/components/icons'
import type { AnswerValue, ManualReviewRow } from '#contract/evaluations'
import { useAudioSeek } from './call-audio'
import { answerLabel, answers, outcomeColor, secondsOf } from './evaluation-format'

export type ReviewMode = 'ai' | 'review' | 'edit'

type Props = {
  row: ManualReviewRow
  mode: ReviewMode
  /** The row's position in the form: `rows[index].internal_id` / `rows[index].value`. */
  index: number
  value: AnswerValue
  onCycle: () => void
  /** false until hydration: edit mode then offers radios, which need no JavaScript. */
  interactive: boolean
}

function PlayButton({ row }: { row: ManualReviewRow }) {
  const seek = useAudioSeek()
  const at = row.start_seconds ?? secondsOf(row.category_question_evaluation_scores.start_time)
  const time = row.category_question_evaluation_scores.start_time
  return (
    <Button
      type="button"
      size="compact-xs"
      variant="light"
      leftSection={<IconPlayerPlayFilled size={12} aria-hidden />}
      disabled={at === null}
      onClick={() => at !== null && seek(at)}
      aria-label={at === null ? 'No audio position for this question' : `Play from ${time}`}
    >
      {time ?? 'No time'}
    </Button>
  )
}

function AnswerControl({ row, mode, index, value, onCycle, interactive }: Props) {
  const questionId = `question-${row.internal_id}`
  if (mode !== 'edit') {
    const shown = mode === 'ai' ? row.category_question_evaluation_scores.value : row.value
    return (
      <Badge
        color={outcomeColor(shown, row.expected_answer)}
        variant="light"
        aria-label={`Answer: ${answerLabel[shown]}`}
      >
        {answerLabel[shown]}
      </Badge>
    )
  }
  const idField = <input type="hidden" name={`rows[${index}].internal_id`} value={row.internal_id} />
  if (interactive) {
    return (
      <>
        {idField}
        <input type="hidden" name={`rows[${index}].value`} value={value} />
        <Button
          type="button"
          size="compact-sm"
          variant="filled"
          color={outcomeColor(value, row.expected_answer)}
          miw={64}
          onClick={onCycle}
          aria-describedby={questionId}
          aria-label={`Answer: ${answerLabel[value]}. Change answer`}
        >
          {answerLabel[value]}
        </Button>
      </>
    )
  }
  return (
    <div role="radiogroup" aria-labelledby={questionId}>
      {idField}
      <Group gap="sm">
        {answers.map((a) => (
          <Radio
            key={a}
            name={`rows[${index}].value`}
            value={a}
            defaultChecked={a === value}
            label={answerLabel[a]}
            size="xs"
          />
        ))}
      </Group>
    </div>
  )
}

export function ReviewQuestion(props: Props) {
  const { row, mode } = props
  const ai = row.category_question_evaluation_scores
  const keyword = ai.evaluation_key_word
  return (
    <li style={{ padding: '8px 0', borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`question-${row.internal_id}`}>
          {row.template_category_question.question_text}
        </Text>
        <Group gap="sm" wrap="wrap">
          <AnswerControl {...props} />
          <Text size="xs" c="dimmed">
            AI answer {answerLabel[ai.value]}
            {keyword ? (
              <>
                {' · keyword '}
                <Text span inherit fw={600} c="dark.6">
                  “{keyword}”
                </Text>
              </>
            ) : (
              ' · no keyword'
            )}
          </Text>
          <PlayButton row={row} />
        </Group>
        {mode !== 'edit' && row.justification ? (
          <Text size="xs" c="dimmed">
            {row.justification}
          </Text>
        ) : null}
      </Stack>
    </li>
  )
}
