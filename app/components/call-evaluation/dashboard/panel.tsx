import { Alert, Text } from '@mantine/core'
import { Link, useLocation, type LinkProps } from '@remix-run/react'
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import classes from './panel.module.css'
export { Swatch } from '~/components/charts/svg-charts'
import { CellLink, PlainTable } from '~/components/layout/plain-table'
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

/**
 * One dashboard panel: a titled section, or "unavailable" when its endpoint failed (the rest of the
 * page stays). Plain elements and panel.module.css draw it as Mantine's Card, Title and Text did:
 * a dashboard has fifteen, and their inline styles were a tenth of its HTML (issue 20).
 */
export function DashboardPanel<T>({ id, title, description, aside, panel, children }: Props<T>) {
  const headingId = `${id}-heading`
  return (
    <section aria-labelledby={headingId} className={classes.panel}>
      <PanelContext.Provider value={{ id, headingId }}>
        <div className={classes.top}>
          <div>
            <h2 id={headingId} className={classes.heading}>
              {title}
            </h2>
            {description ? <p className={`${classes.note} ${classes.dimmed}`}>{description}</p> : null}
          </div>
          {panel.error === null ? aside : null}
        </div>
        {panel.error !== null ? (
          <Alert color="gray" variant="light" title={`${title} unavailable`} role="status" p="xs">
            <Text size="xs">{panel.error}</Text>
          </Alert>
        ) : (
          children(panel.data)
        )}
      </PanelContext.Provider>
    </section>
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
              <th key={text} className={numeric ? classes.thNum : classes.th}>
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

/**
 * A link in a panel's figures. Each leads to a page the call-evaluation tabs link to already (the
 * list, agent performance, this dashboard), whose route Remix has found from those: no
 * `data-discover` on each of a dashboard's hundred links. Any other still works, found on the click.
 */
export function FigureLink(props: LinkProps) {
  return <CellLink discover="none" {...props} />
}

export function Num({ children }: { children: ReactNode }) {
  return <td className={classes.num}>{children}</td>
}

export function Empty({ children = 'No calls match these filters.' }: { children?: ReactNode }) {
  return <p className={classes.empty}>{children}</p>
}

/** Panel text: xs, optionally dimmed; `stack` puts a panel's parts under each other, `row` beside. */
export const panelText = {
  note: classes.note,
  dimmed: `${classes.note} ${classes.dimmed}`,
  stack: classes.stack,
  row: classes.row,
}

/** A dashboard page: its h1 and line under it, then its filters, figures and panels, each under the last. */
export function DashboardPage({
  title,
  description,
  children,
}: {
  title: ReactNode
  description: ReactNode
  children: ReactNode
}) {
  return (
    <div className={classes.page}>
      <div>
        <h1 className={classes.title}>{title}</h1>
        <p className={classes.lead}>{description}</p>
      </div>
      {children}
    </div>
  )
}

type Span = 4 | 5 | 6 | 7 | 8 | 12

/**
 * The panels' grid: twelve columns from Mantine's md breakpoint, one below; `span` is a cell's width
 * there. CSS classes, where Mantine's Grid wrote a style element per cell.
 */
export function PanelGrid({ children }: { children: ReactNode }) {
  return <div className={classes.grid}>{children}</div>
}

export function PanelCell({ span, children }: { span: Span; children: ReactNode }) {
  return <div className={classes[`span${span}`]}>{children}</div>
}
