/** The `{ data, message }` body every 2xx route returns. */
export function ok<T>(data: T, message = 'OK') {
  return { data, message }
}
