// Paths, labels and formatting for the facial recognition pages. Types only from the contract: its
// values would pull zod into the browser bundle.
import type { Scan, ScanBucket } from '#contract/face'

export { formatDateTime } from '~/components/speech/format'

export const FACE_PATH = '/demo-portal/solutions/facial-recognition'
const FACE_BASE = '/demo-portal/solutions/face-recognition'
export const FACE_DEMO_PATH = `${FACE_BASE}/demo`
export const bucketPath = (bucket: ScanBucket) => `${FACE_BASE}/${bucket}`
export const scanPath = (bucket: ScanBucket, id: number | string) => `${FACE_BASE}/${bucket}/${id}`
/** The bucket a scan is listed under besides total_scanned. */
export const bucketOf = (scan: Pick<Scan, 'decision'>): ScanBucket =>
  scan.decision === 'validated' ? 'validated' : 'total_invalidated'

export const SCAN_BUCKETS: ScanBucket[] = ['total_scanned', 'validated', 'total_invalidated']
export const bucketLabel: Record<ScanBucket, string> = {
  total_scanned: 'Total scanned',
  validated: 'Validated',
  total_invalidated: 'Invalidated',
}
export const decisionLabel: Record<Scan['decision'], string> = { validated: 'Validated', invalidated: 'Invalidated' }
export const decisionColor: Record<Scan['decision'], string> = { validated: 'teal', invalidated: 'red' }
export const kindLabel: Record<Scan['kind'], string> = { verify: 'Verify', identify: 'Identify' }

export const PERSON_ENROLLED = 'Person enrolled successfully'
export const PERSON_UPDATED = 'Person updated successfully'
export const DELETED = 'Deleted record successfully!'
export const DELETE_ERROR = 'The person was not deleted'
export const SCAN_DELETE_ERROR = 'The scan was not deleted'
export const SCAN_LIST_ERROR = 'The scans could not be loaded'
export const PAGE_NOT_FOUND = 'Page not found'
export const SCAN_NOT_FOUND = 'Scan not found'
/** The demo's no-JavaScript steps, in its address. */
export const CONFIRM_PARAM = 'confirm-delete'
export const EDIT_PARAM = 'edit'

export const formatDistance = (d: number | null) => (d === null ? '—' : d.toFixed(3))
export const formatScore = (s: number) => `${Math.round(s * 100)}%`
