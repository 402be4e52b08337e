import { Alert, Button, Card, Group, NativeSelect } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconMessagePlus } from '~/components/icons'
import { DownloadCopy } from './chat-thread'
import { CHATBOT_UNREACHABLE, transcriptPath } from './format'

type Campaign = { id: number; name: string; client: string }

/** The chat pages' actions: a copy of the conversation going on, and a new one on the same campaign. */
export function ChatActions({ newHref, conversationId }: { newHref: string; conversationId: number | null }) {
  return (
    <Group gap="xs">
      {conversationId ? <DownloadCopy href={transcriptPath(conversationId)} /> : null}
      <Button
        component={Link}
        to={newHref}
        variant="default"
        size="xs"
        leftSection={<IconMessagePlus size={14} aria-hidden />}
      >
        New conversation
      </Button>
    </Group>
  )
}

/** SPEC §8's sentence when the campaigns (and so the chat) cannot be loaded. */
export function Unreachable({ show }: { show: boolean }) {
  return show ? (
    <Alert color="red" title={CHATBOT_UNREACHABLE} role="alert">
      Try again in a moment.
    </Alert>
  ) : null
}

/** Which campaign the conversation is about: a GET form, so it works without JavaScript. */
export function CampaignSelect({
  action,
  label,
  campaigns,
  current,
}: {
  action: string
  label: string
  campaigns: Campaign[]
  current: Campaign | null
}) {
  return (
    <Card padding="md">
      <form method="get" action={action} aria-label="Campaign">
        <Group align="flex-end" gap="sm">
          <NativeSelect
            name="campaign"
            label={label}
            defaultValue={current ? String(current.id) : ''}
            data={[
              { value: '', label: 'Choose a campaign' },
              ...campaigns.map((c) => ({ value: String(c.id), label: `${c.client} · ${c.name}` })),
            ]}
          />
          <Button type="submit" variant="default">
            Use this campaign
          </Button>
        </Group>
      </form>
    </Card>
  )
}
