import { getInputProps, type FieldMetadata, type FormMetadata } from '@conform-to/react'
import { Button, Checkbox } from '@mantine/core'
import { PlainInput } from '~/components/layout/plain-field'
import { IconChevronRight, IconPlus } from '~/components/icons'
import { ListButtons } from './list-buttons'
import { QuestionFieldset } from './question-fieldset'
import { emptyQuestion, formEntries, type CategoryFormValue } from './value'
import classes from './template-form.module.css'
import { useFold } from './use-fold'

type Props = {
  form: FormMetadata<Record<string, unknown>>
  category: FieldMetadata<CategoryFormValue>
  /** The categories list's field name, for the move and remove buttons. */
  listName: string
  index: number
  count: number
  readOnly: boolean
  /** The last list intent (add, move, remove) was inside this category: the no-JavaScript answer keeps it open. */
  active?: boolean
}

const noAria = { ariaAttributes: false } as const

const hasErrors = (field: FieldMetadata<CategoryFormValue>) => Object.keys(field.allErrors).length > 0

type Fieldset = ReturnType<FieldMetadata<CategoryFormValue>['getFieldset']>

/** A category not yet written: no name, or a question without its text (just added). */
const isNew = (c: Fieldset) =>
  !c.name.initialValue || c.questions.getFieldList().some((q) => !q.getFieldset().question_text.initialValue)

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/**
 * One category, folded to its name and sizes (`<details>`, so it folds without JavaScript too). It
 * starts open when it is new or empty, when it has an error, or when the last add/move/remove was in it.
 */
export function CategoryFieldset({ form, category, listName, index, count, readOnly, active = false }: Props) {
  const c = category.getFieldset()
  const questions = c.questions.getFieldList()
  const headingId = `${category.id}-heading`
  const errors = hasErrors(category)
  const fold = useFold(errors || active || isNew(c))

  const name = typeof c.name.value === 'string' ? c.name.value.trim() : ''
  const weight = typeof c.weight.value === 'string' && c.weight.value !== '' ? c.weight.value : '1'
  const autoFailed = c.auto_failed.value === 'on'
  const summary = [plural(questions.length, 'question'), `weight ${weight}`, autoFailed ? 'auto-fail' : null]
    .filter(Boolean)
    .join(' · ')

  return (
    <section aria-labelledby={headingId} className={classes.category} data-with-buttons={readOnly ? undefined : true}>
      {readOnly ? null : (
        <div className={classes.categoryButtons}>
          <ListButtons form={form} name={listName} index={index} count={count} label={`category ${index + 1}`} />
        </div>
      )}
      <details {...fold.props} className={classes.categoryDetails}>
        <summary className={classes.categorySummary}>
          <IconChevronRight size={18} aria-hidden className={classes.chevron} />
          <h2 id={headingId} className={classes.categoryTitle}>
            {`Category ${index + 1}${name ? `: ${name}` : ''}`}
          </h2>
          <span className={classes.categoryMeta}>
            {summary}
            {errors ? <span className={classes.hasErrors}>{' · has errors'}</span> : null}
          </span>
        </summary>
        {/* a read-only view (a disabled fieldset: no button works) draws them all */}
        {fold.drawn || readOnly ? (
          <div className={classes.categoryBody}>
            <div className={classes.nameAndWeight}>
              <PlainInput
                {...getInputProps(c.name, { type: 'text', ...noAria })}
                label="Category name"
                placeholder="e.g. Opening"
                error={c.name.errors?.[0]}
              />
              <PlainInput
                {...getInputProps(c.weight, { type: 'number', ...noAria })}
                min={1}
                max={100}
                label="Category weight"
                error={c.weight.errors?.[0]}
              />
            </div>
            <Checkbox
              {...getInputProps(c.auto_failed, { type: 'checkbox', ...noAria })}
              label="Auto-fail: a failed question here fails the whole call"
            />
            <div className={classes.questions}>
              {questions.map((question, i) => (
                <QuestionFieldset
                  key={question.key}
                  form={form}
                  question={question}
                  listName={c.questions.name}
                  index={i}
                  count={questions.length}
                  label={`question ${i + 1} in category ${index + 1}`}
                  readOnly={readOnly}
                />
              ))}
            </div>
            {c.questions.errors ? (
              <p className={classes.listError} role="alert">
                {c.questions.errors[0]}
              </p>
            ) : null}
            {readOnly ? null : (
              <div>
                <Button
                  type="submit"
                  variant="light"
                  size="sm"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  aria-label={`Add question to category ${index + 1}`}
                  {...form.insert.getButtonProps({ name: c.questions.name, defaultValue: emptyQuestion })}
                >
                  Add question
                </Button>
              </div>
            )}
          </div>
        ) : (
          <FoldedCategory form={form} category={category} questions={questions} index={index} onEdit={fold.draw} />
        )}
      </details>
    </section>
  )
}

type FoldedProps = Pick<Props, 'form' | 'category' | 'index'> & {
  questions: ReturnType<Fieldset['questions']['getFieldList']>
  onEdit: () => void
}

/**
 * A folded category that was never opened: what it holds, posted as hidden fields (a saved template's
 * fields for every question are most of the page's weight), its questions listed, and a button that
 * draws the fields: in place with JavaScript; without it, a round trip whose answer has this category
 * open (conform's validate intent, which the action answers with the form as posted).
 */
function FoldedCategory({ form, category, questions, index, onEdit }: FoldedProps) {
  return (
    <div className={classes.categoryBody}>
      {formEntries(category.value, category.name).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ol className={classes.foldedQuestions}>
        {questions.map((q) => {
          const text = q.getFieldset().question_text.value
          return <li key={q.key}>{typeof text === 'string' && text !== '' ? text : 'A question without its text'}</li>
        })}
      </ol>
      <div>
        <Button
          type="submit"
          variant="light"
          size="sm"
          {...form.validate.getButtonProps({ name: category.name })}
          formNoValidate
          onClick={(event) => {
            event.preventDefault()
            onEdit()
          }}
        >
          {`Edit category ${index + 1}`}
        </Button>
      </div>
    </div>
  )
}
