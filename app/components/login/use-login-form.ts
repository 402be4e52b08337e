import type { SubmissionResult } from '@conform-to/dom'
import { useEffect, useState, type FocusEvent, type FormEvent } from 'react'
import type { validateLogin } from '~/lib/login-validation'

type Errors = Record<string, string[] | null | undefined>

/** The action's zod schema, fetched once the page is interactive (until then only the server validates). */
function useLoginValidation() {
  const [validate, setValidate] = useState<typeof validateLogin | null>(null)
  useEffect(() => {
    let live = true
    void import('~/lib/login-validation').then((m) => live && setValidate(() => m.validateLogin))
    return () => {
      live = false
    }
  }, [])
  return validate
}

/**
 * Field and form errors for the login form: the server's conform reply, or the same schema run in the
 * browser on blur and submit. (conform's useForm would cost the page ~9 kB gzip of its 120 kB budget.)
 */
export function useLoginForm(lastResult: SubmissionResult<string[]> | undefined) {
  const validate = useLoginValidation()
  const [clientErrors, setClientErrors] = useState<Errors | null>(null)
  useEffect(() => setClientErrors(null), [lastResult])
  const errors: Errors = clientErrors ?? lastResult?.error ?? {}

  function check(form: HTMLFormElement, field?: string) {
    if (!validate) return true
    const submission = validate(new FormData(form))
    const found: Errors = submission.status === 'success' ? {} : (submission.reply().error ?? {})
    setClientErrors((previous) => (field ? { ...(previous ?? {}), [field]: found[field] } : found))
    return submission.status === 'success'
  }

  return {
    errors,
    formError: errors['']?.[0],
    initialEmail: typeof lastResult?.initialValue?.email === 'string' ? lastResult.initialValue.email : undefined,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (!check(event.currentTarget)) event.preventDefault()
    },
    onBlur(event: FocusEvent<HTMLFormElement>) {
      const target: EventTarget = event.target
      const name = target instanceof HTMLInputElement ? target.name : ''
      if (name === 'email' || name === 'password') check(event.currentTarget, name)
    },
  }
}
