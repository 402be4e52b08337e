import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { CreateUserBody, EditUserBody, ManagedUser } from '#contract/users'
import { staffRoles } from '#contract/roles'
import { USER_LIST_PATH, type Option } from '../paths'
import { statusOptions } from '../user-list-filters'
import { newUserValue, toFormValue, type UserFormOptions, type UserFormValue } from './value'
import { useBrowserChecks } from '~/lib/browser-checks'

type Props = {
  user: ManagedUser | null
  /** The signed-in admin: their own role and status are not theirs to change here. */
  isSelf: boolean
  options: UserFormOptions
  lastResult: SubmissionResult<string[]> | undefined
}

const loadChecks = () => import('./schema')
const noAria = { ariaAttributes: false } as const
const none = (label: string, options: Option[]) => [{ value: '', label }, ...options]

type Field = FieldMetadata<string | undefined, UserFormValue, string[]>

/**
 * A field marked required: the asterisk for the eye, `aria-required` for a screen reader. Not the
 * `required` attribute: without JavaScript the browser would stop the form at the first empty field,
 * where the action answers every error at once.
 */
const requiredMark = (on: boolean) => ({ withAsterisk: on, 'aria-required': on || undefined })

/** What the chosen role asks of the staff record, said over it. */
function staffRecordNote(role: string | undefined) {
  if (role === 'agent')
    return 'Employee code, department and location are required for an agent: they place them in the dashboards.'
  if (role === 'qa_supervisor')
    return 'Employee code, department and location are required for a QA supervisor: they place them in the dashboards.'
  return 'Optional for this role (required for agents and QA supervisors, whom it places in the dashboards).'
}

function Select({
  field,
  label,
  data,
  ...rest
}: {
  field: Field
  label: string
  data: Option[]
  description?: string
  disabled?: boolean
  required?: boolean
}) {
  const { required = false, ...others } = rest
  return (
    <NativeSelect
      {...getSelectProps(field, noAria)}
      label={label}
      data={data}
      error={field.errors?.[0]}
      {...requiredMark(required)}
      {...others}
    />
  )
}

export function UserForm({ user, isSelf, options, lastResult }: Props) {
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const checks = useBrowserChecks(
    loadChecks,
    (schemas, formData) => schemas.parseUserForm(formData, { edit: user !== null }),
    {
      shouldValidate: 'onBlur',
      shouldRevalidate: 'onInput',
    },
  )
  const [form, fields] = useForm<UserFormValue, CreateUserBody | EditUserBody>({
    id: `user-${user?.id ?? 'new'}`,
    lastResult,
    defaultValue: user ? toFormValue(user) : newUserValue,
    ...checks.options,
  })
  const saving = navigation.state === 'submitting' && navigation.formData?.has('email')
  // Only agents report to a QA supervisor: with JavaScript the picker follows the role; without, the API says so.
  const supervisorOff = hydrated && fields.role.value !== 'agent'
  // The fields the chosen role requires, marked as such: on the server for the role the form starts
  // with (or was posted with), and in the browser as the role changes.
  const role = isSelf ? 'admin' : fields.role.value
  const staff = (staffRoles as readonly string[]).includes(role ?? '')

  return (
    <Form method="post" {...getFormProps(form)} {...checks.formProps}>
      <Stack gap="lg">
        {form.errors ? (
          <Alert
            color="red"
            title={user ? 'The user was not saved' : 'The user was not created'}
            role="alert"
            id={form.errorId}
          >
            {form.errors.join(' ')}
          </Alert>
        ) : null}
        {user ? <input type="hidden" name="id" value={user.id} /> : null}
        <Card padding="md" component="section" aria-labelledby="user-account-title">
          <Title order={2} size="h4" id="user-account-title" mb="sm">
            Account
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
            <TextInput
              {...getInputProps(fields.first_name, { type: 'text', ...noAria })}
              label="First name"
              {...requiredMark(true)}
              autoComplete="off"
              error={fields.first_name.errors?.[0]}
            />
            <TextInput
              {...getInputProps(fields.last_name, { type: 'text', ...noAria })}
              label="Last name"
              {...requiredMark(true)}
              autoComplete="off"
              error={fields.last_name.errors?.[0]}
            />
            <TextInput
              {...getInputProps(fields.email, { type: 'email', ...noAria })}
              label="Email"
              {...requiredMark(true)}
              autoComplete="off"
              error={fields.email.errors?.[0]}
            />
            {isSelf ? (
              <>
                <input type="hidden" name="role" value="admin" />
                <TextInput label="Role" value="Admin" disabled description="You cannot change your own role" />
              </>
            ) : (
              <Select field={fields.role} label="Role" data={options.roles} required />
            )}
            <PasswordInput
              {...getInputProps(fields.password, { type: 'password', ...noAria })}
              label={user ? 'New password' : 'Password'}
              description={
                user
                  ? 'Leave empty to keep the current one. A new password signs them out everywhere.'
                  : 'Leave empty to generate a temporary one, shown once'
              }
              autoComplete="new-password"
              error={fields.password.errors?.[0]}
            />
            {user && !isSelf ? (
              <Select
                field={fields.is_active}
                label="Status"
                data={statusOptions}
                description="Inactive users cannot sign in"
              />
            ) : null}
          </SimpleGrid>
        </Card>
        <Card padding="md" component="section" aria-labelledby="user-staff-title">
          <Title order={2} size="h4" id="user-staff-title">
            Staff record
          </Title>
          <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
            {staffRecordNote(role)}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
            <TextInput
              {...getInputProps(fields.employee_code, { type: 'text', ...noAria })}
              label="Employee code"
              {...requiredMark(staff)}
              autoComplete="off"
              error={fields.employee_code.errors?.[0]}
            />
            <TextInput
              {...getInputProps(fields.phone, { type: 'tel', ...noAria })}
              label="Phone"
              autoComplete="off"
              error={fields.phone.errors?.[0]}
            />
            <TextInput
              {...getInputProps(fields.hired_on, { type: 'date', ...noAria })}
              label="Hired on"
              error={fields.hired_on.errors?.[0]}
            />
            <Select
              field={fields.department_id}
              label="Department"
              data={none('No department', options.departments)}
              required={staff}
            />
            <Select
              field={fields.location_id}
              label="Location"
              data={none('No location', options.locations)}
              required={staff}
            />
            <Select
              field={fields.supervisor_id}
              label="QA supervisor"
              description="Agents only"
              data={none('No supervisor', options.supervisors)}
              disabled={supervisorOff}
            />
            <Select field={fields.campaign_id} label="Campaign" data={none('No campaign', options.campaigns)} />
            <Select field={fields.entity_id} label="Entity" data={none('No entity', options.entities)} />
            <Select
              field={fields.company_group_id}
              label="Company group"
              data={none('No company group', options.companyGroups)}
            />
            <Select field={fields.pay_group_id} label="Pay group" data={none('No pay group', options.payGroups)} />
            <Select field={fields.job_code_id} label="Job code" data={none('No job code', options.jobCodes)} />
          </SimpleGrid>
        </Card>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={USER_LIST_PATH} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {user ? 'Save changes' : 'Create user'}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
