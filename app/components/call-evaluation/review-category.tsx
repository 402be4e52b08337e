import { Anchor, Group, Table, Text, UnstyledButton } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconShieldCheck } from '~/components/icons'
import type { AnswerValue, ManualReviewCategory } from '#contract/evaluations'
import { formatScore } from './evaluation-format'
import { ReviewQuestion, type ReviewMode } from './review-question'
import classes from './call-review-panel.module.css'

type Props = {
  category: ManualReviewCategory
  mode: ReviewMode
  /** Index of the category's first question among all the form's rows. */
  offset: number
  isOpen: boolean
  /** false until hydration: the disclosure is then a link that reloads the page with the category open. */
  interactive: boolean
  toggleHref: string
  onToggle: () => void
  values: Record<number, AnswerValue>
  onCycle: (rowId: number, current: AnswerValue) => void
}

function AutoFailCell({ category, mode }: { category: ManualReviewCategory; mode: ReviewMode }) {
  if (!category.template_category.auto_failed)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    )
  const failed = mode === 'ai' ? category.ai_failed : (category.auditor_failed ?? category.ai_failed)
  // a warning triangle only where the category failed; a passed one reads as what it is
  const Icon = failed ? IconAlertTriangle : IconShieldCheck
  // on a narrow card the word goes under the icon rather than past the card's edge
  return (
    <Group gap={4} wrap="wrap">
      <Icon
        size={18}
        color={failed ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-teal-7)'}
        role="img"
        aria-label="Auto-fail category"
      />
      <Text size="xs" c={failed ? 'red.8' : 'teal.8'} fw={failed ? 700 : 500}>
        {failed ? 'Failed' : 'Passed'}
      </Text>
    </Group>
  )
}

/** One category: its row in the table and, when open, its questions below it. */
export function ReviewCategory(props: Props) {
  const { category, mode, offset, isOpen, interactive, toggleHref, onToggle, values, onCycle } = props
  const id = category.template_category.internal_id
  const panelId = `category-${id}-questions`
  const label = (
    <Group gap={6} wrap="nowrap" component="span">
      {isOpen ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
      <Text span fw={600} size="sm">
        {category.template_category.name}
      </Text>
      <Text span size="xs" c="dimmed">
        ({category.questions.length})
      </Text>
    </Group>
  )
  const toggle =
    mode === 'edit' ? (
      label
    ) : interactive ? (
      <UnstyledButton type="button" aria-expanded={isOpen} aria-controls={panelId} onClick={onToggle}>
        {label}
      </UnstyledButton>
    ) : (
      <Anchor component={Link} to={toggleHref} c="inherit" underline="never" aria-expanded={isOpen} preventScrollReset>
        {label}
      </Anchor>
    )
  return (
    <Table.Tbody>
      <Table.Tr>
        <Table.Td>{toggle}</Table.Td>
        <Table.Td>{formatScore(category.auditor_score)}</Table.Td>
        <Table.Td>{formatScore(category.ai_score)}</Table.Td>
        <Table.Td>
          <AutoFailCell category={category} mode={mode} />
        </Table.Td>
      </Table.Tr>
      {isOpen ? (
        <Table.Tr id={panelId}>
          <Table.Td colSpan={4} className={classes.questions}>
            {category.questions.length === 0 ? (
              <Text size="sm" c="dimmed" py="xs">
                No questions available.
              </Text>
            ) : (
              <ul className={classes.list}>
                {category.questions.map((row, i) => (
                  <ReviewQuestion
                    key={row.internal_id}
                    row={row}
                    mode={mode}
                    index={offset + i}
                    value={values[row.internal_id] ?? row.value}
                    interactive={interactive}
                    onCycle={() => onCycle(row.internal_id, row.value)}
                  />
                ))}
              </ul>
            )}
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Table.Tbody>
  )
}
