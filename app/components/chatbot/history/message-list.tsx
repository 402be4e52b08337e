import { Group, Paper, Stack, Text } from '@mantine/core'
import type { ChatChannel, ChatMessage } from '#contract/chatbot'
import { chatAudioSrc } from '~/components/chatbot/format'
import { AnswerText, DataAnswer, DontKnow, FeedbackGiven, Sources, Suggestions, Timings } from './answer-parts'
import { formatDateTime, formatTime, speakerOf } from './format'
import classes from './history.module.css'

type Props = {
  messages: ChatMessage[]
  channel: ChatChannel
  /** What the customer side is called ("You", or the user's name). */
  customer: string
}

/** One message, styled by who wrote it; a bot answer with everything that came with it. */
function Message({ message: m, channel, customer }: { message: ChatMessage } & Omit<Props, 'messages'>) {
  const who = speakerOf(m.role, customer)
  const at = (
    <Text size="xs" c="dimmed" component="time" dateTime={m.created_at} title={formatDateTime(m.created_at)}>
      {formatTime(m.created_at)}
    </Text>
  )
  if (m.role === 'system') {
    return (
      <li className={classes.system}>
        <Text size="xs" c="dimmed" component="p" m={0}>
          {who}: {m.text} · {at}
        </Text>
      </li>
    )
  }
  const audio = chatAudioSrc(m.audio_url)
  const voice = channel === 'trelli_talk' && m.timings_ms && Object.keys(m.timings_ms).length
  return (
    <Paper component="li" withBorder p="sm" radius="md" className={classes[m.role]}>
      <article aria-label={`${who} at ${formatTime(m.created_at)}`}>
        <Stack gap={6}>
          <Group gap={6} justify="space-between">
            <Text size="xs" fw={700}>
              {who}
            </Text>
            {at}
          </Group>
          {m.role === 'bot' ? (
            <AnswerText message={m} />
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.text}
            </Text>
          )}
          {audio ? (
            <audio
              controls
              preload="none"
              src={audio}
              className={classes.audio}
              aria-label={m.role === 'customer' ? 'Spoken question' : 'Spoken answer'}
            />
          ) : null}
          {m.dont_know ? <DontKnow message={m} /> : null}
          <Suggestions message={m} />
          {m.data_answer ? <DataAnswer answer={m.data_answer} /> : null}
          <Sources messageId={m.message_id} citations={m.citations} />
          {voice ? <Timings timings={m.timings_ms!} /> : null}
          {m.feedback ? <FeedbackGiven feedback={m.feedback} /> : null}
        </Stack>
      </article>
    </Paper>
  )
}

/** A conversation's messages in the order they were written. */
export function MessageList({ messages, channel, customer }: Props) {
  if (!messages.length) return <Text c="dimmed">This conversation has no messages.</Text>
  return (
    <ol className={classes.messages} aria-label="Messages">
      {messages.map((m) => (
        <Message key={m.message_id} message={m} channel={channel} customer={customer} />
      ))}
    </ol>
  )
}
