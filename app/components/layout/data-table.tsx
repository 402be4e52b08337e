import { Alert, Stack, Text, VisuallyHidden, type MantineSpacing } from '@mantine/core'
import type { Key, ReactNode } from 'react'
import { cellAttributes, PlainTable, type CellProps, type Spacing } from '~/components/layout/plain-table'
import { TableScroll } from '~/components/layout/table-scroll'

export type Column<T> = {
  /** The column's header; also its cells' `data-label` where `labelCells` is set. */
  header: string
  /** Say the header to screen readers only (an actions column). */
  hideHeader?: boolean
  /** Give each cell `data-label={header}`, for a phone layout that prints the label before the value. */
  labelCells?: boolean
  cell: (row: T) => ReactNode
  /** Props of the header and of each cell (`ta`, `w`, `maw`, `miw`, `className`, `style`). */
  td?: CellProps
}

/** A list's states besides its rows: what a table of one kind of record passes on from its page. */
export type ListStates = {
  failure?: { title: string; message: string | null }
  /** What an empty list says ("No recordings yet."): a sentence, links allowed. */
  empty: ReactNode
  /** What it says when filters are on and nothing matches ("No recordings match these filters."). */
  noMatch?: ReactNode
  filtered?: boolean
  /** Under the empty sentence: a way forward ("Summarise your first text"). */
  emptyAction?: ReactNode
  /** Under the rows, when there are some: the pager. */
  footer?: ReactNode
  emptyPadding?: MantineSpacing
}

type Props<T> = ListStates & {
  /** The table's accessible name. */
  label: string
  /** Leave a column out with `false` or `null` (`canDelete && { … }`). */
  columns: readonly (Column<T> | false | null | undefined)[]
  /** The rows, or null when they could not be loaded (then `failure` says why). */
  rows: readonly T[] | null
  rowKey: (row: T) => Key
  /** Wider than this, the table scrolls sideways inside its box instead of squeezing its columns. */
  minWidth?: number
  /** Instead of the scroll container: a class of our own for the table's box (a phone layout). */
  boxClassName?: string
  className?: string
  striped?: boolean
  verticalSpacing?: Spacing
}

/**
 * A list as a table, with its other states: the failure to load it, nothing yet, nothing matching
 * the filters. Plain markup (a named table, header cells, links and forms in the cells), so it
 * reads the same to a screen reader and works without JavaScript.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  failure,
  empty,
  noMatch,
  filtered = false,
  emptyAction,
  footer,
  minWidth = 0,
  boxClassName,
  className,
  striped = true,
  verticalSpacing = 'sm',
  emptyPadding = 'xl',
}: Props<T>) {
  if (rows === null) {
    return (
      <Alert color="red" title={failure?.title ?? 'The list could not be loaded'} role="alert">
        {failure?.message}
      </Alert>
    )
  }
  if (rows.length === 0) {
    const sentence = filtered && noMatch ? noMatch : empty
    return emptyAction && !filtered ? (
      <Stack align="center" gap="xs" py={emptyPadding}>
        <Text c="dimmed" ta="center">
          {sentence}
        </Text>
        {emptyAction}
      </Stack>
    ) : (
      <Text c="dimmed" ta="center" py={emptyPadding}>
        {sentence}
      </Text>
    )
  }
  const shown = columns.filter((c): c is Column<T> => Boolean(c))
  const table = (
    <PlainTable
      striped={striped}
      highlightOnHover
      verticalSpacing={verticalSpacing}
      aria-label={label}
      className={className}
    >
      <thead>
        <tr>
          {shown.map((c) => (
            <th key={c.header} {...cellAttributes({ ta: c.td?.ta })}>
              {c.hideHeader ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {shown.map((c) => (
              <td key={c.header} {...cellAttributes(c.td)} data-label={c.labelCells ? c.header : undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </PlainTable>
  )
  const box = boxClassName ? (
    <div className={boxClassName}>{table}</div>
  ) : (
    <TableScroll minWidth={minWidth}>{table}</TableScroll>
  )
  return footer ? (
    <Stack gap="md">
      {box}
      {footer}
    </Stack>
  ) : (
    box
  )
}
