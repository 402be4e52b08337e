import type { MetaFunction } from '@remix-run/node'
import { errorResponse } from '~/services/upstream.server'
import { pageTitle } from '~/theme'

// An unknown address under /demo-portal or /reshub, for a signed-in user: the layout's loader has
// run (signed out, it sends to the login page), and this 404 shows as a page inside the portal frame,
// with the navigation, through the layout's error boundary.

export const meta: MetaFunction = () => [{ title: pageTitle('Page not found') }]

export function loader(): never {
  throw errorResponse(404, 'There is no page at this address.')
}

/** Never rendered (the loader always throws); it makes this a page route rather than a resource route. */
export default function NotFound() {
  return null
}
