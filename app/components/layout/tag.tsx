import type { ReactNode } from 'react'
import classes from './tag.module.css'

export type TagColor =
  | 'blue'
  | 'cyan'
  | 'grape'
  | 'gray'
  | 'green'
  | 'indigo'
  | 'lime'
  | 'orange'
  | 'pink'
  | 'red'
  | 'teal'
  | 'violet'
  | 'yellow'

/**
 * A short label in a light pill: Mantine's light Badge (sizes md and sm, normal case) as one span
 * and a stylesheet. A list of a hundred rows had two badges a row, each with its inline style.
 */
export function Tag({
  color,
  size = 'md',
  icon,
  title,
  children,
}: {
  color: TagColor
  size?: 'sm' | 'md'
  /** Before the text (decorative: mark it aria-hidden). */
  icon?: ReactNode
  /** The browser's own tooltip. */
  title?: string
  children: ReactNode
}) {
  return (
    <span className={classes.tag} data-color={color} data-size={size === 'md' ? undefined : size} title={title}>
      {icon}
      {children}
    </span>
  )
}
