import { Form, useLocation } from '@remix-run/react'
import { IconChevronDown, IconLogout } from '~/components/icons'
import { useEffect, useRef } from 'react'
import type { User } from '#contract/accounts'
import { roleLabel } from '#contract/roles'
import classes from './disclosure.module.css'
import look from './look.module.css'

function initials(user: User) {
  return `${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase() || user.email[0].toUpperCase()
}

/** A native <details> menu: it opens without JavaScript; with it, it also closes on outside clicks and navigation. */
export function UserMenu({ user }: { user: User }) {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  useEffect(() => {
    ref.current?.removeAttribute('open')
  }, [location])
  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) ref.current.removeAttribute('open')
    }
    document.addEventListener('click', close)
    return () => document.removeEventListener('click', close)
  }, [])

  return (
    <details ref={ref} className={classes.disclosure}>
      {/* named by what it shows (name and role), so a voice user can say what they see */}
      <summary className={`mantine-focus-auto ${classes.summary}`}>
        <span className={`${look.row} ${look.gapXs} ${look.nowrap}`}>
          <span className={classes.initials} aria-hidden>
            {initials(user)}
          </span>
          <span className={classes.userText}>
            <span className={`${look.sm} ${look.strong} ${classes.tight}`}>{user.full_name}</span>
            <span className={`${look.xs} ${look.dimmed} ${classes.tight}`}>{roleLabel[user.role]}</span>
          </span>
          <IconChevronDown size={14} />
        </span>
      </summary>
      <div className={`${look.dropdown} ${classes.dropdown} ${classes.userPanel}`}>
        <p className={`${look.text} ${look.sm} ${look.strong}`}>{user.full_name}</p>
        <p className={`${look.text} ${look.xs} ${look.dimmed}`}>{user.email}</p>
        <p className={`${look.text} ${look.xs} ${look.dimmed}`}>Role: {roleLabel[user.role]}</p>
        <hr className={look.divider} />
        <Form method="post" action="/logout">
          <button type="submit" className={`mantine-focus-auto ${look.button}`} data-variant="light" data-block>
            <IconLogout size={16} />
            Logout
          </button>
        </Form>
      </div>
    </details>
  )
}
