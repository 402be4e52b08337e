import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import { IconHandGrab, IconPhoneCall, IconX } from '~/components/icons'
import type { ReactNode } from 'react'
import type { Handoff } from '#contract/chatbot'
import { channelLabel } from '~/components/chatbot/format'
import { formatDateTime } from '~/components/speech/format'
import { relativeTime } from '~/lib/relative-time'
import { conversationPath } from './access'

export const HANDOFF_ACTIONS = ['accept', 'close'] as const

// Copied from the contract (handoffStatusLabel) so the browser bundle needs no zod.
export const handoffStatusLabel: Record<Handoff['status'], string> = {
  queued: 'Waiting for an agent',
  accepted: 'With an agent',
  callback_requested: 'Callback requested',
  closed: 'Closed',
}
const statusColor: Record<Handoff['status'], string> = {
  queued: 'orange',
  callback_requested: 'grape',
  accepted: 'teal',
  closed: 'gray',
}

const canTake = (h: Handoff) => h.status === 'queued' || h.status === 'callback_requested'

function ActionForm({
  handoff,
  intent,
  redirectTo,
}: {
  handoff: Handoff
  intent: (typeof HANDOFF_ACTIONS)[number]
  redirectTo: string
}) {
  const navigation = useNavigation()
  const pending =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData?.get('handoff_id') === String(handoff.handoff_id)
  const take = intent === 'accept'
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="handoff_id" value={handoff.handoff_id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button
        type="submit"
        size="sm"
        variant={take ? 'filled' : 'default'}
        loading={pending}
        leftSection={take ? <IconHandGrab size={16} aria-hidden /> : <IconX size={16} aria-hidden />}
        aria-describedby={`handoff-${handoff.handoff_id}`}
      >
        {take ? 'Take' : 'Close'}
      </Button>
    </Form>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600} size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  )
}

function HandoffCard({ handoff: h, redirectTo }: { handoff: Handoff; redirectTo: string }) {
  const titleId = `handoff-${h.handoff_id}`
  const callback = h.status === 'callback_requested' || h.callback_phone
  return (
    <Card component="article" withBorder padding="md" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Group gap="xs">
              <Title order={2} size="h4" id={titleId}>
                {h.customer}
              </Title>
              <Badge variant="light" color={statusColor[h.status]} tt="none">
                {handoffStatusLabel[h.status]}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {h.campaign_name} · {channelLabel[h.channel]} · asked{' '}
              <time dateTime={h.requested_at} title={formatDateTime(h.requested_at)} suppressHydrationWarning>
                {relativeTime(h.requested_at)}
              </time>{' '}
              ({formatDateTime(h.requested_at)})
            </Text>
          </div>
          <Group gap="xs">
            {canTake(h) ? <ActionForm handoff={h} intent="accept" redirectTo={redirectTo} /> : null}
            {h.status !== 'closed' ? <ActionForm handoff={h} intent="close" redirectTo={redirectTo} /> : null}
          </Group>
        </Group>
        {h.reason ? <Fact label="Reason">{h.reason}</Fact> : null}
        <Fact label="Summary">{h.summary}</Fact>
        {callback ? (
          <Group gap="xs" align="center">
            <IconPhoneCall size={16} aria-hidden />
            <Text size="sm">
              Call back <strong>{h.callback_name ?? 'the customer'}</strong> on{' '}
              {h.callback_phone ? (
                <Anchor href={`tel:${h.callback_phone.replace(/[^+\d]/g, '')}`} size="sm">
                  {h.callback_phone}
                </Anchor>
              ) : (
                'no number given'
              )}
              {h.callback_time ? `, preferably ${h.callback_time}` : ''}
            </Text>
          </Group>
        ) : null}
        {h.accepted_by ? <Fact label="Taken by">{h.accepted_by}</Fact> : null}
        <Anchor component={Link} to={conversationPath(h.conversation_id)} size="sm">
          Open the conversation #{h.conversation_id}
        </Anchor>
      </Stack>
    </Card>
  )
}

/** The handoff queue as cards: who, what about, since when, and Take / Close as plain POST forms. */
export function HandoffList({
  handoffs,
  redirectTo,
  empty,
}: {
  handoffs: Handoff[]
  /** The queue as it is on screen, to come back to after an action. */
  redirectTo: string
  empty: string
}) {
  if (!handoffs.length)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    )
  return (
    <Stack gap="sm" component="section" aria-label="Handoffs">
      {handoffs.map((h) => (
        <HandoffCard key={h.handoff_id} handoff={h} redirectTo={redirectTo} />
      ))}
    </Stack>
  )
}
