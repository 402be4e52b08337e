import { Anchor, Group, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconArrowLeft } from '~/components/icons'
import type { ReactNode } from 'react'

/** "← Area": the link back up, a plain link with or without JavaScript. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {children}
      </Group>
    </Anchor>
  )
}

type Props = {
  /** The link back up: where to and what it says; `trail` follows it (further crumbs). */
  back: { to: string; label: ReactNode; trail?: ReactNode }
  /** The page's one h1. */
  title: ReactNode
  /** A long title (a file name) may break anywhere. */
  wrapTitle?: boolean
  /** A line under the title (its own `Text`, so each page keeps its size and width). */
  description?: ReactNode
  /** What sits on the title's right: a button, badges, a group of them. */
  actions?: ReactNode
}

/** The top of a capability's page: the back link, the title, a description and the page's actions. */
export function PageHeader({ back, title, wrapTitle = false, description, actions }: Props) {
  const link = <BackLink to={back.to}>{back.label}</BackLink>
  const style = wrapTitle ? { overflowWrap: 'anywhere' as const } : undefined
  return (
    <div>
      {back.trail ? (
        <Group gap={6}>
          {link}
          {back.trail}
        </Group>
      ) : (
        link
      )}
      {actions === undefined ? (
        <>
          <Title order={1} mt={4} style={style}>
            {title}
          </Title>
          {description}
        </>
      ) : (
        <Group justify="space-between" align="flex-end" mt={4} gap="sm">
          {description === undefined ? (
            <Title order={1} style={style}>
              {title}
            </Title>
          ) : (
            <div>
              <Title order={1} style={style}>
                {title}
              </Title>
              {description}
            </div>
          )}
          {actions}
        </Group>
      )}
    </div>
  )
}
