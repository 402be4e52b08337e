import { useEffect, useRef, useState, type FormEvent, type SyntheticEvent } from 'react'

/**
 * A `<details>` that starts open when `wanted` (on the server too, so without JavaScript) and is the
 * user's to fold after that: React never closes it again (a fixed error must not fold the part away
 * mid-edit), and it opens when `wanted` turns true (an error appears in it).
 *
 * `drawn` says whether it is or has been open: a fold may draw its fields only from then on (and
 * keep them drawn, since they hold the user's edits), sending until then only what it holds.
 */
export function useFold(wanted: boolean) {
  const [initiallyOpen] = useState(wanted)
  const [opened, setOpened] = useState(wanted)
  const ref = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    if (!wanted) return
    if (ref.current) ref.current.open = true
    setOpened(true)
  }, [wanted])
  return {
    props: {
      ref,
      open: initiallyOpen || undefined,
      onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => {
        if (event.currentTarget.open) setOpened(true)
      },
    },
    drawn: opened || wanted,
    draw: () => setOpened(true),
  }
}

/**
 * Wraps conform's submit handler: when the browser's check stops the form, opens every fold with an
 * invalid field and focuses the first (conform's own focus cannot reach a field in a folded part).
 * List buttons (conform's intents) are left alone.
 */
export function withFoldedErrors(onSubmit: (event: FormEvent<HTMLFormElement>) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    onSubmit(event)
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    if (!event.defaultPrevented || submitter?.getAttribute('name') === '__intent__') return
    const form = event.currentTarget
    // after React has drawn the errors
    requestAnimationFrame(() => {
      const invalid = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')]
      for (const field of invalid) {
        for (let fold = field.closest('details'); fold; fold = fold.parentElement?.closest('details') ?? null) {
          fold.open = true
        }
      }
      if (invalid[0] && !invalid.includes(document.activeElement as HTMLElement)) invalid[0].focus()
    })
  }
}
