import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { IconPencil } from '~/components/icons'
import { useMemo, useState, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { AnswerValue, ManualReview } from '#contract/evaluations'
import { formatDateTime, formatScore, nextAnswer } from './evaluation-format'
import { ReviewCategory } from './review-category'
import type { ReviewMode } from './review-question'
import classes from './call-review-panel.module.css'

export type CallReviewPanelProps = {
  review: ManualReview | null
  mode: ReviewMode
  canReview: boolean
  loading: boolean
  lockedBy?: { name: string; since: string } | null
  reason?: string | null
  sessionId?: number | null
  /** Categories shown expanded in the server's HTML (the no-JavaScript disclosure). */
  open?: number[]
  modeHref: (mode: 'ai' | 'review') => string
  toggleHref: (categoryId: number) => string
  formErrors?: string[]
}

function initialValues(review: ManualReview | null) {
  const values: Record<number, AnswerValue> = {}
  for (const category of review?.categories ?? []) for (const q of category.questions) values[q.internal_id] = q.value
  return values
}

function ModeSwitch({ mode, modeHref }: Pick<CallReviewPanelProps, 'mode' | 'modeHref'>) {
  const items = [
    { mode: 'ai' as const, label: 'AI evaluation' },
    { mode: 'review' as const, label: 'Manual review' },
  ]
  return (
    <nav aria-label="Review mode" className={classes.modes}>
      {items.map((item) => (
        <Link
          key={item.mode}
          to={modeHref(item.mode)}
          className={classes.mode}
          aria-current={mode === item.mode || (mode === 'edit' && item.mode === 'review') ? 'page' : undefined}
          preventScrollReset
        >
          {item.label}
        </Link>
      ))}
    </nav>
  )
}

/** SPEC §2's call-review panel: categories with their scores, expanding to their questions. */
export function CallReviewPanel(props: CallReviewPanelProps) {
  const { review, mode, canReview, loading, lockedBy, reason, sessionId, modeHref, toggleHref, formErrors } = props
  const hydrated = useHydrated()
  const initial = useMemo(() => initialValues(review), [review])
  const [values, setValues] = useState(initial)
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set(props.open ?? []))
  const editing = mode === 'edit'

  let body: ReactNode
  if (!review || review.categories.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="lg">
        Manual review data is unavailable.
      </Text>
    )
  } else {
    const offsets = review.categories.map((_, c) =>
      review.categories.slice(0, c).reduce((sum, category) => sum + category.questions.length, 0),
    )
    body = (
      <Table verticalSpacing="xs" aria-label="Call review by category" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Category</Table.Th>
            <Table.Th>Auditor Score</Table.Th>
            <Table.Th>AI Score</Table.Th>
            <Table.Th>Auto Fail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {review.categories.map((category, c) => {
          const id = category.template_category.internal_id
          return (
            <ReviewCategory
              key={id}
              category={category}
              mode={mode}
              offset={offsets[c]}
              isOpen={editing || expanded.has(id)}
              interactive={hydrated}
              toggleHref={toggleHref(id)}
              onToggle={() =>
                setExpanded((prev) => {
                  const next = new Set(prev)
                  if (next.has(id)) next.delete(id)
                  else next.add(id)
                  return next
                })
              }
              values={values}
              onCycle={(rowId, current) =>
                setValues((prev) => ({ ...prev, [rowId]: nextAnswer(prev[rowId] ?? current) }))
              }
            />
          )
        })}
      </Table>
    )
  }

  const header = (
    <Group justify="space-between" align="center" gap="sm" mb="sm">
      <div>
        <Title order={2} size="h4" id="call-review-heading">
          Call review
        </Title>
        <Text size="xs" c="dimmed">
          AI score {formatScore(review?.ai_score)} · Auditor score {formatScore(review?.auditor_score)}
          {review?.reviewed_by ? ` · reviewed by ${review.reviewed_by}, ${formatDateTime(review.reviewed_at)}` : ''}
        </Text>
      </div>
      <Group gap="sm">
        {editing ? null : <ModeSwitch mode={mode} modeHref={modeHref} />}
        {mode === 'review' && !loading && canReview && !lockedBy && review ? (
          <Form method="post" preventScrollReset>
            <Button
              type="submit"
              name="intent"
              value="start-review"
              size="sm"
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              Add Manual Review
            </Button>
          </Form>
        ) : null}
      </Group>
    </Group>
  )

  const notes = (
    <>
      {lockedBy ? (
        <Alert color="yellow" mb="sm" title="Review in progress">
          {lockedBy.name} has had this call open for review since {formatDateTime(lockedBy.since)}. Editing is
          unavailable until they finish.
        </Alert>
      ) : null}
      {mode === 'review' && !canReview && !lockedBy && reason ? (
        <Text size="xs" c="dimmed" mb="sm">
          {reason}
        </Text>
      ) : null}
      {formErrors?.length ? (
        <Alert color="red" mb="sm" role="alert" title="The review was not saved">
          {formErrors.join(' ')}
        </Alert>
      ) : null}
    </>
  )

  const scroller = <div className={classes.scroller}>{body}</div>

  return (
    <Card padding="md" component="section" aria-labelledby="call-review-heading">
      {header}
      {notes}
      {editing && review ? (
        <Form method="post" preventScrollReset aria-label="Manual review">
          {sessionId ? <input type="hidden" name="session_id" value={sessionId} /> : null}
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {hydrated
                ? 'Click an answer to change it: yes, then no, then n/a.'
                : 'Choose yes, no or n/a for each question, then save.'}
            </Text>
            {scroller}
            <Group justify="flex-end" gap="sm">
              <Button
                type="submit"
                name="intent"
                value="cancel-review"
                variant="default"
                formNoValidate
                onClick={() => setValues(initial)}
              >
                Cancel
              </Button>
              <Button type="submit" name="intent" value="save-review">
                Save
              </Button>
            </Group>
          </Stack>
        </Form>
      ) : (
        scroller
      )}
    </Card>
  )
}
