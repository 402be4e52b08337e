import { useRouteLoaderData } from '@remix-run/react'
import type { loadPortalLayout } from '~/lib/portal-layout.server'

// No zod here: the list page imports this and stays light.
export const TEMPLATE_LIST_PATH = '/demo-portal/solutions/call-evaluation/manage-template'
export const FORBIDDEN_MESSAGE = 'Only admins and QA supervisors can manage templates.'

/** Admins and QA supervisors manage templates (ARCHITECTURE §8); everyone else reads them. */
export const canManageTemplates = (role: string | undefined) => role === 'admin' || role === 'qa_supervisor'

/** The signed-in user's role comes with the portal layout's data; the API enforces it anyway (403). */
export function useCanManageTemplates() {
  const layout = useRouteLoaderData<typeof loadPortalLayout>('routes/demo-portal/layout')
  return canManageTemplates(layout?.user.role)
}
