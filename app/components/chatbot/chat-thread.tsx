import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { Link, useFetcher } from '@remix-run/react'
import { IconThumbDown, IconThumbUp } from '~/components/icons'
import type { ChatMessage } from '#contract/chatbot'
import { chatAudioSrc, FEEDBACK_INTENT, formatTime } from './format'
import { AnswerText, Sources } from './history/answer-parts'
import classes from './chatbot.module.css'

/** Thumbs up or down on an answer, with an optional reason: a plain form, through a fetcher with JavaScript. */
function Feedback({ message, action }: { message: ChatMessage; action?: string }) {
  const fetcher = useFetcher()
  const given = message.feedback?.rating
  const pending = fetcher.formData?.get('rating')
  const rating = (typeof pending === 'string' ? pending : given) ?? null
  return (
    <fetcher.Form method="post" action={action} aria-label="Was this answer helpful?">
      <input type="hidden" name="intent" value={FEEDBACK_INTENT} />
      <input type="hidden" name="message_id" value={message.message_id} />
      <Group gap={6} align="flex-end" wrap="wrap">
        <Text size="xs" c="dimmed">
          Helpful?
        </Text>
        <Button
          type="submit"
          name="rating"
          value="up"
          size="compact-xs"
          variant={rating === 'up' ? 'filled' : 'default'}
          aria-pressed={rating === 'up'}
          leftSection={<IconThumbUp size={14} aria-hidden />}
        >
          Yes
        </Button>
        <Button
          type="submit"
          name="rating"
          value="down"
          size="compact-xs"
          variant={rating === 'down' ? 'filled' : 'default'}
          color={rating === 'down' ? 'red' : undefined}
          aria-pressed={rating === 'down'}
          leftSection={<IconThumbDown size={14} aria-hidden />}
        >
          No
        </Button>
        <TextInput
          name="reason"
          size="xs"
          maxLength={500}
          placeholder="What was missing? (optional)"
          aria-label="What was missing? (optional)"
          defaultValue={message.feedback?.reason ?? ''}
          className={classes.reason}
        />
      </Group>
    </fetcher.Form>
  )
}

type Props = {
  messages: ChatMessage[]
  /** Show feedback forms on answers (the conversation's owner only). */
  feedback?: boolean
  /** Where the feedback forms post (the page's own action when not given). */
  action?: string
  /** Who the customer side is called. */
  you?: string
}

/** A conversation's messages; new ones are announced to screen readers as they arrive. */
export function ChatThread({ messages, feedback = false, action, you = 'You' }: Props) {
  return (
    <Stack gap="sm" role="log" aria-live="polite" aria-label="Conversation" className={classes.thread}>
      {messages.map((m) => {
        if (m.role === 'system')
          return (
            <Text key={m.message_id} size="xs" c="dimmed" ta="center" role="note">
              {m.text}
            </Text>
          )
        const mine = m.role === 'customer'
        const audio = chatAudioSrc(m.audio_url)
        return (
          <Box key={m.message_id} className={mine ? classes.mine : classes.theirs}>
            <Paper
              withBorder
              p="sm"
              radius="md"
              component="article"
              aria-label={`${mine ? you : m.role === 'agent' ? 'Agent' : 'Bot'} at ${formatTime(m.created_at)}`}
              className={mine ? classes.mineBubble : classes.botBubble}
            >
              <Stack gap={6}>
                <Group gap={6} justify="space-between">
                  <Text size="xs" fw={600}>
                    {mine ? you : m.role === 'agent' ? 'Agent' : 'Bot'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatTime(m.created_at)}
                  </Text>
                </Group>
                {m.role === 'bot' ? <AnswerText message={m} /> : <Text size="sm">{m.text}</Text>}
                {audio ? <audio controls preload="none" src={audio} aria-label="Spoken reply" /> : null}
                {m.dont_know && m.closest_articles.length ? (
                  <Stack gap={2}>
                    <Text size="xs" c="dimmed">
                      The closest articles:
                    </Text>
                    <ul className={classes.closest}>
                      {m.closest_articles.map((a) => (
                        <li key={a.article_id}>
                          <Text span size="xs">
                            {a.title}
                          </Text>
                        </li>
                      ))}
                    </ul>
                  </Stack>
                ) : null}
                {m.data_answer ? (
                  <Anchor component={Link} to={m.data_answer.link} size="xs">
                    Open the dashboard for {m.data_answer.figure}
                  </Anchor>
                ) : null}
                <Sources messageId={m.message_id} citations={m.citations} />
                {m.role === 'bot' && m.timings_ms && Object.keys(m.timings_ms).length > 2 ? (
                  <Group gap={4} aria-label="Time taken">
                    {Object.entries(m.timings_ms).map(([stage, ms]) => (
                      <Badge key={stage} size="xs" variant="light" color="gray" tt="none">
                        {stage} {Math.round(ms)} ms
                      </Badge>
                    ))}
                  </Group>
                ) : null}
                {feedback && m.role === 'bot' ? <Feedback message={m} action={action} /> : null}
              </Stack>
            </Paper>
          </Box>
        )
      })}
    </Stack>
  )
}

/** A link to download the conversation as text. */
export function DownloadCopy({ href }: { href: string }) {
  return (
    <Button component="a" href={href} variant="subtle" size="xs">
      Download a copy
    </Button>
  )
}
