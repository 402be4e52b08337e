import { Alert, Card, Group, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import classes from './panel.module.css'
export { Swatch } from '~/components/charts/svg-charts'
import { PlainTable } from '~/components/layout/plain-table'
import { TableScroll } from '~/components/layout/table-scroll'

export type PanelState<T> = { data: T; error: null } | { data: null; error: string }

type Props<T> = {
  id: string
  title: string
  /** One line under the title: what the figures are. */
  description?: ReactNode
  /** Beside the title (a link, a badge). */
  aside?: ReactNode
  panel: PanelState<T>
  children: (data: T) => ReactNode
}

/** One dashboard panel: a titled section, or "unavailable" when its endpoint failed (the rest of the page stays). */
export function DashboardPanel<T>({ id, title, description, aside, panel, children }: Props<T>) {
  const headingId = `${id}-heading`
  return (
    <Card padding="sm" component="section" aria-labelledby={headingId} className={classes.panel}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" mb={6}>
        <div>
          <Title order={2} size="h5" id={headingId}>
            {title}
          </Title>
          {description ? (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {panel.error === null ? aside : null}
      </Group>
      {panel.error !== null ? (
        <Alert color="gray" variant="light" title={`${title} unavailable`} role="status" p="xs">
          <Text size="xs">{panel.error}</Text>
        </Alert>
      ) : (
        children(panel.data)
      )}
    </Card>
  )
}

/**
 * A chart and its figures, both in the server's HTML: the chart (drawn by the server, readable
 * without any script) and under it its figures, folded under a disclosure unless they are the
 * chart's legend (`legend`): then they stay in view.
 */
export function ChartWithFigures({
  chart,
  figures,
  legend = false,
}: {
  chart: ReactNode
  figures: ReactNode
  legend?: boolean
}) {
  return (
    <>
      {chart}
      {legend ? (
        <div className={classes.figures}>{figures}</div>
      ) : (
        <details className={classes.details}>
          <summary>The figures</summary>
          {figures}
        </details>
      )}
    </>
  )
}

/** A compact table of figures with a caption for screen readers and headings given as [label, numeric?]. */
export function FiguresTable({
  label,
  head,
  children,
  maxHeight = 260,
}: {
  label: string
  head: [string, boolean?][]
  children: ReactNode
  maxHeight?: number
}) {
  return (
    <TableScroll minWidth={0} maxHeight={maxHeight}>
      <PlainTable
        striped
        withTableBorder
        fz="xs"
        verticalSpacing={3}
        horizontalSpacing={6}
        aria-label={label}
        stickyHeader
      >
        <thead>
          <tr>
            {head.map(([text, numeric]) => (
              <th key={text} className={numeric ? `${classes.th} ${classes.right}` : classes.th}>
                {text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </PlainTable>
    </TableScroll>
  )
}

export function Num({ children }: { children: ReactNode }) {
  return <td className={`${classes.num} ${classes.right}`}>{children}</td>
}

export function Empty({ children = 'No calls match these filters.' }: { children?: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" ta="center" py="md">
      {children}
    </Text>
  )
}
