import { IconAdjustmentsHorizontal } from '~/components/icons'
import type { ReactNode } from 'react'
import classes from './filter-disclosure.module.css'

/**
 * A filter form's fields behind a "Filters (n active)" toggle on a phone (always shown from 48em up).
 * Open from the start when a filter was refused, so its error is seen.
 */
export function FilterDisclosure({
  active,
  errors,
  children,
}: {
  active: number
  /** The form's refused fields: any error opens the fields. */
  errors: Partial<Record<string, string[] | undefined>>
  children: ReactNode
}) {
  const refused = Object.values(errors).some((e) => e?.length)
  return (
    <details className={classes.disclosure} open={refused || undefined}>
      <summary className={classes.summary}>
        <IconAdjustmentsHorizontal size={16} aria-hidden />
        Filters{active ? ` (${active} active)` : ''}
      </summary>
      {children}
    </details>
  )
}
