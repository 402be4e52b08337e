import { Badge, Group, Stack, Text, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { useRouteLoaderData } from '@remix-run/react'
import { AreaSection } from '~/components/layout/area-card'
import { capabilities, solutions } from '~/components/layout/nav-data'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import { pageTitle } from '~/theme'

export const meta: MetaFunction = () => [{ title: pageTitle('Dashboard') }]

export default function DashboardHome() {
  const layout = useRouteLoaderData<typeof loadPortalLayout>('routes/demo-portal/layout')
  const user = layout?.user
  const unread = layout?.notifications.unread_count ?? 0
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Welcome, {user?.first_name}</Title>
        <Group gap="xs" mt={6}>
          <Text c="dimmed">Try the AI solutions and capabilities built for contact centres.</Text>
          <Badge variant="light" color={unread ? 'red' : 'gray'}>
            {unread} unread {unread === 1 ? 'notification' : 'notifications'}
          </Badge>
        </Group>
      </div>
      <AreaSection id="solutions-heading" title="Solutions" items={solutions} cols={{ base: 1, sm: 2, lg: 4 }} />
      <AreaSection
        id="capabilities-heading"
        title="Capabilities"
        items={capabilities}
        cols={{ base: 1, sm: 2, lg: 3 }}
      />
    </Stack>
  )
}
