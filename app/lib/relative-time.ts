const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
]
// made on first use: building it loads the locale's data, a cost every page paid at load for a
// panel that may not open
let format: Intl.RelativeTimeFormat | undefined

export function relativeTime(iso: string, now = Date.now()) {
  const seconds = Math.round((Date.parse(iso) - now) / 1000)
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) {
      format ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
      return format.format(Math.round(seconds / size), unit)
    }
  }
  return 'just now'
}
