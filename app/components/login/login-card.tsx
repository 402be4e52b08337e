import { Card, Center, Code, Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { PRODUCT_NAME } from '~/theme'

// The demo accounts the API seeds in embedded mode (ARCHITECTURE §8). Labels are spelled out
// rather than imported from contract/, which would pull zod into the login page's bundle.
const demoAccounts = [
  { email: 'admin@demo.local', role: 'Admin' },
  { email: 'supervisor@demo.local', role: 'QA Supervisor' },
  { email: 'auditor@demo.local', role: 'Auditor' },
  { email: 'agent@demo.local', role: 'Agent' },
  { email: 'visitor@demo.local', role: 'Visitor' },
  { email: 'clinician@demo.local', role: 'Clinician' },
]
export const DEMO_PASSWORD = 'Demo@1234'

export function LoginCard({ children }: { children: ReactNode }) {
  return (
    <Center
      mih="100vh"
      p="md"
      style={{ background: 'linear-gradient(160deg, var(--mantine-color-indigo-0), var(--mantine-color-gray-0) 55%)' }}
    >
      <Stack w="100%" maw={440} gap="lg">
        <Card padding="xl" shadow="md" component="main">
          <Group gap="sm" mb="lg" wrap="nowrap">
            <img src="/logo.svg" alt="" width={40} height={40} />
            <div>
              <Title order={1} size="h3">
                {PRODUCT_NAME}
              </Title>
              <Text size="sm" c="dimmed">
                Sign in to try AI for contact centres
              </Text>
            </div>
          </Group>
          {children}
        </Card>
        <Card padding="md" component="aside" aria-labelledby="demo-accounts">
          <Title order={2} size="h6" id="demo-accounts" mb={4}>
            Demo accounts
          </Title>
          <Text size="xs" c="dimmed" mb="xs">
            Every account uses the password <Code>{DEMO_PASSWORD}</Code>
          </Text>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {demoAccounts.map((a) => (
              <Group key={a.email} component="li" justify="space-between" gap="xs" wrap="nowrap">
                <Code>{a.email}</Code>
                <Text size="xs" c="dimmed">
                  {a.role}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      </Stack>
    </Center>
  )
}
