import { getFormProps, useForm } from '@conform-to/react'
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import { IconPencil } from '~/components/icons'
import { FACE_DEMO_PATH, formatDateTime } from './format'
import type { Reply } from './photo-forms'
import { EDIT_INTENT } from './photo-intents'
import type { PersonRow } from './people-list.schema'
import { Thumb } from './scan-table'
import classes from './face.module.css'
import { ConfirmLink } from '~/components/layout/confirm-action'
import { DataTable, type ListStates } from '~/components/layout/data-table'
import { useBrowserChecks } from '~/lib/browser-checks'

type Props = ListStates & {
  /** The people, or null when they could not be loaded (`failure` says why). */
  people: PersonRow[] | null
  /** The person whose edit form is open (`?edit=<id>`). */
  editing: number | null
  editResult: Reply
  editHref: (id: number) => string
  closeHref: string
  confirmHref: (id: number) => string
  /** With JavaScript: ask in a modal instead of the confirmation step. */
  onDelete: (person: PersonRow) => void
}

const loadChecks = () => import('./photo.schema')

function EditPerson({ person, lastResult, closeHref }: { person: PersonRow; lastResult: Reply; closeHref: string }) {
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === EDIT_INTENT
  const checks = useBrowserChecks(loadChecks, (schemas, formData) => schemas.parseEditForm(formData), {
    shouldValidate: 'onBlur',
  })
  const [form, fields] = useForm({
    id: `face-edit-${person.person_id}`,
    lastResult,
    defaultValue: { name: person.name, external_id: person.external_id ?? '' },
    ...checks.options,
  })
  return (
    <Form
      method="post"
      action={`${FACE_DEMO_PATH}?edit=${person.person_id}`}
      {...getFormProps(form)}
      {...checks.formProps}
      aria-label={`Edit ${person.name}`}
    >
      <input type="hidden" name="intent" value={EDIT_INTENT} />
      <input type="hidden" name="person_id" value={person.person_id} />
      <Stack gap="xs">
        {form.errors?.length ? (
          <Alert color="red" role="alert" id={form.errorId} p="xs">
            {form.errors.join(' ')}
          </Alert>
        ) : null}
        <Group gap="xs" align="flex-start" grow>
          <TextInput
            name="name"
            id={fields.name.id}
            label="Name"
            size="xs"
            maxLength={120}
            defaultValue={String(fields.name.initialValue ?? '')}
            error={fields.name.errors?.[0]}
          />
          <TextInput
            name="external_id"
            id={fields.external_id.id}
            label="External id"
            size="xs"
            maxLength={60}
            defaultValue={String(fields.external_id.initialValue ?? '')}
            error={fields.external_id.errors?.[0]}
          />
        </Group>
        <Group gap="xs" justify="flex-end">
          <Button component={Link} to={closeHref} size="compact-sm" variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" size="compact-sm" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

export function PeopleList({
  people,
  editing,
  editResult,
  editHref,
  closeHref,
  confirmHref,
  onDelete,
  ...states
}: Props) {
  return (
    <DataTable
      {...states}
      label="Enrolled people"
      rows={people}
      rowKey={(p) => p.person_id}
      striped={false}
      boxClassName={classes.peopleScroll}
      className={classes.peopleTable}
      columns={[
        {
          header: 'Person',
          td: { miw: 220 },
          cell: (p) =>
            editing === p.person_id ? (
              <EditPerson person={p} lastResult={editResult} closeHref={closeHref} />
            ) : (
              <>
                <Text fw={600} size="sm">
                  {p.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.external_id ? `External id ${p.external_id}` : 'No external id'}
                </Text>
              </>
            ),
        },
        {
          header: 'Reference photos',
          labelCells: true,
          cell: (p) => (
            <Group gap={6}>
              {p.photos.map((photo, i) => (
                <Thumb key={photo.photo_id} src={photo.src} alt={`${p.name}, photo ${i + 1}`} size={44} />
              ))}
            </Group>
          ),
        },
        {
          header: 'Enrolled',
          labelCells: true,
          cell: (p) => <Text size="sm">{formatDateTime(p.created_at)}</Text>,
        },
        {
          header: 'Actions',
          cell: (p) => (
            <Group gap={4} wrap="nowrap">
              {editing === p.person_id ? null : (
                <Anchor
                  component={Link}
                  to={editHref(p.person_id)}
                  preventScrollReset
                  size="sm"
                  aria-label={`Edit ${p.name}`}
                >
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconPencil size={14} aria-hidden />
                    Edit
                  </Group>
                </Anchor>
              )}
              <ConfirmLink
                confirmHref={confirmHref(p.person_id)}
                onAsk={() => onDelete(p)}
                label={`Delete ${p.name}`}
              />
            </Group>
          ),
        },
      ]}
    />
  )
}
