import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { TemplateSummary } from '#contract/templates'
import { TEMPLATE_LIST_PATH } from './template-form/access'

type Props = {
  template: Pick<TemplateSummary, 'template_internal_id' | 'name' | 'version'>
  /** Where to come back to after the delete (the list as it was, without the confirmation step). */
  redirectTo: string
  cancel: ReactNode
}

/** The delete form itself: a plain POST, shown in a modal with JavaScript and in the page without it. */
export function TemplateDeleteForm({ template, redirectTo, cancel }: Props) {
  return (
    <Form method="post" action={TEMPLATE_LIST_PATH}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="template_internal_id" value={template.template_internal_id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Stack gap="md">
        <Text size="sm">
          Delete <strong>{template.name}</strong> (v{template.version})? This removes the template and all its versions.
          It cannot be undone.
        </Text>
        <Group gap="sm" justify="flex-end">
          {cancel}
          <Button type="submit" color="red">
            Delete template
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

/** The no-JavaScript confirmation step (`?confirm-delete=<id>`), above the list. */
export function TemplateDeletePanel({ cancelHref, ...props }: Omit<Props, 'cancel'> & { cancelHref: string }) {
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
        Delete template
      </Title>
      <TemplateDeleteForm
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
