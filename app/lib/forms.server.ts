/**
 * The posted form, or an empty one when the body is not a form (JSON, garbage, a cut-off upload):
 * client input gets a validation error, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData())
}
