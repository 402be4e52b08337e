/**
 * What is wrong with an error answer, or null when it is the error envelope of ARCHITECTURE §4:
 * `{ data: null, message: string, errors?: Record<string, string[]>, non_field_errors?: string[] }`.
 */
export function envelopeProblem(contentType: string | string[] | number | undefined, body: string): string | null {
  if (!String(contentType ?? '').startsWith('application/json')) return `not JSON (${contentType ?? 'no content type'})`
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return 'unparsable JSON'
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'not an object'
  const { data, message, errors, non_field_errors: nonField, ...rest } = value as Record<string, unknown>
  if (data !== null) return 'data is not null'
  if (typeof message !== 'string' || !message) return 'no message'
  if (errors !== undefined) {
    if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return 'errors is not an object'
    for (const [field, list] of Object.entries(errors)) {
      if (!Array.isArray(list) || !list.every((m) => typeof m === 'string'))
        return `errors.${field} is not a list of strings`
    }
  }
  if (nonField !== undefined && (!Array.isArray(nonField) || !nonField.every((m) => typeof m === 'string'))) {
    return 'non_field_errors is not a list of strings'
  }
  const extra = Object.keys(rest)
  return extra.length ? `extra keys ${extra.join(', ')}` : null
}
