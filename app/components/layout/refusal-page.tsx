import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core'
import { Link, useLocation, useRouteLoaderData } from '@remix-run/react'
import { IconFileUnknown, IconLock } from '~/components/icons'
import { roleLabel } from '#contract/roles'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import { isActive, navSections } from './nav-data'

export type Back = { to: string; label: string }

const HOME: Back = { to: '/demo-portal', label: 'Back to the home page' }

/** The way back from a refused or missing page: the area it belongs to, or the home page. */
export function backFor(pathname: string): Back {
  const path = pathname.replace(/\/$/, '')
  // the most specific area that owns the address; an item that highlights only on its own address
  // (the hub's overview) still owns what is under it
  const owners = navSections
    .flatMap((section) => section.items.map((item) => ({ item, section: section.label })))
    .filter(({ item }) => path !== item.to && isActive({ ...item, end: false }, path))
    .sort((a, b) => (b.item.match ?? b.item.to).length - (a.item.match ?? a.item.to).length)
  if (!owners.length) return HOME
  const { item, section } = owners[0]
  return { to: item.to, label: `Back to ${(item.end ? section : item.label).toLowerCase()}` }
}

/** A refusal's or a 404's text, from what the loader threw (a string, or `{ message }`). */
export const detailOf = (data: unknown, fallback: string) =>
  typeof data === 'string' && data ? data : ((data as { message?: string } | null)?.message ?? fallback)

function useSignedInRole() {
  const portal = useRouteLoaderData<typeof loadPortalLayout>('routes/demo-portal/layout')
  const reshub = useRouteLoaderData<typeof loadPortalLayout>('routes/reshub/layout')
  const role = (portal ?? reshub)?.user.role
  return role ? roleLabel[role] : null
}

/**
 * A refusal or a missing page inside the portal frame (ARCHITECTURE §9: refusals are pages, not
 * crashes): a 403 says what the signed-in role may not do, a 404 that there is nothing here, each with
 * a way back to the area it belongs to.
 */
export function RefusalPage({ status, message, back }: { status: 403 | 404; message: string; back?: Back }) {
  const { pathname } = useLocation()
  const role = useSignedInRole()
  const way = back ?? backFor(pathname)
  const forbidden = status === 403
  const Icon = forbidden ? IconLock : IconFileUnknown
  return (
    <Center mih="50vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={560} w="100%">
        <Stack gap="md" align="flex-start">
          <Icon size={32} aria-hidden color="var(--mantine-color-red-7)" />
          <Title order={1} size="h2">
            {forbidden ? 'You do not have access to this page' : 'Page not found'}
          </Title>
          <Text>{message}</Text>
          <Text c="dimmed" size="sm">
            {forbidden
              ? `Error 403${role ? `: you are signed in as ${role}` : ''}. Ask an admin if you need it.`
              : 'Error 404: the address may be mistyped, or what it showed was deleted.'}
          </Text>
          <Button component={Link} to={way.to}>
            {way.label}
          </Button>
        </Stack>
      </Paper>
    </Center>
  )
}
