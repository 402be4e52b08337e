import { Button, CopyButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconCheck, IconCopy } from '~/components/icons'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { confidenceColor } from './format'
import type { ShownPage } from './page-view.schema'
import classes from './ocr.module.css'

/** The word boxes over the image: an SVG in the page's pixel coordinates, stretched over the <img>. */
function WordBoxes({ page }: { page: ShownPage }) {
  return (
    <svg
      className={classes.overlay}
      viewBox={`0 0 ${page.width} ${page.height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Word boxes on page ${page.page}`}
    >
      {page.words.map((word, i) => {
        const color = `var(--mantine-color-${confidenceColor(word.confidence)}-6)`
        return (
          <rect
            key={i}
            x={word.box.x0}
            y={word.box.y0}
            width={Math.max(1, word.box.x1 - word.box.x0)}
            height={Math.max(1, word.box.y1 - word.box.y0)}
            fill={color}
            fillOpacity={0.18}
            stroke={color}
          >
            <title>{`${word.text} (${Math.round(word.confidence)}%)`}</title>
          </rect>
        )
      })}
    </svg>
  )
}

function PageText({ page }: { page: ShownPage }) {
  const hydrated = useHydrated()
  const titleId = `page-${page.page}-text`
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm" id={titleId}>
          Text
          {page.source === 'text_layer' ? ' (from the PDF’s own text)' : ''}
        </Text>
        {hydrated && page.text ? (
          <CopyButton value={page.text}>
            {({ copied, copy }) => (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              >
                {copied ? 'Copied' : 'Copy text'}
              </Button>
            )}
          </CopyButton>
        ) : null}
      </Group>
      {page.text ? (
        <pre className={classes.text} aria-labelledby={titleId} tabIndex={0}>
          {page.text}
        </pre>
      ) : (
        <Text size="sm" c="dimmed">
          No text was found on this page.
        </Text>
      )}
    </Stack>
  )
}

/** One page: its image with the word boxes (which a switch hides) beside its text. */
export function PageView({ page, of }: { page: ShownPage; of: number }) {
  const [boxes, setBoxes] = useState(true)
  const titleId = `page-${page.page}-title`
  return (
    <section className={classes.viewer} aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h5" id={titleId}>
            Page {page.page} of {of}
          </Title>
          <Group gap="md">
            {page.rotation ? (
              <Text size="xs" c="dimmed">
                Turned {page.rotation}° to read it
              </Text>
            ) : null}
            {page.src && page.words.length ? (
              <label className={classes.toggle}>
                <input
                  type="checkbox"
                  role="switch"
                  checked={boxes}
                  onChange={(event) => setBoxes(event.currentTarget.checked)}
                />
                Show word boxes
              </label>
            ) : null}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, md: page.src ? 2 : 1 }} spacing="md">
          {page.src ? (
            <Stack gap={4}>
              <figure className={classes.figure}>
                <img
                  className={classes.image}
                  src={page.src}
                  width={page.width}
                  height={page.height}
                  alt={`Page ${page.page} as read`}
                  loading={page.page > 1 ? 'lazy' : undefined}
                />
                {boxes && page.words.length ? <WordBoxes page={page} /> : null}
              </figure>
              {page.words.length ? (
                <Text size="xs" c="dimmed">
                  {page.words.length} words. Boxes by confidence: green 85% and over, yellow 60–84%, red under 60%.
                  Point at a box for its word.
                </Text>
              ) : null}
            </Stack>
          ) : null}
          <PageText page={page} />
        </SimpleGrid>
      </Stack>
    </section>
  )
}
