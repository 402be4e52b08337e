import { getInputProps, type FieldMetadata, type FormMetadata } from '@conform-to/react'
import { Box, Button, Card, Checkbox, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconChevronRight, IconPlus } from '~/components/icons'
import { ListButtons } from './list-buttons'
import { QuestionFieldset } from './question-fieldset'
import { emptyQuestion, type CategoryFormValue } from './value'
import classes from './template-form.module.css'
import { useFold } from './use-fold'

type Props = {
  form: FormMetadata<Record<string, unknown>>
  category: FieldMetadata<CategoryFormValue>
  /** The categories list's field name, for the move and remove buttons. */
  listName: string
  index: number
  count: number
  readOnly: boolean
  /** The last list intent (add, move, remove) was inside this category: the no-JavaScript answer keeps it open. */
  active?: boolean
}

const noAria = { ariaAttributes: false } as const

const hasErrors = (field: FieldMetadata<CategoryFormValue>) => Object.keys(field.allErrors).length > 0

type Fieldset = ReturnType<FieldMetadata<CategoryFormValue>['getFieldset']>

/** A category not yet written: no name, or a question without its text (just added). */
const isNew = (c: Fieldset) =>
  !c.name.initialValue || c.questions.getFieldList().some((q) => !q.getFieldset().question_text.initialValue)

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/**
 * One category, folded to its name and sizes (`<details>`, so it folds without JavaScript too). It
 * starts open when it is new or empty, when it has an error, or when the last add/move/remove was in it.
 */
export function CategoryFieldset({ form, category, listName, index, count, readOnly, active = false }: Props) {
  const c = category.getFieldset()
  const questions = c.questions.getFieldList()
  const headingId = `${category.id}-heading`
  const errors = hasErrors(category)
  const fold = useFold(errors || active || isNew(c))

  const name = typeof c.name.value === 'string' ? c.name.value.trim() : ''
  const weight = typeof c.weight.value === 'string' && c.weight.value !== '' ? c.weight.value : '1'
  const autoFailed = c.auto_failed.value === 'on'
  const summary = [plural(questions.length, 'question'), `weight ${weight}`, autoFailed ? 'auto-fail' : null]
    .filter(Boolean)
    .join(' · ')

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      padding={0}
      className={classes.category}
      data-with-buttons={readOnly ? undefined : true}
    >
      {readOnly ? null : (
        <Box className={classes.categoryButtons}>
          <ListButtons form={form} name={listName} index={index} count={count} label={`category ${index + 1}`} />
        </Box>
      )}
      <details {...fold} className={classes.categoryDetails}>
        <summary className={classes.categorySummary}>
          <IconChevronRight size={18} aria-hidden className={classes.chevron} />
          <Title order={2} size="h5" id={headingId} className={classes.categoryTitle}>
            Category {index + 1}
            {name ? `: ${name}` : ''}
          </Title>
          <Text span size="sm" c="dimmed" className={classes.categoryMeta}>
            {summary}
            {errors ? (
              <Text span inherit c="red.8" fw={600}>
                {' · has errors'}
              </Text>
            ) : null}
          </Text>
        </summary>
        <Stack gap="md" px="md" pb="md">
          <Grid gutter="sm">
            <Grid.Col span={{ base: 12, sm: 9 }}>
              <TextInput
                {...getInputProps(c.name, { type: 'text', ...noAria })}
                label="Category name"
                placeholder="e.g. Opening"
                error={c.name.errors?.[0]}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <TextInput
                {...getInputProps(c.weight, { type: 'number', ...noAria })}
                min={1}
                max={100}
                label="Category weight"
                error={c.weight.errors?.[0]}
              />
            </Grid.Col>
          </Grid>
          <Checkbox
            {...getInputProps(c.auto_failed, { type: 'checkbox', ...noAria })}
            label="Auto-fail: a failed question here fails the whole call"
          />
          <Stack gap="sm">
            {questions.map((question, i) => (
              <QuestionFieldset
                key={question.key}
                form={form}
                question={question}
                listName={c.questions.name}
                index={i}
                count={questions.length}
                label={`question ${i + 1} in category ${index + 1}`}
                readOnly={readOnly}
              />
            ))}
          </Stack>
          {c.questions.errors ? (
            <Text c="red.8" size="sm" role="alert">
              {c.questions.errors[0]}
            </Text>
          ) : null}
          {readOnly ? null : (
            <Group>
              <Button
                type="submit"
                variant="light"
                size="sm"
                leftSection={<IconPlus size={16} aria-hidden />}
                aria-label={`Add question to category ${index + 1}`}
                {...form.insert.getButtonProps({ name: c.questions.name, defaultValue: emptyQuestion })}
              >
                Add question
              </Button>
            </Group>
          )}
        </Stack>
      </details>
    </Card>
  )
}
