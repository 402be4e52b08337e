import { randomBytes } from 'node:crypto'
import type { EntryContext, HandleDataRequestFunction } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { coalescingStream } from '~/lib/coalesce-stream.server'
import { applyPrivateCaching, applySecurityHeaders, contentSecurityPolicy } from '~/lib/security-headers.server'
import { NonceProvider } from '~/lib/nonce'
import { paintFirst } from '~/lib/paint-first.server'
import { rememberRouteMatches } from '~/lib/route-matching.server'

export const streamTimeout = 5_000

// every request matches the same route tree several times: once per shape and path is enough
rememberRouteMatches()

// For the portal's own server (server.mjs), which runs them around Remix's handler.
export { inRequestScope } from '~/lib/request-scope.server'
export { CROSS_SITE_MESSAGE, isCrossSite } from '~/lib/same-origin.server'

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = randomBytes(16).toString('base64')
  // Bots and crawlers get the whole document at once; browsers get it streamed.
  const readyEvent =
    isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode ? 'onAllReady' : 'onShellReady'

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = coalescingStream(paintFirst())
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce))
          applySecurityHeaders(responseHeaders)
          applyPrivateCaching(responseHeaders, request)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors after the shell are already handled by the error boundaries; log the rest.
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1_000)
  })
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applySecurityHeaders(response.headers)
  applyPrivateCaching(response.headers, request)
  return response
}
