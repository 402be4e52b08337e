import type { Scan } from '#contract/face'

/** A scan as the pages get it: the photo already mapped to the portal's image proxy. */
export type ScanRow = Omit<Scan, 'photo_url'> & { photoSrc: string | null }
