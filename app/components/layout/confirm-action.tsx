import { Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import { IconTrash } from '~/components/icons'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import classes from './confirm-action.module.css'

export type ConfirmActionProps = {
  /** The route whose action does it. */
  action: string
  intent: string
  /** Hidden fields that name the record (e.g. `{ recording_id: 7 }`). */
  fields: Record<string, string | number>
  /** Where to come back to after (the list as it was, without the confirmation step). */
  redirectTo: string
  /** What will happen, in a sentence or two. */
  message: ReactNode
  submitLabel: string
  /** The cancel control: the modal's close button with JavaScript, a link back without it. */
  cancel: ReactNode
  /** Called as the form is posted (the modal closes; the page follows the navigation). */
  onSubmit?: () => void
  'aria-label'?: string
}

/**
 * A destructive action's confirmation (delete, deactivate): a plain POST with an intent and the
 * record's id, shown in a modal with JavaScript and as a panel above the list without it.
 */
export function ConfirmActionForm({
  action,
  intent,
  fields,
  redirectTo,
  message,
  submitLabel,
  cancel,
  onSubmit,
  'aria-label': ariaLabel,
}: ConfirmActionProps) {
  const navigation = useNavigation()
  const pending =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === String(value))
  return (
    <Form method="post" action={action} onSubmit={onSubmit} aria-label={ariaLabel ?? submitLabel}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group gap="sm" justify="flex-end">
          {cancel}
          <Button type="submit" color="red" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

/** The no-JavaScript confirmation step (e.g. `?confirm-delete=<id>`), shown above the list. */
export function ConfirmActionPanel({
  title,
  cancelHref,
  ...props
}: Omit<ConfirmActionProps, 'cancel'> & { title: string; cancelHref: string }) {
  const titleId = useId()
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      role="region"
      aria-labelledby={titleId}
      style={{ borderColor: 'var(--mantine-color-red-4)', background: 'var(--mantine-color-red-0)' }}
    >
      <Title order={2} size="h4" id={titleId} mb="xs">
        {title}
      </Title>
      <ConfirmActionForm
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

type ModalControls = { cancel: ReactNode; onSubmit: () => void }

/**
 * The confirmation in a modal (with JavaScript), open while `target` is set: `children` draws the
 * form for it, given the Cancel button and the close-on-submit handler. The browser's own modal
 * <dialog>: it keeps focus inside, closes on Escape and gives focus back, with no script of ours for
 * that (a modal library costs the pages that delete about 15 kB; issue 20). A click on the backdrop
 * closes it too.
 */
export function ConfirmModal<T>({
  title,
  target,
  onClose,
  children,
}: {
  title: string
  target: T | null | false
  onClose: () => void
  children: (target: T, controls: ModalControls) => ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const opened = target !== null && target !== false
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (opened && !dialog.open) dialog.showModal()
    if (!opened && dialog.open) dialog.close()
  }, [opened])
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={classes.dialog}
      onClose={() => opened && onClose()}
      onClick={(event) => {
        // the dialog element itself is hit only outside its content: on the backdrop
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className={classes.dialogBody}>
        <Group justify="space-between" wrap="nowrap" mb="md">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <CloseButton onClick={onClose} aria-label="Close" />
        </Group>
        {opened
          ? children(target as T, {
              onSubmit: onClose,
              cancel: (
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
              ),
            })
          : null}
      </div>
    </dialog>
  )
}

/**
 * A row's delete control: a link to the no-JavaScript confirmation step (`confirmHref`), which with
 * JavaScript opens the modal instead (`onAsk`).
 */
export function ConfirmLink({
  confirmHref,
  onAsk,
  label,
  children = 'Delete',
}: {
  confirmHref: string
  onAsk: () => void
  /** The accessible name, naming the row ("Delete call-7.wav"). */
  label: string
  children?: ReactNode
}) {
  return (
    <Button
      component={Link}
      to={confirmHref}
      preventScrollReset
      onClick={(event) => {
        event.preventDefault()
        onAsk()
      }}
      size="compact-sm"
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={14} aria-hidden />}
      aria-label={label}
    >
      {children}
    </Button>
  )
}
