/** The pending-navigation state of SPEC §2: the loader image, 90 px wide, centred in a 65vh box. */
export function PageLoader() {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ height: '65vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <img src="/loader.svg" alt="Loading…" width={90} style={{ width: 90 }} />
    </div>
  )
}
