import type { Person } from '#contract/face'

/** A person as the demo page gets them: photos mapped to the portal's image proxy. */
export type PersonRow = Omit<Person, 'photos'> & { photos: { photo_id: number; src: string | null }[] }
