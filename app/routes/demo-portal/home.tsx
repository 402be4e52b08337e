import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { Link, useRouteLoaderData } from '@remix-run/react'
import { IconArrowRight } from '@tabler/icons-react'
import { capabilities, solutions, type NavItem } from '~/components/layout/nav-data'
import type { loadPortalLayout } from '~/lib/portal-layout.server'
import { pageTitle } from '~/theme'

export const meta: MetaFunction = () => [{ title: pageTitle('Dashboard') }]

function AreaCard({ item }: { item: NavItem }) {
  return (
    <Card component="article" padding="lg">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light">
          <item.icon size={22} stroke={1.6} />
        </ThemeIcon>
        <Title order={3} size="h4">
          {item.label}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md" style={{ flexGrow: 1 }}>
        {item.description}
      </Text>
      <Anchor component={Link} to={item.to} size="sm" fw={600} aria-label={`Open ${item.label}`}>
        <Group gap={4}>
          Open <IconArrowRight size={14} />
        </Group>
      </Anchor>
    </Card>
  )
}

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
      <section aria-labelledby="solutions-heading">
        <Title order={2} size="h3" mb="sm" id="solutions-heading">
          Solutions
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {solutions.map((item) => (
            <AreaCard key={item.to} item={item} />
          ))}
        </SimpleGrid>
      </section>
      <section aria-labelledby="capabilities-heading">
        <Title order={2} size="h3" mb="sm" id="capabilities-heading">
          Capabilities
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {capabilities.map((item) => (
            <AreaCard key={item.to} item={item} />
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  )
}
