import mantineCoreStyles from '@mantine/core/styles.css?url'
import mantineNotificationStyles from '@mantine/notifications/styles.css?url'
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core'
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError } from '@remix-run/react'
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { ErrorScreen } from '~/components/error-screen'
import { useNonce } from '~/lib/nonce'
import { getToast } from '~/sessions.server'
import { PRODUCT_NAME, theme } from '~/theme'

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: mantineCoreStyles },
  { rel: 'stylesheet', href: mantineNotificationStyles },
]

export const meta: MetaFunction = () => [
  { title: PRODUCT_NAME },
  { name: 'description', content: 'AI solutions and capabilities for contact centres, ready to try.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request)
  return data({ toast }, { headers })
}

const toastColor = { success: 'teal', error: 'red', info: 'blue', warning: 'yellow' } as const

// Fetched on the first toast only: most page loads never show one.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })))

function Toaster({ toast }: { toast: ReturnType<typeof useLoaderData<typeof loader>>['toast'] }) {
  const shown = useRef(new Set<string>())
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    if (!toast || shown.current.has(toast.id)) return
    shown.current.add(toast.id)
    setMounted(true)
    void import('@mantine/notifications').then(({ notifications }) =>
      notifications.show({
        id: toast.id,
        title: toast.title,
        message: toast.message,
        color: toastColor[toast.type],
        autoClose: 3000,
      }),
    )
  }, [toast])
  return (
    <>
      {toast ? (
        // Without JavaScript the toast is still said, once, in a bar fixed to the bottom of the
        // window (the top of the page is under the fixed header).
        <noscript>
          <div
            role="status"
            style={{
              position: 'fixed',
              left: 0,
              right: 0,
              bottom: 0,
              zIndex: 1000,
              padding: '10px 16px',
              textAlign: 'center',
              fontSize: 14,
              color: '#fff',
              background: toast.type === 'error' ? '#c92a2a' : toast.type === 'warning' ? '#e67700' : '#087f5b',
            }}
          >
            {toast.title ? <strong>{toast.title}: </strong> : null}
            {toast.message}
          </div>
        </noscript>
      ) : null}
      {mounted ? (
        <Suspense fallback={null}>
          <Notifications position="top-right" zIndex={1000} />
        </Suspense>
      ) : null}
    </>
  )
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light">
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>()
  return (
    <>
      <Toaster toast={toast} />
      <Outlet />
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
