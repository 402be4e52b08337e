import { Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { EmotionAnalysis } from '#contract/evaluations'

const speakers = [
  { key: 'agent', label: 'Agent', color: 'indigo' },
  { key: 'customer', label: 'Customer', color: 'orange' },
] as const

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

function Speaker({ label, color, values }: { label: string; color: string; values: Record<string, number> }) {
  const entries = Object.entries(values)
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1])
  const max = Math.max(...entries.map(([, v]) => v), 0)
  const asShare = max <= 1
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No emotion detected.
        </Text>
      ) : (
        <dl style={{ margin: 0 }}>
          {entries.map(([emotion, value]) => (
            <div key={emotion} style={{ marginBottom: 6 }}>
              <Group justify="space-between" gap="xs">
                <Text component="dt" size="xs">
                  {capitalise(emotion)}
                </Text>
                <Text component="dd" size="xs" c="dimmed" m={0}>
                  {asShare ? `${Math.round(value * 100)}%` : value}
                </Text>
              </Group>
              {/* Bars relative to the speaker's strongest emotion, so small shares stay readable. */}
              <Progress value={max ? (value / max) * 100 : 0} color={color} size="sm" aria-hidden />
            </div>
          ))}
        </dl>
      )}
    </Stack>
  )
}

export function EmotionPanel({ emotion }: { emotion: EmotionAnalysis | null }) {
  return (
    <Card padding="md" component="section" aria-labelledby="emotion-heading">
      <Title order={2} size="h4" id="emotion-heading" mb="sm">
        Emotions by speaker
      </Title>
      {emotion ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
          {speakers.map((s) => (
            <Speaker key={s.key} label={s.label} color={s.color} values={emotion[s.key]} />
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          Emotion data is unavailable.
        </Text>
      )}
    </Card>
  )
}
