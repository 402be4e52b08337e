import { Link, useLocation } from '@remix-run/react'
import { IconLayoutDashboard, type Icon } from '~/components/icons'
import { isActive, navSections } from './nav-data'
import classes from './nav-links.module.css'

function Item({
  to,
  label,
  icon: ItemIcon,
  active,
  onNavigate,
}: {
  to: string
  label: string
  icon: Icon
  active: boolean
  onNavigate?: () => void
}) {
  return (
    <li>
      <Link to={to} className={classes.link} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        <ItemIcon size={18} stroke={1.6} aria-hidden />
        {label}
      </Link>
    </li>
  )
}

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation()
  return (
    <nav aria-label="Main" className={classes.nav}>
      <ul className={classes.list}>
        <Item
          to="/demo-portal"
          label="Dashboard"
          icon={IconLayoutDashboard}
          active={pathname === '/demo-portal' || pathname === '/demo-portal/'}
          onNavigate={onNavigate}
        />
      </ul>
      {navSections.map((section) => (
        <div key={section.label}>
          <p className={classes.section}>{section.label}</p>
          <ul className={classes.list}>
            {section.items.map((item) => (
              <Item
                key={item.to}
                to={item.to}
                label={item.label}
                icon={item.icon}
                active={isActive(item, pathname)}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}
