import { NavLink, Stack, Text } from '@mantine/core'
import { Link, useLocation } from '@remix-run/react'
import { IconLayoutDashboard } from '@tabler/icons-react'
import { isActive, navSections } from './nav-data'

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation()
  return (
    <Stack gap="md" component="nav" aria-label="Main">
      <NavLink
        component={Link}
        to="/demo-portal"
        label="Dashboard"
        leftSection={<IconLayoutDashboard size={18} stroke={1.6} />}
        active={pathname === '/demo-portal' || pathname === '/demo-portal/'}
        aria-current={pathname === '/demo-portal' ? 'page' : undefined}
        onClick={onNavigate}
      />
      {navSections.map((section) => (
        <div key={section.label}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
            {section.label}
          </Text>
          {section.items.map((item) => {
            const active = isActive(item, pathname)
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={18} stroke={1.6} />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
              />
            )
          })}
        </div>
      ))}
    </Stack>
  )
}
