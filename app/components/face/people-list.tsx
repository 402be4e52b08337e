import { getFormProps, useForm } from '@conform-to/react'
import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import { FACE_DEMO_PATH, formatDateTime } from './format'
import type { Reply } from './photo-forms'
import { EDIT_INTENT, parseEditForm } from './photo.schema'
import type { PersonRow } from './people-list.schema'
import { Thumb } from './scan-table'
import classes from './face.module.css'

type Props = {
  people: PersonRow[]
  /** The person whose edit form is open (`?edit=<id>`). */
  editing: number | null
  editResult: Reply
  editHref: (id: number) => string
  closeHref: string
  confirmHref: (id: number) => string
  /** With JavaScript: ask in a modal instead of the confirmation step. */
  onDelete: (person: PersonRow) => void
}

function EditPerson({ person, lastResult, closeHref }: { person: PersonRow; lastResult: Reply; closeHref: string }) {
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === EDIT_INTENT
  const [form, fields] = useForm({
    id: `face-edit-${person.person_id}`,
    lastResult,
    defaultValue: { name: person.name, external_id: person.external_id ?? '' },
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseEditForm(formData),
  })
  return (
    <Form
      method="post"
      action={`${FACE_DEMO_PATH}?edit=${person.person_id}`}
      {...getFormProps(form)}
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

export function PeopleList({ people, editing, editResult, editHref, closeHref, confirmHref, onDelete }: Props) {
  return (
    <div className={classes.peopleScroll}>
      <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label="Enrolled people" className={classes.peopleTable}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            <Table.Th>Reference photos</Table.Th>
            <Table.Th>Enrolled</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((p) => (
            <Table.Tr key={p.person_id}>
              <Table.Td miw={220}>
                {editing === p.person_id ? (
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
                )}
              </Table.Td>
              <Table.Td data-label="Reference photos">
                <Group gap={6}>
                  {p.photos.map((photo, i) => (
                    <Thumb key={photo.photo_id} src={photo.src} alt={`${p.name}, photo ${i + 1}`} size={44} />
                  ))}
                </Group>
              </Table.Td>
              <Table.Td data-label="Enrolled">
                <Text size="sm">{formatDateTime(p.created_at)}</Text>
              </Table.Td>
              <Table.Td>
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
                  <Button
                    component={Link}
                    to={confirmHref(p.person_id)}
                    preventScrollReset
                    onClick={(event) => {
                      event.preventDefault()
                      onDelete(p)
                    }}
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    aria-label={`Delete ${p.name}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}
