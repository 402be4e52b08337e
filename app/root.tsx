// Mantine's global stylesheets; the components' come in each route's own sheet, every file in a
// layer of its own, ordered by mantine-layers.css before any is linked (scripts/vite-mantine-css.ts)
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/global.css'
import mantineLayers from '~/styles/mantine-layers.css?url'
import themeStyles from '~/styles/mantine-theme.css?url'
import { MantineProvider, mantineHtmlProps } from '@mantine/core'
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError } from '@remix-run/react'
import type { ReactNode } from 'react'
import { ErrorScreen } from '~/components/error-screen'
import { Toaster } from '~/components/layout/toaster'
import { useCleanGetForms } from '~/lib/clean-search'
import { PAINT_FIRST_SCRIPT, useHydrates, useMarkHydrated } from '~/lib/hydration'
import { useNonce } from '~/lib/nonce'
import { getToast } from '~/sessions.server'
import { cssVariablesResolver, PRODUCT_NAME, theme } from '~/theme'

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // the theme's variables, which MantineProvider would write into every page (scripts/theme-css.ts)
  { rel: 'stylesheet', href: themeStyles },
]

export const meta: MetaFunction = () => [
  { title: PRODUCT_NAME },
  { name: 'description', content: 'AI solutions and capabilities for contact centres, ready to try.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request)
  return data({ toast }, { headers })
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const hydrates = useHydrates()
  useMarkHydrated()
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <link rel="stylesheet" href={mantineLayers} />
        <Links />
      </head>
      <body>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          forceColorScheme="light"
          withCssVariables={false}
          withGlobalClasses={false}
          // no mantine-Text-root and the like on every element: the portal's CSS and tests do not use
          // them, and they were 5-7% of a page's HTML
          withStaticClasses={false}
        >
          {children}
        </MantineProvider>
        {hydrates ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: PAINT_FIRST_SCRIPT }} />
          </>
        ) : null}
      </body>
    </html>
  )
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>()
  useCleanGetForms()
  const hydrates = useHydrates()
  return (
    <>
      <Toaster toast={toast} scripted={hydrates} />
      <Outlet />
    </>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
