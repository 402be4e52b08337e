import { IconAdjustmentsHorizontal } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import classes from './filter-disclosure.module.css'

/**
 * A filter form's fields behind a "Filters (n active)" toggle on a phone (always shown from 48em up).
 * Open from the start when a filter was refused, so its error is seen.
 */
export function FilterDisclosure({ active, open, children }: { active: number; open?: boolean; children: ReactNode }) {
  return (
    <details className={classes.disclosure} open={open || undefined}>
      <summary className={classes.summary}>
        <IconAdjustmentsHorizontal size={16} aria-hidden />
        Filters{active ? ` (${active} active)` : ''}
      </summary>
      {children}
    </details>
  )
}
