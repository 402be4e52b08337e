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

type FrameProps = FieldProps & { className?: string }

/** A field's own props apart from its control's. */
function splitField<P extends FrameProps>(props: P) {
  const { label, description, error, compact, withAsterisk, describedBy, className, ...control } = props
  return [{ label, description, error, compact, withAsterisk, describedBy, className }, control] as const
}

type ControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }

/**
 * The label, the description, the control and its error, tied together for screen readers as
 * Mantine's InputWrapper does. The control's id is the one given (conform's), else its own.
 */
function FieldFrame({
  label,
  description,
  error,
  compact,
  withAsterisk,
  describedBy: shared,
  className,
  id: given,
  children,
}: FrameProps & { id: string | undefined; children: (control: ControlProps) => ReactNode }) {
  const own = useId()
  const id = given ?? own
  const descriptionId = `${id}-description`
  const errorId = `${id}-error`
  const describedBy = [description ? descriptionId : null, shared, error ? errorId : null].filter(Boolean).join(' ')
  // aria-invalid only when it is: "false" on every field of a long form is bytes that say nothing
  const control: ControlProps = {
    id,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  }
  return (
    <div className={[classes.field, compact ? classes.compact : null, className].filter(Boolean).join(' ')}>
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
      {children(control)}
      {error ? (
        <div id={errorId} className={classes.error}>
          {error}
        </div>
      ) : null}
    </div>
  )
}

/**
 * A native select that looks like Mantine's NativeSelect (size sm, or xs when compact): a label, the select with its
 * chevron, the error under it. Plain elements: cheap to render on the server for a filter bar.
 */
export function PlainSelect(props: FieldProps & { data: SelectData } & SelectHTMLAttributes<HTMLSelectElement>) {
  const [field, { data, ...select }] = splitField(props)
  const option = (item: SelectItem) => (
    <option key={item.value} value={item.value}>
      {item.label}
    </option>
  )
  return (
    <FieldFrame {...field} id={select.id}>
      {(control) => (
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
      )}
    </FieldFrame>
  )
}

/** A text, date, number or search input that looks like Mantine's TextInput (size sm, or xs when compact). */
export function PlainInput(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const [field, { type = 'text', ...input }] = splitField(props)
  const look = type === 'search' ? `${classes.input} ${classes.search}` : classes.input
  return (
    <FieldFrame {...field} id={input.id}>
      {(control) => <input {...input} {...control} type={type} className={look} />}
    </FieldFrame>
  )
}

/** A textarea that looks like Mantine's Textarea (size sm), `rows` high. */
export function PlainTextarea(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [field, textarea] = splitField(props)
  return (
    <FieldFrame {...field} id={textarea.id}>
      {(control) => <textarea {...textarea} {...control} className={`${classes.input} ${classes.textarea}`} />}
    </FieldFrame>
  )
}
