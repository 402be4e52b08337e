import { Link } from '@remix-run/react'
import look from './look.module.css'
import classes from './list-pager.module.css'

type Props = {
  page: number
  totalPages: number
  count: number
  /** The link of page `n` (the list's filters kept). */
  hrefFor: (page: number) => string
  /** What is counted: singular and plural ("recording", "recordings"). */
  noun: readonly [string, string]
  /** The pager's accessible name. */
  label?: string
}

/** How many pages the numbered links show around the current one. */
const WINDOW = 5

/**
 * A paged list's count and its pages as links (Previous, a window of numbers, Next), so paging
 * works without JavaScript and every page has a URL.
 */
export function ListPager({ page, totalPages, count, hrefFor, noun, label = 'Pages' }: Props) {
  const counted = `${count} ${count === 1 ? noun[0] : noun[1]}`
  if (totalPages <= 1) {
    return <p className={`${look.text} ${look.sm} ${look.dimmed}`}>{counted}</p>
  }
  const current = Math.min(Math.max(page, 1), totalPages)
  const first = Math.max(1, Math.min(current - Math.floor(WINDOW / 2), totalPages - WINDOW + 1))
  const numbers = Array.from({ length: Math.min(WINDOW, totalPages) }, (_, i) => first + i)
  const link = `mantine-focus-auto ${look.anchor} ${look.sm} ${classes.page}`
  return (
    <div className={`${look.row} ${look.between}`}>
      <p className={`${look.text} ${look.sm} ${look.dimmed}`}>
        {counted} · page {current} of {totalPages}
      </p>
      <nav aria-label={label} className={`${look.row} ${look.gapTight}`}>
        {current > 1 ? (
          <Link to={hrefFor(current - 1)} className={link} rel="prev">
            Previous
          </Link>
        ) : null}
        {numbers.map((n) => (
          <Link
            key={n}
            to={hrefFor(n)}
            className={link}
            aria-current={n === current ? 'page' : undefined}
            aria-label={`Page ${n}`}
          >
            {n}
          </Link>
        ))}
        {current < totalPages ? (
          <Link to={hrefFor(current + 1)} className={link} rel="next">
            Next
          </Link>
        ) : null}
      </nav>
    </div>
  )
}
