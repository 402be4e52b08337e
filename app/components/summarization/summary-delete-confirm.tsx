import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { SUMMARY_HISTORY_PATH } from './format'

export type DeleteTarget = { summary_id: number; source: string; summary_type_label: string }

type Props = {
  summary: DeleteTarget
  /** Where to come back to after (the list as it was, without the confirmation step). */
  redirectTo: string
  cancel: ReactNode
}

/** The delete form itself: a plain POST, shown in a modal with JavaScript and in the page without it. */
export function SummaryDeleteForm({ summary, redirectTo, cancel }: Props) {
  return (
    <Form method="post" action={SUMMARY_HISTORY_PATH}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="summary_id" value={summary.summary_id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Stack gap="md">
        <Text size="sm">
          Delete summary <strong>#{summary.summary_id}</strong> ({summary.summary_type_label} of {summary.source})? The
          summary and the text it was made from are removed; a summary still being made is cancelled. It cannot be
          undone.
        </Text>
        <Group gap="sm" justify="flex-end">
          {cancel}
          <Button type="submit" color="red">
            Delete summary
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

/** The no-JavaScript confirmation step (`?confirm-delete=<id>`), above the list. */
export function SummaryDeletePanel({ cancelHref, ...props }: Omit<Props, 'cancel'> & { cancelHref: string }) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      role="region"
      aria-labelledby="confirm-delete-title"
      style={{ borderColor: 'var(--mantine-color-red-4)', background: 'var(--mantine-color-red-0)' }}
    >
      <Title order={2} size="h4" id="confirm-delete-title" mb="xs">
        Delete summary
      </Title>
      <SummaryDeleteForm
        {...props}
        cancel={
          <Button component={Link} to={cancelHref} variant="default">
            Cancel
          </Button>
        }
      />
    </Paper>
  )
}
