import { Alert, Card, Group, Text, Title } from '@mantine/core'
import { Link, useLocation } from '@remix-run/react'
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import classes from './panel.module.css'
export { Swatch } from '~/components/charts/svg-charts'
import { PlainTable } from '~/components/layout/plain-table'
import { TableScroll } from '~/components/layout/table-scroll'
import { withParams } from '~/lib/list-links'

/** The panel a chart is drawn in: its folded figures are asked for by its id, and land at its heading. */
const PanelContext = createContext<{ id: string; headingId: string } | null>(null)
/** `?figures=<panel id>`: the page opens with that panel's figures unfolded (how a page without script asks for them). */
const FIGURES_PARAM = 'figures'

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
      <PanelContext.Provider value={{ id, headingId }}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" mb={6}>
          <div>
            <Title order={2} size="h5" id={headingId} className={classes.heading}>
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
      </PanelContext.Provider>
    </Card>
  )
}

/**
 * A chart and its figures. The chart is drawn by the server, readable without any script. Its
 * figures are its legend (`legend`), in view, or else folded under "The figures", drawn only when
 * opened: a dashboard's folded tables were most of its markup (issue 20: 1,500 elements a page).
 * Opened with script, they are drawn at once from the page's data; without script, the folded part
 * is a link that loads the page again with this panel's figures open (`?figures=<panel id>`).
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
  const panel = useContext(PanelContext)
  const { pathname, search } = useLocation()
  const asked = panel !== null && new URLSearchParams(search).get(FIGURES_PARAM) === panel.id
  const [open, setOpen] = useState(asked)
  const details = useRef<HTMLDetailsElement>(null)
  // opened before the script ran: its toggle event was missed
  useEffect(() => {
    if (details.current?.open) setOpen(true)
  }, [])
  if (legend) {
    return (
      <>
        {chart}
        <div className={classes.figures}>{figures}</div>
      </>
    )
  }
  const shown = open || asked || panel === null
  return (
    <>
      {chart}
      <details
        ref={details}
        className={classes.details}
        open={asked || undefined}
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary>The figures</summary>
        {shown ? (
          figures
        ) : (
          <Link
            to={`${withParams(pathname, search, { [FIGURES_PARAM]: panel.id })}#${panel.headingId}`}
            preventScrollReset
          >
            Show them as a table
          </Link>
        )}
      </details>
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
