import { Card, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { EmotionAnalysis } from '#contract/evaluations'

// Bar colours at least 3:1 against the bar's grey track and the white card.
const speakers = [
  { key: 'agent', label: 'Agent', color: 'indigo.6' },
  { key: 'customer', label: 'Customer', color: 'orange.8' },
] as const

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const row = { display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 8, marginBottom: 6 } as const
const bar = { gridColumn: '1 / -1', margin: '2px 0 0' } as const

/**
 * How much of a bar an emotion fills: its share of the speaker's words (0–1) on a scale to 100%, so
 * 4% of the words is 4% of the bar. Counts (above 1) are taken as shares of their total.
 */
export function emotionBar(value: number, values: number[]) {
  const total = values.reduce((n, v) => n + v, 0)
  const share = values.every((v) => v <= 1) ? value : total ? value / total : 0
  return Math.min(100, Math.max(0, share * 100))
}

function Speaker({ label, color, values }: { label: string; color: string; values: Record<string, number> }) {
  const entries = Object.entries(values)
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1])
  const all = Object.values(values)
  const asShare = all.every((v) => v <= 1)
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
            // a row: the emotion, its share, and under them its bar (each part a dt or dd of its own)
            <div key={emotion} style={row}>
              <Text component="dt" size="xs">
                {capitalise(emotion)}
              </Text>
              <Text component="dd" size="xs" c="dimmed" m={0}>
                {asShare ? `${Math.round(value * 100)}%` : value}
              </Text>
              <dd style={bar}>
                <Progress value={emotionBar(value, all)} color={color} size="sm" aria-hidden />
              </dd>
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
      <Title order={2} size="h4" id="emotion-heading">
        Emotions by speaker
      </Title>
      {emotion ? (
        <>
          <Text size="xs" c="dimmed" mb="sm">
            The share of each speaker&apos;s words that carry an emotion; a full bar would be every word.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
            {speakers.map((s) => (
              <Speaker key={s.key} label={s.label} color={s.color} values={emotion[s.key]} />
            ))}
          </SimpleGrid>
        </>
      ) : (
        <Text size="sm" c="dimmed" mt="sm">
          Emotion data is unavailable.
        </Text>
      )}
    </Card>
  )
}
