import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import { IconHeadset } from '~/components/icons'
import type { Handoff } from '#contract/chatbot'
import type { ChatReply } from './chat-forms.schema'
import { HANDOFF_INTENT } from './format'
import { useBrowserChecks } from '~/lib/browser-checks'

const statusLabel: Record<Handoff['status'], string> = {
  queued: 'Waiting for an agent',
  accepted: 'With an agent',
  callback_requested: 'Callback requested',
  closed: 'Closed',
}

type Props = {
  campaignId: number
  conversationId: number | null
  handoff: Handoff | null
  reply: ChatReply | null | undefined
}

const loadChecks = () => import('./chat-forms.schema')

/**
 * "Talk to a person", always on screen. Before the first question it asks what it is about; when no
 * agent is free the API says so and the form asks for a callback (name, number, a time that suits).
 * Once handed off, it says what happens next.
 */
export function HandoffPanel({ campaignId, conversationId, handoff, reply }: Props) {
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === HANDOFF_INTENT
  const mine = reply?.intent === HANDOFF_INTENT ? reply : null
  const needsCallback = Boolean(mine?.needsCallback)
  const checks = useBrowserChecks(loadChecks, (schemas, formData) => schemas.parseHandoffForm(formData), {
    shouldValidate: 'onSubmit',
  })
  const [form, fields] = useForm({
    id: `handoff-${conversationId ?? 'new'}-${needsCallback ? 'callback' : 'queue'}`,
    lastResult: mine?.result,
    ...checks.options,
  })
  const [title, ...details] = form.errors ?? []

  if (handoff && handoff.status !== 'closed')
    return (
      <Card withBorder padding="md" aria-label="Talk to a person">
        <Stack gap={6}>
          <Group gap="xs">
            <IconHeadset size={18} aria-hidden />
            <Title order={2} size="h5">
              {statusLabel[handoff.status]}
            </Title>
          </Group>
          <Text size="sm">{handoff.next_steps}</Text>
          {handoff.callback_phone ? (
            <Text size="xs" c="dimmed">
              We will call {handoff.callback_name} on {handoff.callback_phone}
              {handoff.callback_time ? ` (${handoff.callback_time})` : ''}.
            </Text>
          ) : null}
        </Stack>
      </Card>
    )

  const { key: aboutKey, ...aboutProps } = getTextareaProps(fields.about, { ariaAttributes: true })
  const { key: nameKey, ...nameProps } = getInputProps(fields.callback_name, { type: 'text', ariaAttributes: true })
  const { key: phoneKey, ...phoneProps } = getInputProps(fields.callback_phone, { type: 'tel', ariaAttributes: true })
  const { key: timeKey, ...timeProps } = getInputProps(fields.callback_time, { type: 'text', ariaAttributes: true })
  return (
    <Card withBorder padding="md">
      <Form method="post" {...getFormProps(form)} {...checks.formProps} aria-label="Talk to a person">
        <input type="hidden" name="intent" value={HANDOFF_INTENT} />
        <input type="hidden" name="campaign_id" value={campaignId} />
        {conversationId ? <input type="hidden" name="conversation_id" value={conversationId} /> : null}
        <input type="hidden" name="needs_callback" value={needsCallback ? 'true' : 'false'} />
        <Stack gap="sm">
          <Group gap="xs">
            <IconHeadset size={18} aria-hidden />
            <Title order={2} size="h5">
              {needsCallback ? 'Ask for a callback' : 'Talk to a person'}
            </Title>
          </Group>
          {title ? (
            <Alert color={needsCallback ? 'yellow' : 'red'} title={title} role="alert" id={form.errorId}>
              {details.join(' ') || null}
            </Alert>
          ) : null}
          <Text size="sm" c="dimmed">
            {needsCallback
              ? 'Leave a name and a number and we will phone you. This conversation goes with your request.'
              : 'An agent reads this conversation, so you will not need to repeat yourself.'}
          </Text>
          {conversationId ? null : (
            <Textarea
              key={aboutKey}
              {...aboutProps}
              label="What is it about?"
              autosize
              minRows={2}
              error={fields.about.errors?.[0]}
            />
          )}
          {needsCallback ? (
            <>
              <TextInput
                key={nameKey}
                {...nameProps}
                label="Your name"
                autoComplete="name"
                error={fields.callback_name.errors?.[0]}
              />
              <TextInput
                key={phoneKey}
                {...phoneProps}
                label="Phone number"
                autoComplete="tel"
                inputMode="tel"
                error={fields.callback_phone.errors?.[0]}
              />
              <TextInput
                key={timeKey}
                {...timeProps}
                label="When suits you? (optional)"
                placeholder="Weekdays after 5pm"
                error={fields.callback_time.errors?.[0]}
              />
            </>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={sending} leftSection={<IconHeadset size={16} aria-hidden />}>
              {needsCallback ? 'Request a callback' : 'Talk to a person'}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Card>
  )
}
