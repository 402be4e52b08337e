import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core'
import { Form, useFormAction } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { ActionStatus, EvaluationStatus } from '#contract/evaluations'
import { formatDateTime, statusColor, statusLabel } from './evaluation-format'
import { useBrowserChecks } from '~/lib/browser-checks'

type Errors = Record<string, string[] | null | undefined>

type Props = {
  action: ActionStatus | null
  canChange: boolean
  errors?: Errors
}

/**
 * Without JavaScript the answer to a post is a new page, opened at its top: the forms post to this
 * page's address with the panel's fragment, so it opens here, at the error. (With JavaScript the
 * page stays where it is.)
 */
const PANEL_ID = 'evaluation-status'

function usePanelAction() {
  const action = useFormAction()
  return useHydrated() ? undefined : `${action}#${PANEL_ID}`
}

/** What an agent does with a result on their own call: nothing else is ever open to them. */
const agentAnswers: readonly EvaluationStatus[] = ['acknowledged', 'disputed']

/** The evaluation's status, a form to move it on (to what get_action_status allows) and its history. */
export function StatusPanel({ action, canChange, errors }: Props) {
  const answering = action !== null && action.allowed.every((s) => agentAnswers.includes(s))
  // an agent's forms have no status picker to show a refused status at
  const formError = errors?.['']?.[0] ?? (answering ? errors?.status?.[0] : undefined)
  return (
    <Card
      padding="md"
      component="section"
      aria-labelledby="status-heading"
      id={PANEL_ID}
      // clear of the fixed header when the fragment scrolls it into view
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))' }}
    >
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
            <>
              {formError ? (
                <Alert color="red" title="The status was not changed" role="alert" p="sm">
                  {formError}
                </Alert>
              ) : null}
              {answering ? (
                <AgentAnswer action={action} errors={errors} />
              ) : (
                <MoveForm action={action} errors={errors} />
              )}
            </>
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

/** A reviewer's move: any status get_action_status allows, with an optional comment. */
function MoveForm({ action, errors }: { action: ActionStatus; errors?: Errors }) {
  const formAction = usePanelAction()
  return (
    <Form method="post" action={formAction} preventScrollReset aria-label="Change status">
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
        <Group justify="flex-end">
          <Button type="submit" name="intent" value="change-status" variant="light">
            Change status
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

const loadChecks = () => import('./status-panel.schema')

/**
 * An agent's answer to a result on their own call: acknowledge it, or dispute it with a reason. Two
 * forms, each with its own button, so both work without JavaScript; the dispute's reason is checked by
 * the contract in the browser and again by the action and the API.
 */
function AgentAnswer({ action, errors }: { action: ActionStatus; errors?: Errors }) {
  const canAcknowledge = action.allowed.includes('acknowledged')
  const canDispute = action.allowed.includes('disputed')
  const formAction = usePanelAction()
  const checks = useBrowserChecks(loadChecks, (schemas, formData) => schemas.parseStatusForm(formData), {
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const [form, fields] = useForm({
    id: 'dispute-evaluation',
    ...checks.options,
  })
  // the browser's check, or else the action's answer (without JavaScript, or a refusal by the API)
  const reasonError = fields.comment.errors?.[0] ?? errors?.comment?.[0]
  return (
    <Stack gap="sm">
      {canAcknowledge ? (
        <Form method="post" action={formAction} preventScrollReset aria-label="Acknowledge the evaluation">
          <input type="hidden" name="status" value="acknowledged" />
          <Group gap="sm" wrap="nowrap" align="center">
            <Button type="submit" name="intent" value="change-status" style={{ flexShrink: 0 }}>
              Acknowledge
            </Button>
            <Text size="sm" c="dimmed">
              You have read the result and accept it.
            </Text>
          </Group>
        </Form>
      ) : null}
      {canAcknowledge && canDispute ? <Divider label="or" labelPosition="left" /> : null}
      {canDispute ? (
        <Form
          method="post"
          action={formAction}
          preventScrollReset
          aria-label="Dispute the evaluation"
          {...getFormProps(form)}
          {...checks.formProps}
        >
          <input type="hidden" name="status" value="disputed" />
          <input type="hidden" name="call_evaluation_id" value={action.call_evaluation_id} />
          <Stack gap="xs">
            <Textarea
              {...getTextareaProps(fields.comment, { ariaAttributes: false })}
              label="Reason for the dispute"
              description="What in the evaluation you disagree with: a reviewer reads it and looks again."
              withAsterisk
              aria-required
              autosize
              minRows={2}
              maxLength={1000}
              error={reasonError}
            />
            <Group justify="flex-end">
              <Button type="submit" name="intent" value="change-status" variant="light">
                Dispute
              </Button>
            </Group>
          </Stack>
        </Form>
      ) : null}
    </Stack>
  )
}
