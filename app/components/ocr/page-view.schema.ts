import type { DocumentPage } from '#contract/ocr'

/** A page as the loader sends it: the API's signed image link swapped for the portal's proxy path. */
export type ShownPage = Omit<DocumentPage, 'image_url'> & { src: string | null }
