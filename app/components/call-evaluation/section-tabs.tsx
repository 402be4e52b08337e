import { Link, useLocation, useRouteLoaderData } from '@remix-run/react'
import type { Role } from '#contract/accounts'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import classes from './section-tabs.module.css'

const base = '/demo-portal/solutions/call-evaluation'

/** The pages of the call evaluation solution, in the order a QA team uses them. */
export const callEvaluationTabs: { label: string; to: string; match: string[]; roles?: Role[] }[] = [
  { label: 'Dashboard', to: `${base}/evaluation-dashboard`, match: [`${base}/evaluation-dashboard`] },
  {
    label: 'Evaluations',
    to: `${base}/evaluation-list`,
    match: [`${base}/evaluation-list`, `${base}/evaluation-detail`],
  },
  {
    label: 'Agent performance',
    to: `${base}/agent-performance-dashboard`,
    match: [`${base}/agent-performance-dashboard`],
  },
  { label: 'Templates', to: `${base}/manage-template`, match: [`${base}/manage-template`] },
  { label: 'Users', to: `${base}/manage-user`, match: [`${base}/manage-user`], roles: ['admin'] },
]

export function SectionTabs() {
  const { pathname } = useLocation()
  const role = useRouteLoaderData<typeof loadPortalLayout>('routes/demo-portal/layout')?.user.role
  const tabs = callEvaluationTabs.filter((tab) => !tab.roles || (role && tab.roles.includes(role)))
  return (
    <nav aria-label="Call evaluation">
      <ul className={classes.tabs}>
        {tabs.map((tab) => {
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
