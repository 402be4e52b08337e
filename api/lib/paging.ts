import type { Paged } from '#contract/envelope'

export function pageOf<T>(results: T[], count: number, page: number, pageSize: number): Paged<T> {
  const totalPages = Math.ceil(count / pageSize)
  return {
    count,
    total_pages: totalPages,
    current_page: page,
    next: page < totalPages ? page + 1 : null,
    previous: page > 1 ? Math.min(page - 1, Math.max(totalPages, 1)) : null,
    results,
  }
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize
