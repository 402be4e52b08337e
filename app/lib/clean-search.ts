import { useEffect } from 'react'

/**
 * Filter forms send every field, so a list filtered by one thing had an address full of empty ones
 * (`?date_from=&date_to=&campaign_id=3&service_id=&…`). Only the filters in use belong in the address:
 * with JavaScript the empty fields are left out of every GET form's submission; without it, the portal's
 * layout redirects to the clean address. A few parameters mean something when empty and are kept: the
 * router's `index`, and a dashboard's dates (both empty is "any period"; absent is its default period).
 */
export function keepsEmpty(pathname: string, name: string) {
  if (name === 'index') return true
  return /-dashboard\/?$/.test(pathname) && (name === 'date_from' || name === 'date_to')
}

/** The address's query without its empty parameters, or null when it has none to drop. */
export function cleanedSearch(url: URL): string | null {
  const kept = [...url.searchParams].filter(([name, value]) => value !== '' || keepsEmpty(url.pathname, name))
  if (kept.length === [...url.searchParams].length) return null
  const search = new URLSearchParams(kept).toString()
  return search ? `?${search}` : ''
}

/** Leaves the empty fields out of GET forms' submissions (Remix builds them with `new FormData(form)`). */
export function useCleanGetForms() {
  useEffect(() => {
    const clean = (event: Event) => {
      const { formData, target } = event as FormDataEvent
      if (!(target instanceof HTMLFormElement) || target.method.toLowerCase() !== 'get') return
      const pathname = new URL(target.action, window.location.href).pathname
      for (const [name, value] of [...formData]) if (value === '' && !keepsEmpty(pathname, name)) formData.delete(name)
    }
    document.addEventListener('formdata', clean)
    return () => document.removeEventListener('formdata', clean)
  }, [])
}
