import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { AreaCard } from '~/components/layout/area-card'
import { emr, reservationHub } from '~/components/layout/nav-data'
import { pageTitle } from '~/theme'

export const meta: MetaFunction = () => [{ title: pageTitle('Reservation hub') }]

const statuses = [
  { label: 'Upcoming', to: '/reshub/upcoming' },
  { label: 'Completed', to: '/reshub/completed' },
  { label: 'Cancelled', to: '/reshub/cancelled' },
  { label: 'No-show', to: '/reshub/no_show' },
]

export default function ReservationHubHome() {
  const areas = [...reservationHub.filter((i) => i.to !== '/reshub'), ...emr.map((i) => ({ ...i, to: '/reshub/emr' }))]
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Reservation hub</Title>
        <Text c="dimmed" mt={6} maw={720}>
          The contact centre books, moves and cancels patient appointments for a healthcare client here. Agents see the
          day's schedule, find a free slot on the calendar, and open the patient's record while on the call.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {areas.map((item) => (
          <AreaCard key={item.to} item={item} headingOrder={2} />
        ))}
      </SimpleGrid>
      <Card padding="lg" component="section" aria-labelledby="by-status">
        <Title order={2} size="h4" id="by-status" mb="xs">
          Appointments by status
        </Title>
        <List spacing={4}>
          {statuses.map((s) => (
            <List.Item key={s.to}>
              <Anchor component={Link} to={s.to}>
                {s.label}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Card>
    </Stack>
  )
}
