/*
 * Images of personal data (document pages, face photos) reach the browser only through the
 * portal: the API returns a signed link to its own path, and the portal serves it under
 * /resources/image/ to signed-in users (routes/resources/image.ts), with the signed query kept.
 */

export const IMAGE_PROXY_PREFIX = '/resources/image/'

/** The API image paths the portal proxies, without the leading `/api/`. */
const PROXIED = [
  /^ocr\/page_image\/\d{1,10}\/\d{1,3}\/$/,
  /^face_recognition\/photo\/\d{1,10}\/$/,
  /^face_recognition\/scan_photo\/\d{1,10}\/$/,
]

/** Whether `/api/<rest>` is an image path the portal may proxy. */
export const isProxiedImagePath = (rest: string) => PROXIED.some((pattern) => pattern.test(rest))

/**
 * The API's signed image URL (relative or absolute) as the portal's proxy path, query kept as it
 * came. Null when it is not an image path the portal serves.
 */
export function toPortalImageUrl(signedUrl: string | null | undefined): string | null {
  if (!signedUrl) return null
  let url: URL
  try {
    url = new URL(signedUrl, 'http://upstream.invalid')
  } catch {
    return null
  }
  const rest = url.pathname.replace(/^\/api\//, '')
  if (rest === url.pathname || !isProxiedImagePath(rest)) return null
  return `${IMAGE_PROXY_PREFIX}${rest}${url.search}`
}
