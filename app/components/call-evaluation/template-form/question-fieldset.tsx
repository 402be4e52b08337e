import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from '@conform-to/react'
import { PlainInput, PlainSelect, PlainTextarea } from '~/components/layout/plain-field'
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

/** The four limits on when a question's evidence counts, each a whole number or empty. */
const timingFields = [
  { name: 'within_first_s', label: 'Within the first seconds' },
  { name: 'within_last_s', label: 'Within the last seconds' },
  { name: 'within_first_messages', label: 'Within the first messages' },
  { name: 'within_last_messages', label: 'Within the last messages' },
] as const

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
  // the four timing fields share one explanation, read out with each of them
  const timingId = `${question.id}-timing`
  const conditional = [...timingFields.map(({ name }) => q[name]), q.applies_when_phrases].some(
    (f) => (typeof f.initialValue === 'string' && f.initialValue !== '') || f.errors,
  )
  const fold = useFold(conditional)
  return (
    <div role="group" aria-labelledby={headingId} className={classes.question}>
      <div className={classes.questionHead}>
        <p className={classes.questionTitle} id={headingId}>
          {`Question ${index + 1}`}
        </p>
        {readOnly ? null : <ListButtons form={form} name={listName} index={index} count={count} label={label} />}
      </div>
      <PlainTextarea
        {...getTextareaProps(q.question_text, noAria)}
        label="Question"
        placeholder="Did the agent …?"
        rows={2}
        error={q.question_text.errors?.[0]}
      />
      <div className={classes.columns3}>
        <PlainInput
          {...getInputProps(q.weight, { type: 'number', ...noAria })}
          min={1}
          max={100}
          label="Weight"
          error={q.weight.errors?.[0]}
        />
        <PlainSelect
          {...getSelectProps(q.expected_answer, noAria)}
          label="Expected answer"
          data={answerOptions}
          error={q.expected_answer.errors?.[0]}
        />
        <PlainSelect {...getSelectProps(q.speaker, noAria)} label="Said by" data={speakerOptions} />
      </div>
      <PlainTextarea
        {...getTextareaProps(q.evidence_phrases, noAria)}
        label="Evidence phrases"
        description="One phrase a line. Any of them, said by the speaker above, answers the question yes."
        rows={3}
        error={allErrorsOf(q.evidence_phrases)}
      />
      <details className={classes.details} {...fold.props}>
        <summary>Timing and conditions</summary>
        <div className={classes.conditions}>
          <p id={timingId} className={classes.timingHelp}>
            Count from the start or the end of the call: in seconds, or in the speaker&apos;s messages for chats and
            e-mails. Leave a field empty for no limit. Without a message count, a chat counts one message per 15 s, and
            an e-mail thread its first e-mail from the start, every e-mail from the end.
          </p>
          <div className={classes.columns2}>
            {timingFields.map(({ name, label }) => {
              // conform's key (a reset draws the field anew) within the list's
              const { key, ...field } = getInputProps(q[name], { type: 'number', ...noAria })
              return (
                <PlainInput
                  key={`${name}${key ?? ''}`}
                  {...field}
                  min={1}
                  label={label}
                  describedBy={timingId}
                  error={q[name].errors?.[0]}
                />
              )
            })}
          </div>
          <div className={classes.columns2}>
            <PlainTextarea
              {...getTextareaProps(q.applies_when_phrases, noAria)}
              label="Applies only when someone says"
              description="One phrase a line; empty means the question always applies"
              rows={2}
              error={allErrorsOf(q.applies_when_phrases)}
            />
            <PlainSelect
              {...getSelectProps(q.applies_when_speaker, noAria)}
              label="Said by"
              description="Who says the phrases that make it apply"
              data={speakerOptions}
            />
          </div>
        </div>
      </details>
    </div>
  )
}
