import type { SubmissionResult } from '@conform-to/dom'

/** The field and form errors of the action's conform reply, and the email to show again. */
export function loginErrors(lastResult: SubmissionResult<string[]> | undefined) {
  const errors: Record<string, string[] | null | undefined> = lastResult?.error ?? {}
  return {
    errors,
    formError: errors['']?.[0],
    initialEmail: typeof lastResult?.initialValue?.email === 'string' ? lastResult.initialValue.email : undefined,
  }
}
