import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { ChatCitation, ChatMessage } from '#contract/chatbot'
import { formatMs, timingLabel } from './format'
import classes from './history.module.css'

const sourceId = (messageId: number, n: number) => `source-${messageId}-${n}`

/** An answer's text with its [n] markers as links to the numbered sources under it. */
export function AnswerText({ message }: { message: ChatMessage }) {
  const cited = new Set(message.citations.map((c) => c.n))
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {message.text.split(/(\[\d+\])/g).map((part, i) => {
        const n = Number(part.match(/^\[(\d+)\]$/)?.[1])
        return cited.has(n) ? (
          <sup key={i}>
            <a href={`#${sourceId(message.message_id, n)}`} aria-label={`Source ${n}`}>
              [{n}]
            </a>
          </sup>
        ) : (
          part
        )
      })}
    </Text>
  )
}

/** The numbered sources of an answer: each title opens its excerpt (a native disclosure, no JavaScript needed). */
export function Sources({ messageId, citations }: { messageId: number; citations: ChatCitation[] }) {
  if (!citations.length) return null
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed">
        Sources
      </Text>
      <ol className={classes.sources} aria-label="Sources">
        {citations.map((c) => (
          <li key={c.n} id={sourceId(messageId, c.n)} value={c.n}>
            <details>
              <summary>
                <Text span size="xs" fw={600}>
                  {c.title}
                </Text>
              </summary>
              <Text component="blockquote" size="xs" className={classes.excerpt}>
                {c.excerpt}
              </Text>
            </details>
          </li>
        ))}
      </ol>
    </div>
  )
}

/** The "I don't know" marker, with the articles nearest the question. */
export function DontKnow({ message }: { message: ChatMessage }) {
  return (
    <Stack gap={4}>
      <Group gap={6}>
        <Badge color="orange" variant="light" tt="none">
          I don’t know
        </Badge>
        <Text size="xs" c="dimmed">
          The knowledge base had no answer to this.
        </Text>
      </Group>
      {message.closest_articles.length ? (
        <div>
          <Text size="xs" c="dimmed">
            The closest articles:
          </Text>
          <ul className={classes.closest} aria-label="The closest articles">
            {message.closest_articles.map((a) => (
              <li key={a.article_id}>
                <Text span size="xs">
                  {a.title}
                </Text>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Stack>
  )
}

/** trelliChat's replies for the agent to send, each with the sources it rests on. */
export function Suggestions({ message }: { message: ChatMessage }) {
  if (!message.suggestions.length) return null
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed">
        Suggested replies
      </Text>
      <ol className={classes.suggestions} aria-label="Suggested replies">
        {message.suggestions.map((s, i) => (
          <li key={i}>
            <Text size="sm">{s.text}</Text>
            {s.citations.length ? (
              <Text size="xs" c="dimmed">
                From: {s.citations.map((c) => c.title).join(', ')}
              </Text>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  )
}

/** trelliChat's answer from the portal's data: the figure and the page that shows it. */
export function DataAnswer({ answer }: { answer: NonNullable<ChatMessage['data_answer']> }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600}>
        {answer.figure}
      </Text>
      <Anchor component={Link} to={answer.link} size="sm">
        See it in the portal
      </Anchor>
    </Group>
  )
}

/** How long each stage of a voice turn took. */
export function Timings({ timings }: { timings: Record<string, number> }) {
  return (
    <dl className={classes.timings} aria-label="Time taken">
      {Object.entries(timings).map(([stage, ms]) => (
        <div key={stage}>
          <dt>{timingLabel(stage)}</dt>
          <dd>{formatMs(ms)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The rating the asker gave an answer, and why. */
export function FeedbackGiven({ feedback }: { feedback: NonNullable<ChatMessage['feedback']> }) {
  const up = feedback.rating === 'up'
  return (
    <Text size="xs" c={up ? 'teal.9' : 'red.9'}>
      Feedback: {up ? '👍 helpful' : '👎 not helpful'}
      {feedback.reason ? ` — “${feedback.reason}”` : ''}
    </Text>
  )
}
