import type { Submission } from '@conform-to/react'
import { useEffect, useRef, useState, type FocusEvent as ReactFocusEvent, type FormEvent } from 'react'

type When = 'onSubmit' | 'onBlur' | 'onInput'

/** What `useForm` takes of the browser's checks. */
export type BrowserCheckOptions<Schema, FormError, FormValue> = {
  shouldValidate: When
  shouldRevalidate: When
  onValidate?: (context: { formData: FormData }) => Submission<Schema, FormError, FormValue>
}

/**
 * A form's checks in the browser, loaded when the user first reaches into the form.
 *
 * The schemas a form checks with bring zod and @conform-to/zod (about 25 kB gzip). A page that is
 * only looked at never needs them, so they stay out of its script: they load in their own chunk on
 * the first focus, touch or key in the form. Until they arrive the browser checks nothing (not even
 * on blur, where conform would post a "validate" intent), and a submit waits for them: it is made
 * again, with the same button, once they are there. The fields the user has already left are then
 * checked as if just left. A chunk that fails to load leaves the form, and a held submit, to the
 * action, which checks the same schema, as it does without JavaScript.
 *
 * `load` must be declared outside the component (`const loadChecks = () => import('./x.schema')`).
 * Spread `options` into `useForm` and `formProps` onto the form element.
 */
export function useBrowserChecks<Module, Schema, FormError = string[], FormValue = Schema>(
  load: () => Promise<Module>,
  check: (module: Module, formData: FormData) => Submission<Schema, FormError, FormValue>,
  when: { shouldValidate: When; shouldRevalidate?: When },
) {
  const [loaded, setLoaded] = useState<{ module: Module } | null>(null)
  const [failed, setFailed] = useState(false)
  const started = useRef(false)
  // a submit that came before the checks: made again, with its button, when they arrive
  const held = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null)
  const mounted = useRef(true)
  // fields left before the checks arrived: checked when they do
  const left = useRef(new Set<Element>())

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    if (!loaded && !failed) return
    if (loaded) {
      for (const field of left.current) {
        if (field.isConnected && field !== document.activeElement) {
          field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
        }
      }
    }
    left.current.clear()
    const submit = held.current
    held.current = null
    if (submit?.form.isConnected) {
      const { form, submitter } = submit
      form.requestSubmit(
        (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.form === form
          ? submitter
          : undefined,
      )
    }
  }, [loaded, failed])

  function start() {
    if (started.current) return
    started.current = true
    load().then(
      (module) => mounted.current && setLoaded({ module }),
      () => mounted.current && setFailed(true),
    )
  }

  const options: BrowserCheckOptions<Schema, FormError, FormValue> = loaded
    ? {
        shouldValidate: when.shouldValidate,
        shouldRevalidate: when.shouldRevalidate ?? when.shouldValidate,
        onValidate: ({ formData }) => check(loaded.module, formData),
      }
    : { shouldValidate: 'onSubmit', shouldRevalidate: 'onSubmit' }

  const formProps = {
    onFocus: start,
    onPointerDown: start,
    onKeyDown: start,
    onBlur: (event: ReactFocusEvent<HTMLFormElement>) => {
      if (!loaded) left.current.add(event.target)
    },
    // before the form's own submit handler (conform's, then Remix's): hold the submit
    onSubmitCapture: (event: FormEvent<HTMLFormElement>) => {
      if (loaded || failed) return
      event.preventDefault()
      event.stopPropagation()
      const submitter = (event.nativeEvent as SubmitEvent).submitter
      held.current = { form: event.currentTarget, submitter }
      start()
    },
  }
  return { options, formProps }
}
