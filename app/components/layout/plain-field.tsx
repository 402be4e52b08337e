import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import classes from './plain-field.module.css'

/** A select's options as Mantine's NativeSelect takes them: items, or groups of items. */
export type SelectItem = { value: string; label: string }
export type SelectData = readonly (SelectItem | { group: string; items: readonly SelectItem[] })[]

type FieldProps = {
  label: ReactNode
  /** A line between the label and the control, read out with it. */
  description?: ReactNode
  error?: ReactNode
  /** Mantine's size xs (a dashboard's filter bar) rather than sm. */
  compact?: boolean
  /** A star after the label: the field is required. */
  withAsterisk?: boolean
  /** The id of a description elsewhere that this field shares with others (read after its own). */
  describedBy?: string
}

const fieldClass = (compact: boolean | undefined, className: string | undefined) =>
  [classes.field, compact ? classes.compact : null, className].filter(Boolean).join(' ')

/**
 * The label, the description, the control and its error, tied together for screen readers as
 * Mantine's InputWrapper does. The control's id is the one given (conform's), else its own.
 */
function useField(
  { label, description, error, withAsterisk, describedBy: shared }: FieldProps,
  given: string | undefined,
) {
  const own = useId()
  const id = given ?? own
  const descriptionId = `${id}-description`
  const errorId = `${id}-error`
  const describedBy = [description ? descriptionId : null, shared, error ? errorId : null].filter(Boolean).join(' ')
  // aria-invalid only when it is: "false" on every field of a long form is bytes that say nothing
  const control = {
    id,
    ...(error ? { 'aria-invalid': true } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  }
  const head = (
    <>
      <label className={classes.label} htmlFor={id}>
        {label}
        {withAsterisk ? (
          <span className={classes.required} aria-hidden>
            {' *'}
          </span>
        ) : null}
      </label>
      {description ? (
        <p id={descriptionId} className={classes.description}>
          {description}
        </p>
      ) : null}
    </>
  )
  const message = error ? (
    <div id={errorId} className={classes.error}>
      {error}
    </div>
  ) : null
  return { control, head, message }
}

/**
 * A native select that looks like Mantine's NativeSelect (size sm, or xs when compact): a label, the select with its
 * chevron, the error under it. Plain elements: cheap to render on the server for a filter bar.
 */
export function PlainSelect({
  label,
  description,
  error,
  withAsterisk,
  describedBy,
  data,
  compact,
  className,
  ...select
}: FieldProps & { data: SelectData } & SelectHTMLAttributes<HTMLSelectElement>) {
  const { control, head, message } = useField({ label, description, error, withAsterisk, describedBy }, select.id)
  const option = (item: SelectItem) => (
    <option key={item.value} value={item.value}>
      {item.label}
    </option>
  )
  return (
    <div className={fieldClass(compact, className)}>
      {head}
      <select {...select} {...control} className={`${classes.input} ${classes.select}`}>
        {data.map((entry) =>
          'group' in entry ? (
            <optgroup key={entry.group} label={entry.group}>
              {entry.items.map(option)}
            </optgroup>
          ) : (
            option(entry)
          ),
        )}
      </select>
      {message}
    </div>
  )
}

/** A text, date, number or search input that looks like Mantine's TextInput (size sm, or xs when compact). */
export function PlainInput({
  label,
  description,
  error,
  withAsterisk,
  describedBy,
  compact,
  className,
  type = 'text',
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { control, head, message } = useField({ label, description, error, withAsterisk, describedBy }, input.id)
  const look = type === 'search' ? `${classes.input} ${classes.search}` : classes.input
  return (
    <div className={fieldClass(compact, className)}>
      {head}
      <input {...input} {...control} type={type} className={look} />
      {message}
    </div>
  )
}

/** A textarea that looks like Mantine's Textarea (size sm), `rows` high. */
export function PlainTextarea({
  label,
  description,
  error,
  withAsterisk,
  describedBy,
  compact,
  className,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { control, head, message } = useField({ label, description, error, withAsterisk, describedBy }, textarea.id)
  return (
    <div className={fieldClass(compact, className)}>
      {head}
      <textarea {...textarea} {...control} className={`${classes.input} ${classes.textarea}`} />
      {message}
    </div>
  )
}
