import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import classes from './plain-field.module.css'

/** A select's options as Mantine's NativeSelect takes them: items, or groups of items. */
export type SelectItem = { value: string; label: string }
export type SelectData = readonly (SelectItem | { group: string; items: readonly SelectItem[] })[]

type FieldProps = {
  label: ReactNode
  error?: ReactNode
  /** Mantine's size xs (a dashboard's filter bar) rather than sm. */
  compact?: boolean
}

const fieldClass = (compact: boolean | undefined, className: string | undefined) =>
  [classes.field, compact ? classes.compact : null, className].filter(Boolean).join(' ')

/** The label, the control and its error, tied together for screen readers as Mantine's InputWrapper does. */
function useField(error: ReactNode) {
  const id = useId()
  const errorId = `${id}-error`
  const described = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : { 'aria-invalid': false }
  const message = error ? (
    <div id={errorId} className={classes.error}>
      {error}
    </div>
  ) : null
  return { id, described, message }
}

/**
 * A native select that looks like Mantine's NativeSelect (size sm, or xs when compact): a label, the select with its
 * chevron, the error under it. Plain elements: cheap to render on the server for a filter bar.
 */
export function PlainSelect({
  label,
  error,
  data,
  compact,
  className,
  ...select
}: FieldProps & { data: SelectData } & SelectHTMLAttributes<HTMLSelectElement>) {
  const { id, described, message } = useField(error)
  const option = (item: SelectItem) => (
    <option key={item.value} value={item.value}>
      {item.label}
    </option>
  )
  return (
    <div className={fieldClass(compact, className)}>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={`${classes.input} ${classes.select}`} {...described} {...select}>
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
  error,
  compact,
  className,
  type = 'text',
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { id, described, message } = useField(error)
  const look = type === 'search' ? `${classes.input} ${classes.search}` : classes.input
  return (
    <div className={fieldClass(compact, className)}>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} type={type} className={look} {...described} {...input} />
      {message}
    </div>
  )
}
