import { Anchor, Card, Group, SimpleGrid, Text, ThemeIcon, Title, type SimpleGridProps } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconArrowRight } from '~/components/icons'
import type { NavItem } from './nav-data'

/** A card that introduces one area of the portal and links to it (dashboard and hub home pages). */
export function AreaCard({ item, headingOrder = 3 }: { item: NavItem; headingOrder?: 2 | 3 }) {
  return (
    <Card component="article" padding="lg">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light">
          <item.icon size={22} stroke={1.6} />
        </ThemeIcon>
        <Title order={headingOrder} size="h4">
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

/** A titled grid of area cards. */
export function AreaSection({
  id,
  title,
  items,
  cols,
}: {
  id: string
  title: string
  items: NavItem[]
  cols: SimpleGridProps['cols']
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" mb="sm" id={id}>
        {title}
      </Title>
      <SimpleGrid cols={cols}>
        {items.map((item) => (
          <AreaCard key={item.to} item={item} />
        ))}
      </SimpleGrid>
    </section>
  )
}
