import { scanBucket, type Scan, type ScanBucket } from '#contract/face'
import { PAGE_NOT_FOUND } from '~/components/face/format'
import type { ScanRow } from '~/components/face/scan-table.schema'
import { toPortalImageUrl } from '~/services/face.server'
import { errorResponse } from '~/services/upstream.server'

/** The scan with its photo as the portal's proxy path. */
export function rowOfScan({ photo_url: url, ...rest }: Scan): ScanRow {
  return { ...rest, photoSrc: toPortalImageUrl(url) }
}

/** `:type` is a KPI bucket; anything else is a page that does not exist. */
export function requireBucket(type: string | undefined, headers?: Headers): ScanBucket {
  const parsed = scanBucket.safeParse(type)
  if (!parsed.success) throw errorResponse(404, PAGE_NOT_FOUND, headers)
  return parsed.data
}
