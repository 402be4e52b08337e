import type { SubmissionResult } from '@conform-to/react'

/** What an upload route answers the XMLHttpRequest: where to go on to, or the form's result. */
export type UploadReply = { location: string; reload?: boolean } | { result: SubmissionResult<string[]> }
