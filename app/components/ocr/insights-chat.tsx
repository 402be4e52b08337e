import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core'
import { useFetcher } from '@remix-run/react'
import { IconMessageQuestion } from '~/components/icons'
import { useEffect, useRef, useState } from 'react'
import type { InsightsAnswer } from '#contract/ocr'
import { ASK_INTENT } from './format'
import type { AskReply } from './insights-chat.schema'
import classes from './ocr.module.css'
import { useBrowserChecks } from '~/lib/browser-checks'

function Answer({ answer }: { answer: InsightsAnswer }) {
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`Answer to: ${answer.question}`}>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {answer.question}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {answer.answer}
        </Text>
        {answer.passages.length ? (
          <Stack gap={6} mt={4}>
            <Text size="xs" c="dimmed">
              {answer.passages.length === 1 ? 'From this passage:' : 'From these passages:'}
            </Text>
            {answer.passages.map((p, i) => (
              <figure key={i} style={{ margin: 0 }}>
                <Text component="figcaption" size="xs" fw={600} c="dimmed">
                  Page {p.page}
                </Text>
                <Text component="blockquote" size="sm" className={classes.passage}>
                  {p.text}
                </Text>
              </figure>
            ))}
          </Stack>
        ) : null}
        <Group gap={4}>
          <Badge size="xs" variant="light" color="gray" tt="none">
            {answer.engine === 'llm' ? 'Answered by the language model from these passages' : 'Quoted from the text'}
          </Badge>
        </Group>
      </Stack>
    </Paper>
  )
}

type Props = {
  documentId: number
  /** The page action's answer to a question posted without JavaScript. */
  posted: AskReply | null | undefined
}

const loadChecks = () => import('./insights-chat.schema')

/**
 * Questions about the document, answered from its text with the passages quoted. A plain POST to the
 * page's action: without JavaScript the answer comes back in the page. With it the form goes through
 * a fetcher, so the page (and the earlier answers) stay while it is answered.
 */
export function InsightsChat({ documentId, posted }: Props) {
  const fetcher = useFetcher<AskReply>()
  const asking = fetcher.state !== 'idle'
  const reply = fetcher.data ?? posted
  const [earlier, setEarlier] = useState<InsightsAnswer[]>([])
  const last = useRef<InsightsAnswer | null>(null)
  const current = reply?.answer ?? null
  useEffect(() => {
    if (!current || current === last.current) return
    const previous = last.current
    if (previous) setEarlier((list) => [...list, previous])
    last.current = current
  }, [current])

  const checks = useBrowserChecks(loadChecks, (schemas, formData) => schemas.parseAskForm(formData), {
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const [form, fields] = useForm({
    id: `insights-${documentId}`,
    lastResult: reply?.result,
    defaultValue: { document_id: String(documentId), question: '' },
    ...checks.options,
  })
  const [title, ...details] = form.errors ?? []
  const { key, ...questionProps } = getTextareaProps(fields.question, { ariaAttributes: false })

  return (
    <Stack gap="sm">
      {earlier.length || current ? (
        <Stack gap="sm" aria-label="Answers" role="log" aria-live="polite">
          {earlier.map((a, i) => (
            <Answer key={i} answer={a} />
          ))}
          {current ? <Answer answer={current} /> : null}
        </Stack>
      ) : null}
      <fetcher.Form method="post" {...getFormProps(form)} {...checks.formProps} aria-label="Ask about the document">
        <input type="hidden" name="intent" value={ASK_INTENT} />
        <input type="hidden" name="document_id" value={documentId} />
        <Stack gap="sm">
          {title ? (
            <Alert color="red" title={title} role="alert" id={form.errorId}>
              {details.join(' ') || 'Try again in a moment.'}
            </Alert>
          ) : null}
          <Textarea
            key={key}
            {...questionProps}
            label="Your question"
            placeholder="What is the total? Who issued it? When does it expire?"
            autosize
            minRows={2}
            maxRows={6}
            error={fields.question.errors?.[0]}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={asking} leftSection={<IconMessageQuestion size={16} aria-hidden />}>
              Ask
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Stack>
  )
}
