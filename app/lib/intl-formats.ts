/*
 * The portal's formatters, in one fixed locale and zone so the server's HTML and the browser's
 * hydration agree, each made on its first use. Making one loads the locale's data, a few
 * milliseconds on a slow PC, and a module's top level runs in the one task that evaluates all of a
 * page's modules before it hydrates: the dashboard's formatters made there were a tenth of that
 * task at Lighthouse's 4× CPU slowdown (issue 20).
 */

type Formatter<T> = { format: (value: T) => string }

function onFirstUse<T>(make: () => Formatter<T>): Formatter<T> {
  let made: Formatter<T> | undefined
  return { format: (value) => (made ??= make()).format(value) }
}

/** Dates and times in 'en-GB' on UTC's clock. */
export function utcDates(options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): Formatter<Date | number> {
  return onFirstUse(() => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }))
}

/** Whole numbers in 'en-GB' ("12,345"). */
export function numbers(): Formatter<number> {
  return onFirstUse(() => new Intl.NumberFormat('en-GB'))
}
