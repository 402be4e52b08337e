import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from '@conform-to/react'
import { Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { ListButtons } from './list-buttons'
import type { QuestionFormValue } from './value'
import classes from './template-form.module.css'
import { useFold } from './use-fold'

export const speakerOptions = [
  { value: 'agent', label: 'Agent' },
  { value: 'customer', label: 'Customer' },
  { value: 'any', label: 'Anyone' },
]
const answerOptions = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
]

const noAria = { ariaAttributes: false } as const

/** Every message for a field and its items (a phrase list reports each bad line by index). */
export function allErrorsOf(field: FieldMetadata<unknown>) {
  return [...new Set(Object.values(field.allErrors).flat())].join(' ') || undefined
}

type Props = {
  form: FormMetadata<Record<string, unknown>>
  question: FieldMetadata<QuestionFormValue>
  listName: string
  index: number
  count: number
  /** e.g. "question 2 in category 1" */
  label: string
  readOnly: boolean
}

export function QuestionFieldset({ form, question, listName, index, count, label, readOnly }: Props) {
  const q = question.getFieldset()
  const headingId = `${question.id}-heading`
  const conditional = [
    q.within_first_s,
    q.within_last_s,
    q.within_first_messages,
    q.within_last_messages,
    q.applies_when_phrases,
  ].some((f) => (typeof f.initialValue === 'string' && f.initialValue !== '') || f.errors)
  const fold = useFold(conditional)
  return (
    <Paper role="group" aria-labelledby={headingId} withBorder bg="gray.0" p="sm" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" id={headingId}>
            Question {index + 1}
          </Text>
          {readOnly ? null : <ListButtons form={form} name={listName} index={index} count={count} label={label} />}
        </Group>
        <Textarea
          {...getTextareaProps(q.question_text, noAria)}
          label="Question"
          placeholder="Did the agent …?"
          minRows={2}
          autosize={false}
          error={q.question_text.errors?.[0]}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            {...getInputProps(q.weight, { type: 'number', ...noAria })}
            min={1}
            max={100}
            label="Weight"
            error={q.weight.errors?.[0]}
          />
          <NativeSelect
            {...getSelectProps(q.expected_answer, noAria)}
            label="Expected answer"
            data={answerOptions}
            error={q.expected_answer.errors?.[0]}
          />
          <NativeSelect {...getSelectProps(q.speaker, noAria)} label="Said by" data={speakerOptions} />
        </SimpleGrid>
        <Textarea
          {...getTextareaProps(q.evidence_phrases, noAria)}
          label="Evidence phrases"
          description="One phrase a line. Any of them, said by the speaker above, answers the question yes."
          minRows={3}
          error={allErrorsOf(q.evidence_phrases)}
        />
        <details className={classes.details} {...fold}>
          <summary>Timing and conditions</summary>
          <Stack gap="sm" mt="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                {...getInputProps(q.within_first_s, { type: 'number', ...noAria })}
                min={1}
                label="Within the first seconds"
                description="Leave empty for anywhere in the call"
                error={q.within_first_s.errors?.[0]}
              />
              <TextInput
                {...getInputProps(q.within_last_s, { type: 'number', ...noAria })}
                min={1}
                label="Within the last seconds"
                description="Or only near the end of the call"
                error={q.within_last_s.errors?.[0]}
              />
              <TextInput
                {...getInputProps(q.within_first_messages, { type: 'number', ...noAria })}
                min={1}
                label="Within the first messages"
                description="Chats and e-mails: the speaker's first messages. Empty: one chat message per 15 s, an e-mail thread's first"
                error={q.within_first_messages.errors?.[0]}
              />
              <TextInput
                {...getInputProps(q.within_last_messages, { type: 'number', ...noAria })}
                min={1}
                label="Within the last messages"
                description="Or only the speaker's last messages. Empty: one chat message per 15 s, every e-mail"
                error={q.within_last_messages.errors?.[0]}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Textarea
                {...getTextareaProps(q.applies_when_phrases, noAria)}
                label="Applies only when someone says"
                description="One phrase a line; empty means the question always applies"
                minRows={2}
                error={allErrorsOf(q.applies_when_phrases)}
              />
              <NativeSelect
                {...getSelectProps(q.applies_when_speaker, noAria)}
                label="Said by"
                description="Who says the phrases that make it apply"
                data={speakerOptions}
              />
            </SimpleGrid>
          </Stack>
        </details>
      </Stack>
    </Paper>
  )
}
