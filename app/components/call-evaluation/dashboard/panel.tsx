import { Alert, Card, Group, Table, Text, Title } from '@mantine/core'
import { Suspense, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import classes from './panel.module.css'

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
 * A chart and its figures. The server (and a browser without JavaScript) shows the figures; once
 * hydrated the chart draws and the figures fold away under a disclosure, unless they are the
 * chart's legend (`legend`): then they stay in view under it.
 */
export function ChartWithFigures({
  chart,
  figures,
  height,
  legend = false,
}: {
  chart: ReactNode
  figures: ReactNode
  height: number
  legend?: boolean
}) {
  const hydrated = useHydrated()
  if (!hydrated) return <div className={classes.figures}>{figures}</div>
  return (
    <>
      <Suspense fallback={<div style={{ height }} />}>{chart}</Suspense>
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

/** A colour swatch beside a figure, keying it to its part of the chart (the text says the rest). */
export function Swatch({ color }: { color: string }) {
  return <span className={classes.swatch} style={{ background: color }} aria-hidden />
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
    <Table.ScrollContainer minWidth={0} mah={maxHeight} type="native">
      <Table striped withTableBorder fz="xs" verticalSpacing={3} horizontalSpacing={6} aria-label={label} stickyHeader>
        <Table.Thead>
          <Table.Tr>
            {head.map(([text, numeric]) => (
              <Table.Th key={text} ta={numeric ? 'right' : undefined} className={classes.th}>
                {text}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

export function Num({ children }: { children: ReactNode }) {
  return (
    <Table.Td ta="right" className={classes.num}>
      {children}
    </Table.Td>
  )
}

export function Empty({ children = 'No calls match these filters.' }: { children?: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" ta="center" py="md">
      {children}
    </Text>
  )
}
