import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core'
import { data, type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { pageTitle } from '~/theme'

export const meta: MetaFunction = () => [{ title: pageTitle('Page not found') }]

export function loader() {
  return data({ notFound: true }, { status: 404 })
}

export default function NotFound() {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={480} w="100%">
        <Stack align="center" gap="sm" ta="center">
          <img src="/logo.svg" alt="" width={48} height={48} />
          <Text fw={700} c="indigo.7" size="xl">
            404
          </Text>
          <Title order={1} size="h2">
            Page not found
          </Title>
          <Text c="dimmed">The page you asked for doesn't exist or has moved.</Text>
          <Button component={Link} to="/">
            Go to the home page
          </Button>
        </Stack>
      </Paper>
    </Center>
  )
}
