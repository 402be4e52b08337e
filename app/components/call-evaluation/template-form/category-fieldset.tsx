import { getInputProps, type FieldMetadata, type FormMetadata } from '@conform-to/react'
import { Button, Card, Checkbox, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { ListButtons } from './list-buttons'
import { QuestionFieldset } from './question-fieldset'
import { emptyQuestion, type CategoryFormValue } from './schema'

type Props = {
  form: FormMetadata<Record<string, unknown>>
  category: FieldMetadata<CategoryFormValue>
  /** The categories list's field name, for the move and remove buttons. */
  listName: string
  index: number
  count: number
  readOnly: boolean
}

const noAria = { ariaAttributes: false } as const

export function CategoryFieldset({ form, category, listName, index, count, readOnly }: Props) {
  const c = category.getFieldset()
  const questions = c.questions.getFieldList()
  const headingId = `${category.id}-heading`
  return (
    <Card component="section" aria-labelledby={headingId} padding="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5" id={headingId}>
            Category {index + 1}
          </Title>
          {readOnly ? null : (
            <ListButtons form={form} name={listName} index={index} count={count} label={`category ${index + 1}`} />
          )}
        </Group>
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
          <Text c="red" size="sm" role="alert">
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
    </Card>
  )
}
