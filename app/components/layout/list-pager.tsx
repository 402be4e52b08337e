import { Anchor, Group, Text } from '@mantine/core'
import { Link } from '@remix-run/react'

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
    return (
      <Text size="sm" c="dimmed">
        {counted}
      </Text>
    )
  }
  const current = Math.min(Math.max(page, 1), totalPages)
  const first = Math.max(1, Math.min(current - Math.floor(WINDOW / 2), totalPages - WINDOW + 1))
  const numbers = Array.from({ length: Math.min(WINDOW, totalPages) }, (_, i) => first + i)
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {counted} · page {current} of {totalPages}
      </Text>
      <nav aria-label={label}>
        <Group gap={4}>
          {current > 1 ? (
            <Anchor component={Link} to={hrefFor(current - 1)} size="sm" px={8} rel="prev">
              Previous
            </Anchor>
          ) : null}
          {numbers.map((n) => (
            <Anchor
              key={n}
              component={Link}
              to={hrefFor(n)}
              size="sm"
              px={8}
              py={2}
              aria-current={n === current ? 'page' : undefined}
              aria-label={`Page ${n}`}
              fw={n === current ? 700 : 400}
              style={n === current ? { borderRadius: 6, background: 'var(--mantine-color-indigo-0)' } : undefined}
            >
              {n}
            </Anchor>
          ))}
          {current < totalPages ? (
            <Anchor component={Link} to={hrefFor(current + 1)} size="sm" px={8} rel="next">
              Next
            </Anchor>
          ) : null}
        </Group>
      </nav>
    </Group>
  )
}
