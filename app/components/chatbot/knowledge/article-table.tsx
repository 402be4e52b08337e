import { Anchor, Badge, Button, Group, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { Article } from '#contract/chatbot'
import { ConfirmLink } from '~/components/layout/confirm-action'
import { DataTable, type ListStates } from '~/components/layout/data-table'
import { formatDateTime } from '~/components/speech/format'
import { articlePath } from './access'

type Props = ListStates & {
  /** The articles, or null when they could not be loaded (`failure` says why). */
  articles: Article[] | null
  /** The no-JavaScript confirmation step for a row: this page with `confirm-delete=<id>`. */
  confirmHref: (id: number) => string
  /** With JavaScript, Delete asks in a modal instead of following the link. */
  onDelete: (article: Article) => void
}

/** Whether the search index has this version of the article yet (re-indexing is a job). */
export function IndexBadge({ indexed }: { indexed: boolean }) {
  return (
    <Badge variant="light" color={indexed ? 'teal' : 'yellow'} styles={{ root: { minWidth: 'max-content' } }}>
      {indexed ? 'Indexed' : 'Waiting to be indexed'}
    </Badge>
  )
}

/** The keywords shown in the list (an article may have 20): the rest are on its page. */
const KEYWORDS_SHOWN = 6

export function ArticleTable({ articles, confirmHref, onDelete, ...states }: Props) {
  return (
    <DataTable
      {...states}
      label="Articles"
      rows={articles}
      rowKey={(a) => a.article_id}
      minWidth={900}
      columns={[
        {
          header: 'Title',
          td: { maw: 340 },
          cell: (a) => (
            <>
              <Anchor component={Link} to={articlePath(a.article_id)} fw={600}>
                {a.title}
              </Anchor>
              {a.keywords.length ? (
                <Group gap={4} mt={4} aria-label={`Keywords of ${a.title}`}>
                  {a.keywords.slice(0, KEYWORDS_SHOWN).map((k) => (
                    <Badge key={k} size="xs" variant="outline" color="gray" tt="none">
                      {k}
                    </Badge>
                  ))}
                  {a.keywords.length > KEYWORDS_SHOWN ? (
                    <Text span size="xs" c="dimmed">
                      +{a.keywords.length - KEYWORDS_SHOWN} more
                    </Text>
                  ) : null}
                </Group>
              ) : (
                <Text size="xs" c="dimmed">
                  No keywords
                </Text>
              )}
            </>
          ),
        },
        { header: 'Campaign', cell: (a) => a.campaign_name },
        { header: 'Questions', td: { ta: 'right' }, cell: (a) => a.questions.length },
        { header: 'Chunks', td: { ta: 'right' }, cell: (a) => a.chunk_count },
        { header: 'Search index', cell: (a) => <IndexBadge indexed={a.indexed} /> },
        {
          header: 'Updated',
          td: { style: { whiteSpace: 'nowrap' } },
          cell: (a) => (
            <>
              <time dateTime={a.updated_at}>{formatDateTime(a.updated_at)}</time>
              <Text size="xs" c="dimmed">
                by {a.updated_by ?? 'the system'}
              </Text>
            </>
          ),
        },
        {
          header: 'Actions',
          hideHeader: true,
          cell: (a) => (
            <Group gap="xs" wrap="nowrap" justify="flex-end">
              <Button
                component={Link}
                to={articlePath(a.article_id)}
                size="compact-sm"
                variant="default"
                aria-label={`Edit ${a.title}`}
              >
                Edit
              </Button>
              <ConfirmLink
                confirmHref={confirmHref(a.article_id)}
                onAsk={() => onDelete(a)}
                label={`Delete ${a.title}`}
              />
            </Group>
          ),
        },
      ]}
    />
  )
}
