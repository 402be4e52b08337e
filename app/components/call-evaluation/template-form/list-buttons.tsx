import type { FormMetadata } from '@conform-to/react'
import { ActionIcon, Group } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconTrash } from '~/components/icons'
import type { ReactNode } from 'react'

type Props = {
  form: FormMetadata<Record<string, unknown>>
  /** The list's field name, e.g. `categories` or `categories[0].questions`. */
  name: string
  index: number
  count: number
  /** What one item is called in the buttons' names, e.g. "category 2". */
  label: string
}

function ListButton(props: { label: string; disabled: boolean; color?: string; children: ReactNode } & object) {
  const { label, disabled, color = 'gray', children, ...button } = props
  return (
    <ActionIcon
      type="submit"
      variant="subtle"
      color={color}
      aria-label={label}
      title={label}
      disabled={disabled}
      {...button}
    >
      {children}
    </ActionIcon>
  )
}

/**
 * Move up, move down and remove, as conform's intent buttons: submit buttons that the browser sends to the
 * action without JavaScript (which answers with the reordered form) and that conform handles in place with it.
 */
export function ListButtons({ form, name, index, count, label }: Props) {
  return (
    <Group gap={2} wrap="nowrap">
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
        color="red"
        disabled={count === 1}
        {...form.remove.getButtonProps({ name, index })}
      >
        <IconTrash size={16} aria-hidden />
      </ListButton>
    </Group>
  )
}
