import type { JobStatus } from '#contract/envelope'
import { JobProgress } from '~/components/layout/job-progress'

/**
 * The OCR job's steps, the current one marked. While it runs the page polls (every 2 s with
 * JavaScript, a meta refresh without); completed and failed stop it.
 */
export function DocumentProgress({ status, reason }: { status: JobStatus; reason: string | null }) {
  return (
    <JobProgress
      status={status}
      reason={reason}
      title="Reading the document"
      description="Each page is straightened, read word by word and its fields extracted, in the background (about a second a page). This page updates by itself; you can also leave and find the document in the pending list."
      stepsLabel="OCR steps"
      failedTitle="The document could not be read"
      failedFallback="The OCR job failed."
      hideWhenDone
    />
  )
}
