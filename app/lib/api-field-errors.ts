/**
 * The API's field errors as conform's: the API names a field by its path (`a.b`, `keywords.0`),
 * conform by `a.b` and `keywords[0]`; the API's reasons about the request as a whole
 * (`non_field_errors`) are the form's own errors.
 */
export function conformFieldErrors(apiErrors: Record<string, string[]>) {
  const formErrors: string[] = []
  const fieldErrors: Record<string, string[]> = {}
  for (const [path, messages] of Object.entries(apiErrors)) {
    if (path === 'non_field_errors') formErrors.push(...messages)
    else fieldErrors[path.replace(/\.(\d+)(?=\.|$)/g, '[$1]')] = messages
  }
  return { formErrors, fieldErrors }
}
