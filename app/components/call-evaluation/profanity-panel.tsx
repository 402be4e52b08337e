import { Alert, Badge, Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { useFetcher } from '@remix-run/react'
import { IconShieldSearch } from '~/components/icons'
import { useAudioSeek } from './call-audio'
import type { ProfanityOutcome } from './profanity-panel.schema'

/** "Scan for profanity" posts to the page's action: with JavaScript through a fetcher, without it as a plain form. */
export function ProfanityPanel({ fallback }: { fallback?: ProfanityOutcome | null }) {
  const fetcher = useFetcher<ProfanityOutcome>({ key: 'profanity-scan' })
  const seek = useAudioSeek()
  const outcome = fetcher.data ?? fallback ?? null
  const result = outcome?.profanity ?? null
  return (
    <Card padding="md" component="section" aria-labelledby="profanity-heading">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4" id="profanity-heading">
          Profanity
        </Title>
        <fetcher.Form method="post" preventScrollReset>
          <Button
            type="submit"
            name="intent"
            value="scan-profanity"
            variant="light"
            size="sm"
            loading={fetcher.state !== 'idle'}
            leftSection={<IconShieldSearch size={16} aria-hidden />}
          >
            Scan for profanity
          </Button>
        </fetcher.Form>
      </Group>
      <div aria-live="polite">
        {outcome?.error ? (
          <Alert color="red" role="alert" title="The scan failed">
            {outcome.error}
          </Alert>
        ) : !result ? (
          <Text size="sm" c="dimmed">
            Scan the transcript for profane words from either speaker.
          </Text>
        ) : result.count === 0 ? (
          <Text size="sm" c="teal.8">
            No profanity found.
          </Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {result.count} {result.count === 1 ? 'hit' : 'hits'}
            </Text>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {result.hits.map((hit, i) => (
                <li key={i} style={{ padding: '6px 0', borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <UnstyledButton onClick={() => seek(hit.start_seconds)} aria-label={`Play from ${hit.start_time}`}>
                      <Text span size="xs" ff="monospace" c="indigo.7" td="underline">
                        {hit.start_time}
                      </Text>
                    </UnstyledButton>
                    <Badge size="xs" variant="light" color={hit.speaker === 'agent' ? 'indigo' : 'orange'}>
                      {hit.speaker}
                    </Badge>
                    <Text size="sm">
                      <Text span inherit fw={700} c="red.8">
                        {hit.word}
                      </Text>
                      {' — '}
                      {hit.text}
                    </Text>
                  </Group>
                </li>
              ))}
            </ul>
          </Stack>
        )}
      </div>
    </Card>
  )
}
