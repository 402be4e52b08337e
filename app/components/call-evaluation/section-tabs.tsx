import { Link, useLocation } from '@remix-run/react'
import classes from './section-tabs.module.css'

const base = '/demo-portal/solutions/call-evaluation'

/** The pages of the call evaluation solution, in the order a QA team uses them. */
export const callEvaluationTabs = [
  {
    label: 'Evaluations',
    to: `${base}/evaluation-list`,
    match: [`${base}/evaluation-list`, `${base}/evaluation-detail`],
  },
  { label: 'Templates', to: `${base}/manage-template`, match: [`${base}/manage-template`] },
]

export function SectionTabs() {
  const { pathname } = useLocation()
  return (
    <nav aria-label="Call evaluation">
      <ul className={classes.tabs}>
        {callEvaluationTabs.map((tab) => {
          const active = tab.match.some((m) => pathname === m || pathname.startsWith(`${m}/`))
          return (
            <li key={tab.to}>
              <Link to={tab.to} className={classes.tab} aria-current={active ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
