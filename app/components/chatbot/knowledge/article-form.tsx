import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { Alert, Button, Card, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import type { Article, ArticleBody } from '#contract/chatbot'
import { KNOWLEDGE_BASE_PATH, type CampaignOption } from './access'
import { toFormValue, type ArticleFormValue, type ArticleReply } from './article-form.value'
import { useBrowserChecks } from '~/lib/browser-checks'

type Props = {
  article: Article | null
  /** The add page's start: a knowledge gap's question (as the title and the first question it answers) and campaign. */
  prefill: { title: string; campaign_id: string }
  campaigns: CampaignOption[]
  lastResult: ArticleReply['result'] | undefined
}

const noAria = { ariaAttributes: false } as const

const loadChecks = () => import('./article-form.schema')

/** An article of a campaign's knowledge base: one plain POST, checked in the browser with the same schema. */
export function ArticleForm({ article, prefill, campaigns, lastResult }: Props) {
  const navigation = useNavigation()
  const checks = useBrowserChecks(
    loadChecks,
    (schemas, formData) => schemas.parseArticleForm(formData, { update: article !== null }),
    {
      shouldValidate: 'onBlur',
      shouldRevalidate: 'onInput',
    },
  )
  const [form, fields] = useForm<ArticleFormValue, ArticleBody>({
    id: `article-${article?.article_id ?? 'new'}`,
    lastResult,
    defaultValue: article ? toFormValue(article) : { ...prefill, keywords: '', questions: prefill.title, body: '' },
    ...checks.options,
  })
  const saving = navigation.state === 'submitting' && navigation.formData?.has('body')
  // an error of one keyword (keywords[2]) shows under the one field that holds them all
  const keywordErrors = Object.values(fields.keywords.allErrors).flat()
  const questionErrors = Object.values(fields.questions.allErrors).flat()

  return (
    <Form method="post" {...getFormProps(form)} {...checks.formProps}>
      <Stack gap="lg">
        {form.errors ? (
          <Alert
            color="red"
            title={article ? 'The article was not saved' : 'The article was not created'}
            role="alert"
            id={form.errorId}
          >
            {form.errors.join(' ')}
          </Alert>
        ) : null}
        {article ? <input type="hidden" name="article_id" value={article.article_id} /> : null}
        <Card padding="md">
          <Stack gap="md">
            <Group grow align="flex-start" wrap="wrap">
              <NativeSelect
                {...getSelectProps(fields.campaign_id, noAria)}
                label="Campaign"
                description="Whose chatbot answers from it"
                withAsterisk
                data={[{ value: '', label: 'Choose a campaign' }, ...campaigns]}
                error={fields.campaign_id.errors?.[0]}
                miw={220}
              />
              <TextInput
                {...getInputProps(fields.title, { type: 'text', ...noAria })}
                label="Title"
                description="The question it answers, as a customer would put it"
                withAsterisk
                autoComplete="off"
                error={fields.title.errors?.[0]}
                miw={260}
              />
            </Group>
            <TextInput
              {...getInputProps(fields.keywords, { type: 'text', ...noAria })}
              label="Keywords"
              description="Separated by commas (at most 20): words customers use that the text may not"
              autoComplete="off"
              error={keywordErrors[0]}
            />
            <Textarea
              {...getTextareaProps(fields.questions, noAria)}
              label="Questions it answers"
              description="One a line (at most 20), as customers ask them: the chatbot finds the article when a question is worded like one of these"
              autosize
              minRows={3}
              maxRows={12}
              error={questionErrors[0]}
            />
            <Textarea
              {...getTextareaProps(fields.body, noAria)}
              label="Article"
              description="Separate paragraphs with a blank line: each paragraph is quoted on its own when the chatbot cites the article, so make each one make sense alone."
              withAsterisk
              autosize
              minRows={10}
              maxRows={30}
              error={fields.body.errors?.[0]}
            />
          </Stack>
        </Card>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={KNOWLEDGE_BASE_PATH} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {article ? 'Save changes' : 'Create article'}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
