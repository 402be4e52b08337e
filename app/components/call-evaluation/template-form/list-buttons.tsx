import type { FormMetadata } from '@conform-to/react'
import { IconArrowDown, IconArrowUp, IconTrash } from '~/components/icons'
import type { ReactNode } from 'react'
import classes from './template-form.module.css'

type Props = {
  form: FormMetadata<Record<string, unknown>>
  /** The list's field name, e.g. `categories` or `categories[0].questions`. */
  name: string
  index: number
  count: number
  /** What one item is called in the buttons' names, e.g. "category 2". */
  label: string
}

function ListButton(props: { label: string; disabled: boolean; danger?: boolean; children: ReactNode } & object) {
  const { label, disabled, danger = false, children, ...button } = props
  // Mantine's subtle ActionIcon as a plain button: a template has a hundred of them
  return (
    <button
      type="submit"
      className={classes.listButton}
      data-danger={danger || undefined}
      aria-label={label}
      title={label}
      disabled={disabled}
      {...button}
    >
      {children}
    </button>
  )
}

/**
 * Move up, move down and remove, as conform's intent buttons: submit buttons that the browser sends to the
 * action without JavaScript (which answers with the reordered form) and that conform handles in place with it.
 */
export function ListButtons({ form, name, index, count, label }: Props) {
  return (
    <div className={classes.listButtons}>
      <ListButton
        label={`Move ${label} up`}
        disabled={index === 0}
        {...form.reorder.getButtonProps({ name, from: index, to: index - 1 })}
      >
        <IconArrowUp size={16} aria-hidden />
      </ListButton>
      <ListButton
        label={`Move ${label} down`}
        disabled={index === count - 1}
        {...form.reorder.getButtonProps({ name, from: index, to: index + 1 })}
      >
        <IconArrowDown size={16} aria-hidden />
      </ListButton>
      <ListButton
        label={`Remove ${label}`}
        danger
        disabled={count === 1}
        {...form.remove.getButtonProps({ name, index })}
      >
        <IconTrash size={16} aria-hidden />
      </ListButton>
    </div>
  )
}
