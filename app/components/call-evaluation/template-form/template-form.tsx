import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FormMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core'
import { PlainInput, PlainTextarea } from '~/components/layout/plain-field'
import { Form, Link, useNavigation } from '@remix-run/react'
import { IconPlus } from '~/components/icons'
import type { Template, TemplateInput } from '#contract/templates'
import { TEMPLATE_LIST_PATH } from './access'
import { CategoryFieldset } from './category-fieldset'
import { emptyCategory, newTemplateValue, toFormValue, type TemplateFormValue } from './value'
import { useBrowserChecks } from '~/lib/browser-checks'
import classes from './template-form.module.css'
import { withFoldedErrors } from './use-fold'

type Props = {
  template: Template | null
  lastResult: SubmissionResult<string[]> | undefined
  /** Roles that cannot manage templates see the same form, disabled and without its buttons. */
  readOnly: boolean
}

const noAria = { ariaAttributes: false } as const
const loadChecks = () => import('./schema')

/**
 * The category the last add, move or remove was inside, or the one whose fields were asked for
 * ("Edit category 2", a validate intent): the action's answer without JavaScript opens it.
 */
function activeCategory(lastResult: SubmissionResult<string[]> | undefined) {
  const intent = lastResult?.intent
  if (!intent || !['insert', 'remove', 'reorder', 'validate'].includes(intent.type)) return null
  const inside = /^categories\[(\d+)\]/.exec(String(intent.payload.name))
  return inside ? Number(inside[1]) : null
}

export function TemplateForm({ template, lastResult, readOnly }: Props) {
  const navigation = useNavigation()
  const checks = useBrowserChecks(
    loadChecks,
    (schemas, formData) => schemas.parseTemplateForm(formData, { update: template !== null }),
    {
      shouldValidate: 'onBlur',
      shouldRevalidate: 'onInput',
    },
  )
  const [form, fields] = useForm<TemplateFormValue, TemplateInput>({
    // short: every field's id, label and description repeat it (the route keys the form by template)
    id: 'template',
    lastResult,
    defaultValue: template ? toFormValue(template) : newTemplateValue,
    ...checks.options,
  })
  const categories = fields.categories.getFieldList()
  // The nested pieces only need the intent buttons, which don't depend on the form's value type.
  const anyForm = form as unknown as FormMetadata<Record<string, unknown>>
  const saving = navigation.state === 'submitting' && navigation.formData?.has('name')
  const active = activeCategory(lastResult)

  return (
    <Form method="post" {...getFormProps(form)} {...checks.formProps} onSubmit={withFoldedErrors(form.onSubmit)}>
      {/* Enter in a field submits with the first submit button: make that Save, not a list button. */}
      {readOnly ? null : <button type="submit" hidden tabIndex={-1} aria-hidden />}
      <Stack gap="lg">
        {form.errors ? (
          <Alert color="red" title="The template was not saved" role="alert" id={form.errorId}>
            {form.errors.join(' ')}
          </Alert>
        ) : null}
        {template ? <input type="hidden" name="template_internal_id" value={template.template_internal_id} /> : null}
        <fieldset disabled={readOnly} className={classes.plain}>
          <Stack gap="lg">
            <Card padding="md" component="section" aria-label="Template details">
              <Stack gap="sm">
                <PlainInput
                  {...getInputProps(fields.name, { type: 'text', ...noAria })}
                  label="Template name"
                  placeholder="e.g. Inbound customer service"
                  withAsterisk={!readOnly}
                  error={fields.name.errors?.[0]}
                />
                <PlainTextarea
                  {...getTextareaProps(fields.description, noAria)}
                  label="Description"
                  description="What calls it is for and what it checks"
                  rows={2}
                  error={fields.description.errors?.[0]}
                />
              </Stack>
            </Card>
            {categories.map((category, index) => (
              <CategoryFieldset
                key={category.key}
                form={anyForm}
                category={category}
                listName={fields.categories.name}
                index={index}
                count={categories.length}
                readOnly={readOnly}
                active={active === index}
              />
            ))}
            {fields.categories.errors ? (
              <Text c="red.8" size="sm" role="alert">
                {fields.categories.errors[0]}
              </Text>
            ) : null}
            {readOnly ? null : (
              <Group>
                <Button
                  type="submit"
                  variant="light"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  {...form.insert.getButtonProps({ name: fields.categories.name, defaultValue: emptyCategory })}
                >
                  Add category
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
        {readOnly ? (
          <Group>
            <Button component={Link} to={TEMPLATE_LIST_PATH} variant="default">
              Back to templates
            </Button>
          </Group>
        ) : (
          <Group justify="space-between" gap="sm" wrap="nowrap" className={classes.saveBar}>
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {categories.length === 1 ? '1 category' : `${categories.length} categories`}
              {template ? ` · saving makes version ${template.version + 1}` : ''}
            </Text>
            <Group gap="sm" wrap="nowrap" ml="auto">
              <Button component={Link} to={TEMPLATE_LIST_PATH} variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                {template ? 'Save as new version' : 'Create template'}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </Form>
  )
}
