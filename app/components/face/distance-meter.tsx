import { Group, Progress, Stack, Text } from '@mantine/core'
import { formatDistance } from './format'

/**
 * How far the face is from the person's, against the threshold: the bar is full at twice the
 * threshold, so the threshold sits in the middle; under it (green) is the same person.
 */
export function DistanceMeter({ distance, threshold }: { distance: number | null; threshold: number }) {
  if (distance === null) {
    return (
      <Text size="sm" c="dimmed" mt="sm">
        No distance: there was no face to compare. Threshold {formatDistance(threshold)}.
      </Text>
    )
  }
  const scale = threshold * 2
  const value = Math.min(100, Math.round((distance / scale) * 100))
  const under = distance <= threshold
  return (
    <Stack gap={4} mt="sm">
      <Group justify="space-between">
        <Text size="sm">
          Distance <strong>{formatDistance(distance)}</strong>
        </Text>
        <Text size="sm" c="dimmed">
          threshold {formatDistance(threshold)}
        </Text>
      </Group>
      <div style={{ position: 'relative' }}>
        <Progress
          value={value}
          color={under ? 'teal' : 'red'}
          size="lg"
          aria-label={`Distance ${formatDistance(distance)} against the threshold ${formatDistance(threshold)}`}
        />
        <span
          aria-hidden
          style={{
            position: 'absolute',
            left: '50%',
            top: -3,
            bottom: -3,
            borderLeft: '2px dashed var(--mantine-color-dark-3)',
          }}
        />
      </div>
      <Text size="xs" c="dimmed">
        {under ? 'Under the threshold: the same person.' : 'Over the threshold: a different person.'}
      </Text>
    </Stack>
  )
}
