import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { USER_LIST_PATH, userEditPath } from '../paths'

type Props = { user: { id: number; full_name: string; email: string }; temporaryPassword: string; message: string }

/** After a create without a password: the API's temporary password, shown this once and never stored by the portal. */
export function CreatedPanel({ user, temporaryPassword, message }: Props) {
  const hydrated = useHydrated()
  return (
    <Alert color="teal" title={message} role="status" maw={720}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <strong>{user.full_name}</strong> ({user.email}) can sign in with this temporary password. Give it to them
          now: it is not shown again.
        </Text>
        <Group gap="sm">
          <Code fz="lg" px="sm" py={4} aria-label="Temporary password" data-testid="temporary-password">
            {temporaryPassword}
          </Code>
          {hydrated ? (
            <CopyButton value={temporaryPassword}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          ) : null}
        </Group>
        <Group gap="sm">
          <Button component={Link} to={USER_LIST_PATH}>
            Back to users
          </Button>
          <Button component={Link} to={userEditPath(user.id)} variant="default">
            Edit {user.full_name}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
