import type { AppointmentStatus } from '#contract/reshub'

/** /reshub/{type}: the appointments of one kind, or the waitlist (`no_show` is FHIR's `noshow`). */
export const listTypes = {
  upcoming: { title: 'Upcoming', statuses: ['proposed', 'pending', 'booked', 'arrived', 'checked-in'], order: 'asc' },
  completed: { title: 'Completed', statuses: ['fulfilled'], order: 'desc' },
  cancelled: { title: 'Cancelled', statuses: ['cancelled'], order: 'desc' },
  no_show: { title: 'No-show', statuses: ['noshow'], order: 'desc' },
  waitlist: { title: 'Waitlist', statuses: [], order: 'asc' },
} as const satisfies Record<string, { title: string; statuses: AppointmentStatus[]; order: 'asc' | 'desc' }>
export type ListType = keyof typeof listTypes
