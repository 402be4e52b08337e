import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core'
import { Form, useLocation, useNavigate, useNavigation, useRevalidator } from '@remix-run/react'
import { IconSend } from '~/components/icons'
import { useState, type ReactNode } from 'react'
import type { ChatChannel, ConverseEvent } from '#contract/chatbot'
import type { ChatReply } from './chat-forms.schema'
import { ASK_INTENT, CHATBOT_UNREACHABLE } from './format'
import { useBrowserChecks } from '~/lib/browser-checks'

export const CHAT_STREAM_PATH = '/resources/chat-stream'

/**
 * Posts the message to the stream resource route and shows the answer as it is written; once the
 * turn is stored, goes to the conversation (the loader renders it whole). Null on success, else why not.
 */
async function streamTurn(
  formData: FormData,
  onText: (text: string) => void,
  onDone: (conversationId: number) => void,
): Promise<string | null> {
  let response: Response
  try {
    response = await fetch(CHAT_STREAM_PATH, { method: 'POST', body: formData })
  } catch {
    return CHATBOT_UNREACHABLE
  }
  if (!response.ok || !response.body) return (await response.text().catch(() => '')) || CHATBOT_UNREACHABLE
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let text = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (value) buffer += value
    const lines = buffer.split('\n')
    buffer = done ? '' : lines.pop()!
    for (const line of lines.filter((l) => l.trim())) {
      const event = JSON.parse(line) as ConverseEvent
      if (event.type === 'delta') onText((text += event.text))
      if (event.type === 'error') return event.message || CHATBOT_UNREACHABLE
      if (event.type === 'done') {
        onDone(event.result.conversation_id)
        return null
      }
    }
    if (done) return CHATBOT_UNREACHABLE
  }
}

type Props = {
  campaignId: number
  conversationId: number | null
  /** How many messages the conversation has: a new turn is a new, empty form. */
  turn: number
  /** The action's reply to the last post (its errors, and the message kept when it failed). */
  reply: ChatReply | null | undefined
  label: string
  placeholder: string
  max: number
  submitLabel?: string
  minRows?: number
  /** More fields inside the form (trelliChat's call picker). */
  children?: ReactNode
  /** With JavaScript, the answer is shown as it is written (through the stream resource route). */
  streamChannel?: ChatChannel
}

const loadChecks = () => import('./chat-forms.schema')

/**
 * The message box: a plain POST to the page's action (post, redirect, get), so the whole
 * conversation comes back rendered with or without JavaScript. A failed send keeps the message.
 */
export function AskForm({
  campaignId,
  conversationId,
  turn,
  reply,
  label,
  placeholder,
  max,
  submitLabel = 'Send',
  minRows = 2,
  children,
  streamChannel,
}: Props) {
  const navigation = useNavigation()
  const navigate = useNavigate()
  const location = useLocation()
  const revalidator = useRevalidator()
  const [live, setLive] = useState<{ question: string; text: string } | null>(null)
  const [streamError, setStreamError] = useState<string | null>(null)
  const sending = (navigation.state !== 'idle' && navigation.formData?.get('intent') === ASK_INTENT) || live !== null
  const lastResult = reply?.intent === ASK_INTENT ? reply.result : undefined
  const checks = useBrowserChecks(loadChecks, (schemas, formData) => schemas.parseAskForm(formData, max), {
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const [form, fields] = useForm({
    id: `ask-${campaignId}-${conversationId ?? 'new'}-${turn}`,
    lastResult,
    ...checks.options,
    onSubmit(event, { formData, submission }) {
      // checks that failed to load leave the message to the action (which answers without streaming)
      if (!streamChannel || !submission) return
      event.preventDefault()
      formData.set('channel', streamChannel)
      setStreamError(null)
      setLive({ question: String(formData.get('message') ?? ''), text: '' })
      void streamTurn(
        formData,
        (text) => setLive((now) => (now ? { ...now, text } : now)),
        (id) => {
          const params = new URLSearchParams(location.search)
          params.set('conversation', String(id))
          // the same conversation is the same URL: load it again rather than navigate to where we are
          if (`?${params}` === location.search) revalidator.revalidate()
          else navigate(`${location.pathname}?${params}#latest`)
        },
      ).then((problem) => {
        // the question stays in the box when the answer did not come
        setLive(null)
        setStreamError(problem)
      })
    },
  })
  const [title, ...details] = streamError ? [streamError] : (form.errors ?? [])
  const { key, ...messageProps } = getTextareaProps(fields.message, { ariaAttributes: true })
  return (
    <Form method="post" {...getFormProps(form)} {...checks.formProps} aria-label={label}>
      <input type="hidden" name="intent" value={ASK_INTENT} />
      <input type="hidden" name="campaign_id" value={campaignId} />
      {conversationId ? <input type="hidden" name="conversation_id" value={conversationId} /> : null}
      <Stack gap="sm">
        {live ? (
          <Paper withBorder p="sm" radius="md" role="status" aria-label="The answer being written">
            <Text size="xs" c="dimmed">
              {live.question}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {live.text || '…'}
            </Text>
          </Paper>
        ) : null}
        {title ? (
          <Alert color="red" title={title} role="alert" id={form.errorId}>
            {details.join(' ') || 'Your message is still in the box: send it again in a moment.'}
          </Alert>
        ) : null}
        {children}
        <Textarea
          key={key}
          {...messageProps}
          label={label}
          placeholder={placeholder}
          autosize
          minRows={minRows}
          maxRows={10}
          maxLength={max}
          error={fields.message.errors?.[0]}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
