import { Card, Text, Title, VisuallyHidden } from '@mantine/core'
import type { WordCloudData } from '#contract/evaluations'

const sentimentColor = {
  positive: 'var(--mantine-color-teal-8)',
  negative: 'var(--mantine-color-red-8)',
  neutral: 'var(--mantine-color-gray-8)',
} as const

/** Plain HTML: words sized by how often they were said, coloured by their sentiment. */
export function WordCloud({ cloud }: { cloud: WordCloudData | null }) {
  const words = cloud?.words ?? []
  const max = Math.max(...words.map((w) => w.count), 1)
  const min = Math.min(...words.map((w) => w.count), max)
  const size = (count: number) => (max === min ? 22 : 14 + ((count - min) / (max - min)) * 22)
  return (
    <Card padding="md" component="section" aria-labelledby="word-cloud-heading">
      <Title order={2} size="h4" id="word-cloud-heading" mb="sm">
        Word cloud
      </Title>
      {words.length === 0 ? (
        <Text size="sm" c="dimmed">
          Word cloud data is unavailable.
        </Text>
      ) : (
        <>
          <ul
            aria-label="Most said words"
            style={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'baseline',
              justifyContent: 'center',
              gap: '4px 14px',
            }}
          >
            {words.map((w) => (
              <li
                key={w.word}
                title={`${w.word}: ${w.count} times (agent ${w.agent}, customer ${w.customer}), ${w.sentiment}`}
                style={{
                  fontSize: size(w.count),
                  lineHeight: 1.2,
                  color: sentimentColor[w.sentiment],
                  fontWeight: 600,
                }}
              >
                {w.word}
                <VisuallyHidden>{` (${w.count} times, ${w.sentiment})`}</VisuallyHidden>
              </li>
            ))}
          </ul>
          <Text size="xs" c="dimmed" mt="sm" ta="center">
            Larger words were said more often; green positive, red negative.
          </Text>
        </>
      )}
    </Card>
  )
}
