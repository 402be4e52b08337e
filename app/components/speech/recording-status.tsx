import type { JobStatus } from '#contract/envelope'
import { JobProgress } from '~/components/layout/job-progress'

export { JobStatusBadge as StatusBadge } from '~/components/layout/job-progress'

/** The steps of the transcription job, the current one marked; polls while it runs. */
export function RecordingProgress({ status, reason }: { status: JobStatus; reason: string | null }) {
  return (
    <JobProgress
      status={status}
      reason={reason}
      title="Transcription in progress"
      description="The recording is transcribed, redacted and summarised in the background. This page updates by itself; you can also leave and find it later in the past history."
      stepsLabel="Transcription steps"
      failedTitle="Transcription failed"
      failedFallback="The recording could not be transcribed."
    />
  )
}
