import { Box, List, Text, Title } from '@mantine/core'
import type { SummaryTypeCode } from '#contract/summarization'
import { summaryBlocks } from './summary-blocks'

/** A summary as it reads best: bullets as a list, call notes under their headings, prose as paragraphs. */
export function SummaryText({
  summary,
  type,
  headingOrder = 3,
}: {
  summary: string
  type: SummaryTypeCode
  headingOrder?: 3 | 4
}) {
  const blocks = summaryBlocks(summary, type)
  return (
    <Box>
      {blocks.map((block, i) => {
        if (block.kind === 'heading')
          return (
            <Title key={i} order={headingOrder} size="h5" mt={i ? 'sm' : 0} mb={4}>
              {block.text}
            </Title>
          )
        if (block.kind === 'list')
          return (
            <List key={i} spacing={4} size="sm" mb="xs">
              {block.items.map((item, j) => (
                <List.Item key={j}>{item}</List.Item>
              ))}
            </List>
          )
        return (
          <Text key={i} size="sm" mb="xs">
            {block.text}
          </Text>
        )
      })}
    </Box>
  )
}
