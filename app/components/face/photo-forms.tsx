import { getFormProps, useForm, type Submission, type SubmissionResult } from '@conform-to/react'
import { Alert, Button, Group, Input, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import { IconScan, IconUserCheck, IconUserPlus } from '~/components/icons'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { CameraCapture, useHasCamera } from './camera-capture'
import { FACE_DEMO_PATH } from './format'
import { ENROL_INTENT, IDENTIFY_INTENT, PHOTO_MAX_MB, VERIFY_INTENT } from './photo-intents'
import { useBrowserChecks } from '~/lib/browser-checks'

export type Reply = SubmissionResult<string[]> | null | undefined
export type PersonOption = { value: string; label: string }

type PhotoInputProps = {
  name: 'photos' | 'photo'
  id: string
  label: string
  accept: string
  errors: string[] | undefined
  errorId: string
  disabled: boolean
}

/** True once React runs in the browser: the parts only JavaScript can drive appear then. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

/**
 * A file input, and the camera: with JavaScript the in-page camera on devices that have one; without,
 * a second file input that phones open on the front camera.
 */
function PhotoInput({ name, id, label, accept, errors, errorId, disabled }: PhotoInputProps) {
  const input = useRef<HTMLInputElement>(null)
  const hydrated = useHydrated()
  const hasCamera = useHasCamera()
  const multiple = name === 'photos'
  const invalid = errors?.length ? true : undefined
  return (
    <Input.Wrapper
      label={label}
      withAsterisk
      description={`PNG, JPEG or WebP, up to ${PHOTO_MAX_MB} MB${multiple ? ' each, 1 to 5 photos' : ''}; one face, facing the camera`}
      error={
        errors?.length
          ? errors.map((e, i) => (
              <span key={i} style={{ display: 'block' }}>
                {e}
              </span>
            ))
          : undefined
      }
      id={id}
      labelElement="label"
      errorProps={{ id: errorId }}
    >
      <Stack gap="xs" mt={8}>
        <input
          ref={input}
          id={id}
          type="file"
          name={name}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          style={{ display: 'block', maxWidth: '100%' }}
        />
        {!hydrated ? (
          <label style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
            <Text span size="xs" c="dimmed" mr={6}>
              Or take it with your phone’s camera:
            </Text>
            <input type="file" name={name} accept="image/*" capture="user" disabled={disabled} />
          </label>
        ) : hasCamera ? (
          <CameraCapture input={input} multiple={multiple} />
        ) : null}
      </Stack>
    </Input.Wrapper>
  )
}

function FormErrors({ errors, id, title }: { errors: string[] | undefined; id: string; title: string }) {
  return errors?.length ? (
    <Alert color="red" title={title} role="alert" id={id}>
      {errors.join(' ')}
    </Alert>
  ) : null
}

function useSending(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

/** What a form's children need of each field. */
type Field = { id: string; errorId: string; errors?: string[]; initialValue?: unknown }
type Fields = Record<string, Field>

type PhotoFormProps = {
  intent: string
  label: string
  lastResult: Reply
  /** The schema that checks it in the browser, once the checks have loaded. */
  parse: 'parseEnrolForm' | 'parseVerifyForm' | 'parseIdentifyForm'
  children: (ctx: { fields: Fields; sending: boolean }) => ReactNode
  submit: { label: string; icon: ReactNode }
  errorTitle: string
}

const loadChecks = () => import('./photo.schema')

/** One of the demo's multipart forms: checked in the browser (sizes, the fields), then a plain POST. */
function PhotoForm({ intent, label, lastResult, parse, children, submit, errorTitle }: PhotoFormProps) {
  const sending = useSending(intent)
  const checks = useBrowserChecks(
    loadChecks,
    (schemas, formData) => schemas[parse](formData) as Submission<Record<string, unknown>, string[]>,
    { shouldValidate: 'onSubmit', shouldRevalidate: 'onInput' },
  )
  const [form, meta] = useForm<Record<string, unknown>>({
    id: `face-${intent}`,
    lastResult,
    ...checks.options,
  })
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={FACE_DEMO_PATH}
      {...getFormProps(form)}
      {...checks.formProps}
      aria-label={label}
    >
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="md">
        <FormErrors errors={form.errors} id={form.errorId} title={errorTitle} />
        {children({ fields: meta as unknown as Fields, sending })}
        <Group justify="flex-end">
          <Button type="submit" loading={sending} leftSection={submit.icon}>
            {submit.label}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

export function EnrolForm({ accept, lastResult }: { accept: string; lastResult: Reply }) {
  return (
    <PhotoForm
      intent={ENROL_INTENT}
      label="Enrol a person"
      lastResult={lastResult}
      parse="parseEnrolForm"
      errorTitle="The person was not enrolled"
      submit={{ label: 'Enrol person', icon: <IconUserPlus size={16} aria-hidden /> }}
    >
      {({ fields, sending }) => (
        <>
          <Group grow align="flex-start">
            <TextInput
              name="name"
              id={fields.name.id}
              label="Name"
              withAsterisk
              maxLength={120}
              defaultValue={String(fields.name.initialValue ?? '')}
              error={fields.name.errors?.[0]}
              disabled={sending}
            />
            <TextInput
              name="external_id"
              id={fields.external_id.id}
              label="External id"
              placeholder="Optional"
              maxLength={60}
              defaultValue={String(fields.external_id.initialValue ?? '')}
              error={fields.external_id.errors?.[0]}
              disabled={sending}
            />
          </Group>
          <PhotoInput
            name="photos"
            id={fields.photos.id}
            label="Reference photos"
            accept={accept}
            errors={fields.photos.errors}
            errorId={fields.photos.errorId}
            disabled={sending}
          />
        </>
      )}
    </PhotoForm>
  )
}

export function VerifyForm({
  accept,
  people,
  lastResult,
}: {
  accept: string
  people: PersonOption[]
  lastResult: Reply
}) {
  return (
    <PhotoForm
      intent={VERIFY_INTENT}
      label="Verify a face"
      lastResult={lastResult}
      parse="parseVerifyForm"
      errorTitle="The face was not verified"
      submit={{ label: 'Verify', icon: <IconUserCheck size={16} aria-hidden /> }}
    >
      {({ fields, sending }) => (
        <>
          <NativeSelect
            name="person_id"
            id={fields.person_id.id}
            label="Claimed person"
            withAsterisk
            description={people.length ? 'Who the photo should show' : 'Enrol someone first'}
            data={[{ value: '', label: 'Choose a person' }, ...people]}
            defaultValue={String(fields.person_id.initialValue ?? '')}
            error={fields.person_id.errors?.[0]}
            disabled={sending}
          />
          <PhotoInput
            name="photo"
            id={fields.photo.id}
            label="Photo to verify"
            accept={accept}
            errors={fields.photo.errors}
            errorId={fields.photo.errorId}
            disabled={sending}
          />
        </>
      )}
    </PhotoForm>
  )
}

export function IdentifyForm({ accept, lastResult }: { accept: string; lastResult: Reply }) {
  return (
    <PhotoForm
      intent={IDENTIFY_INTENT}
      label="Identify a face"
      lastResult={lastResult}
      parse="parseIdentifyForm"
      errorTitle="The face was not identified"
      submit={{ label: 'Identify', icon: <IconScan size={16} aria-hidden /> }}
    >
      {({ fields, sending }) => (
        <PhotoInput
          name="photo"
          id={fields.photo.id}
          label="Photo to identify"
          accept={accept}
          errors={fields.photo.errors}
          errorId={fields.photo.errorId}
          disabled={sending}
        />
      )}
    </PhotoForm>
  )
}
