import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import classes from './panel.module.css'

export type Kpi = { label: string; value: ReactNode; note?: ReactNode; link?: { to: string; text: string } }

/** Headline figures as a definition list: plain text in the server HTML, one card each. */
export function KpiCards({ label, kpis }: { label: string; kpis: Kpi[] }) {
  return (
    <dl className={classes.kpis} aria-label={label}>
      {kpis.map((kpi) => (
        <div key={kpi.label} className={classes.kpi}>
          <dt>{kpi.label}</dt>
          <dd>{kpi.value}</dd>
          {kpi.note || kpi.link ? (
            <dd className={classes.kpiNote}>
              {kpi.note}
              {kpi.note && kpi.link ? ' · ' : null}
              {kpi.link ? <Link to={kpi.link.to}>{kpi.link.text}</Link> : null}
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  )
}
