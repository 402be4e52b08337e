/**
 * Whether a form's value is a file. By its shape, not `instanceof`: the form's File may come from
 * another realm (a test's DOM, the server's parser).
 */
export const isFile = (value: unknown): value is File =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as File).name === 'string' &&
  typeof (value as File).size === 'number' &&
  typeof (value as File).arrayBuffer === 'function'

/** A file input left empty posts a nameless, empty file (or, from some clients, no file at all). */
export const isEmptyFileInput = (value: unknown) => !isFile(value) || (value.size === 0 && value.name === '')
