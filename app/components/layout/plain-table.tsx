import { Link, type LinkProps } from '@remix-run/react'
import type { CSSProperties, TableHTMLAttributes } from 'react'
import classes from './plain-table.module.css'

export { classes as tableClasses }

/** The layout a cell may ask for, by Mantine's prop names (as Table.Td took them). */
export type CellProps = {
  ta?: 'left' | 'center' | 'right'
  w?: number | string
  miw?: number | string
  maw?: number | string
  className?: string
  style?: CSSProperties
}

/** A cell's props as the `<td>`/`<th>` attributes they stand for. */
export function cellAttributes({ ta, w, miw, maw, className, style }: CellProps = {}) {
  const layout: CSSProperties = { textAlign: ta, width: w, minWidth: miw, maxWidth: maw, ...style }
  const used = Object.values(layout).some((value) => value !== undefined)
  return { className, style: used ? layout : undefined }
}

/** Mantine's spacing names, or pixels. */
export type Spacing = 'xs' | 'sm' | 'md' | number

function spacing(value: Spacing) {
  return typeof value === 'number' ? `calc(${value / 16}rem * var(--mantine-scale))` : `var(--mantine-spacing-${value})`
}

export type PlainTableProps = TableHTMLAttributes<HTMLTableElement> & {
  striped?: boolean
  highlightOnHover?: boolean
  /** The cells' padding above and below (Mantine's spacing names, or pixels). */
  verticalSpacing?: Spacing
  /** The cells' padding left and right. */
  horizontalSpacing?: Spacing
  withTableBorder?: boolean
  /** The header row stays in view while the rows scroll under it (in a box that scrolls). */
  stickyHeader?: boolean
  /** Smaller text than the table's usual sm: compact tables of figures. */
  fz?: 'xs' | 'sm'
}

/**
 * A table that looks like Mantine's Table but is written as plain elements (thead, tr, td…): on a
 * list page Mantine's Table.Tr and Table.Td were a component per cell, most of the server's time
 * rendering the page (issue 20). Rows and cells are the caller's own `<tr>` and `<td>`.
 */
export function PlainTable({
  striped = false,
  highlightOnHover = false,
  verticalSpacing = 'xs',
  horizontalSpacing = 'xs',
  withTableBorder = false,
  stickyHeader = false,
  fz = 'sm',
  className,
  style,
  ...rest
}: PlainTableProps) {
  const names = [
    classes.table,
    striped && classes.striped,
    highlightOnHover && classes.hover,
    withTableBorder && classes.bordered,
    stickyHeader && classes.sticky,
    className,
  ]
  const layout = {
    '--table-vertical-spacing': spacing(verticalSpacing),
    '--table-horizontal-spacing': spacing(horizontalSpacing),
    fontSize: fz === 'sm' ? undefined : `var(--mantine-font-size-${fz})`,
    ...style,
  }
  return <table {...rest} className={names.filter(Boolean).join(' ')} style={layout as CSSProperties} />
}

/** A link in a cell, drawn as Mantine's Anchor in the table's text size. */
export function CellLink({ className, ...props }: LinkProps) {
  return <Link {...props} className={className ? `${classes.anchor} ${className}` : classes.anchor} />
}
