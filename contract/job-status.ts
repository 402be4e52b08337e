// Job statuses without zod, so browser code can import the labels without pulling zod into its bundle.

/** Job status values (ARCHITECTURE §4), in the order a job goes through them. */
export const jobStatuses = ['pending', 'in_queue', 'started', 'completed', 'failed'] as const
export type JobStatus = (typeof jobStatuses)[number]

/** SPEC §4's labels. */
export const jobStatusLabel: Record<JobStatus, string> = {
  pending: 'Pending',
  in_queue: 'In Queue',
  started: 'Started',
  completed: 'Completed',
  failed: 'Failed',
}
