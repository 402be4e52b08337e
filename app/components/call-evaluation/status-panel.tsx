import { Badge, Button, Card, Group, NativeSelect, Stack, Text, Textarea, Timeline, Title } from '@mantine/core'
import { Form } from '@remix-run/react'
import type { ActionStatus } from '#contract/evaluations'
import { formatDateTime, statusColor, statusLabel } from './evaluation-format'

type Props = {
  action: ActionStatus | null
  canChange: boolean
  errors?: Record<string, string[] | null | undefined>
}

/** The evaluation's status, a form to move it on (to what get_action_status allows) and its history. */
export function StatusPanel({ action, canChange, errors }: Props) {
  const formError = errors?.['']?.[0]
  return (
    <Card padding="md" component="section" aria-labelledby="status-heading">
      <Title order={2} size="h4" id="status-heading" mb="sm">
        Status
      </Title>
      {!action ? (
        <Text size="sm" c="dimmed">
          The status history is unavailable.
        </Text>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm">Current status:</Text>
            <Badge color={statusColor[action.status]} variant="light">
              {statusLabel[action.status]}
            </Badge>
          </Group>
          {canChange && action.allowed.length > 0 ? (
            <Form method="post" preventScrollReset aria-label="Change status">
              <Stack gap="xs">
                <NativeSelect
                  name="status"
                  label="Move to"
                  data={action.allowed.map((s) => ({ value: s, label: statusLabel[s] }))}
                  error={errors?.status?.[0]}
                />
                <Textarea
                  name="comment"
                  label="Comment"
                  placeholder="Why the status changes (optional)"
                  autosize
                  minRows={2}
                  maxLength={1000}
                  error={errors?.comment?.[0]}
                />
                {formError ? (
                  <Text size="sm" c="red.8" role="alert">
                    {formError}
                  </Text>
                ) : null}
                <Group justify="flex-end">
                  <Button type="submit" name="intent" value="change-status" variant="light">
                    Change status
                  </Button>
                </Group>
              </Stack>
            </Form>
          ) : (
            <Text size="xs" c="dimmed">
              You can&apos;t change this evaluation&apos;s status now.
            </Text>
          )}
          <div>
            <Text size="sm" fw={600} mb="xs">
              History
            </Text>
            {action.history.length === 0 ? (
              <Text size="sm" c="dimmed">
                No changes yet.
              </Text>
            ) : (
              <Timeline bulletSize={12} lineWidth={2} active={action.history.length - 1}>
                {action.history.map((entry) => (
                  <Timeline.Item
                    key={entry.id}
                    title={
                      entry.from_status
                        ? `${statusLabel[entry.from_status]} → ${statusLabel[entry.to_status]}`
                        : statusLabel[entry.to_status]
                    }
                  >
                    <Text size="xs" c="dimmed">
                      {formatDateTime(entry.created_at)}
                      {entry.changed_by ? ` · ${entry.changed_by}` : ''}
                    </Text>
                    {entry.comment ? <Text size="sm">{entry.comment}</Text> : null}
                  </Timeline.Item>
                ))}
              </Timeline>
            )}
          </div>
        </Stack>
      )}
    </Card>
  )
}
