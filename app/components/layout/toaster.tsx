import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { ShownToast } from '~/sessions.server'
import look from './look.module.css'
import classes from './toaster.module.css'

const toastColor = { success: 'teal', error: 'red', info: 'blue', warning: 'yellow' } as const

/** SPEC: a toast shows for 3 s; reading it (pointer over it, or focus in it) holds it, errors stay until closed. */
export const TOAST_MS = 3000

// Fetched on the first toast only: most page loads never show one.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })))

const said = (toast: ShownToast) => (toast.title ? `${toast.title}: ${toast.message}` : toast.message)

/**
 * The flash toast of the last action, once. With JavaScript it is a Mantine notification that closes
 * itself after TOAST_MS unless it is an error, paused while the pointer is over it or focus is in it,
 * and said in a live region rendered with the page (a region that appears with its text is often not
 * read). Without JavaScript it is a bar at the bottom of the window.
 */
export function Toaster({ toast, scripted = true }: { toast: ShownToast | null; scripted?: boolean }) {
  if (!scripted) return toast ? <ToastBar toast={toast} /> : null
  return <ScriptedToaster toast={toast} />
}

const barColor = { success: '#076d4e', info: '#076d4e', error: '#b72626', warning: '#975800' } as const

/**
 * The toast as plain HTML: a bar at the bottom of the window (the top of the page is under the fixed
 * header). It fades after TOAST_MS by CSS alone, held while the pointer is over it; errors stay.
 */
function ToastBar({ toast }: { toast: ShownToast }) {
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      className={toast.type === 'error' ? classes.bar : `${classes.bar} ${classes.fades}`}
      style={{ background: barColor[toast.type], animationDelay: `${TOAST_MS}ms` }}
    >
      {toast.title ? <strong>{toast.title}: </strong> : null}
      {toast.message}
    </div>
  )
}

function ScriptedToaster({ toast }: { toast: ShownToast | null }) {
  const shown = useRef(new Set<string>())
  const [mounted, setMounted] = useState(false)
  const [announced, setAnnounced] = useState<ShownToast | null>(null)
  useEffect(() => {
    if (!toast || shown.current.has(toast.id)) return
    shown.current.add(toast.id)
    setMounted(true)
    setAnnounced(toast)
    let timer: ReturnType<typeof setTimeout> | undefined
    void import('@mantine/notifications').then(({ notifications }) => {
      const hide = () => notifications.hide(toast.id)
      const hold = () => clearTimeout(timer)
      const release = () => {
        hold()
        if (toast.type !== 'error') timer = setTimeout(hide, TOAST_MS)
      }
      notifications.show({
        id: toast.id,
        title: toast.title,
        message: toast.message,
        color: toastColor[toast.type],
        // the timer is ours, so that focus holds it as well as the pointer
        autoClose: false,
        // said by the live region below, not a second time by the notification
        role: 'group',
        'aria-label': said(toast),
        onPointerEnter: hold,
        onPointerLeave: release,
        onFocusCapture: hold,
        onBlurCapture: release,
        onClose: hold,
      })
      release()
    })
    return () => clearTimeout(timer)
  }, [toast])
  return (
    <>
      <div
        className={look.visuallyHidden}
        role={announced?.type === 'error' ? 'alert' : 'status'}
        aria-live={announced?.type === 'error' ? 'assertive' : 'polite'}
      >
        {announced ? said(announced) : null}
      </div>
      {toast ? (
        // Without JavaScript the toast is still said, once, in a bar fixed to the bottom of the window.
        <noscript>
          <ToastBar toast={toast} />
        </noscript>
      ) : null}
      {mounted ? (
        <Suspense fallback={null}>
          <Notifications position="top-right" zIndex={1000} className={classes.belowHeader} />
        </Suspense>
      ) : null}
    </>
  )
}
