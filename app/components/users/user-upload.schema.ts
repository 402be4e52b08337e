import type { UserUploadReport } from '#contract/users'

/** The list action's answer to a bulk upload: the API's per-row report, or why there is none. */
export type UploadOutcome = { report: UserUploadReport; fileName: string } | { error: string }
