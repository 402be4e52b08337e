import { Alert, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { useState } from 'react'
import { ErrorScreen } from '~/components/error-screen'
import { ConfirmActionForm, ConfirmActionPanel, ConfirmModal } from '~/components/layout/confirm-action'
import { ListPager } from '~/components/layout/list-pager'
import { CONFIRM_PARAM as CONFIRM, EDIT_PARAM as EDIT, FACE_DEMO_PATH, FACE_PATH } from '~/components/face/format'
import { PeopleList } from '~/components/face/people-list'
import type { PersonRow } from '~/components/face/people-list.schema'
import { EnrolForm, IdentifyForm, VerifyForm } from '~/components/face/photo-forms'
import { DELETE_INTENT } from '~/components/face/photo-intents'
import { pageTitle } from '~/theme'
import { demoAction, loadDemo } from './demo.server'
import { PageHeader } from '~/components/layout/page-header'
import { useListHref } from '~/lib/list-links'

export const meta: MetaFunction = () => [{ title: pageTitle('Facial recognition demo') }]

export const loader = (args: LoaderFunctionArgs) => loadDemo(args)
export const action = (args: ActionFunctionArgs) => demoAction(args)

function deleting(person: PersonRow, redirectTo: string) {
  return {
    action: FACE_DEMO_PATH,
    intent: DELETE_INTENT,
    fields: { person_id: person.person_id },
    redirectTo,
    submitLabel: 'Delete person',
    message: (
      <>
        Delete <strong>{person.name}</strong>? Their {person.photos.length === 1 ? 'photo' : 'photos'} and face
        descriptors are removed for good.
      </>
    ),
  }
}

function Section({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  const id = `${title.toLowerCase().replace(/\W+/g, '-')}-title`
  return (
    <Card padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {text}
      </Text>
      {children}
    </Card>
  )
}

export default function FaceDemoPage() {
  const { accept, page, people, options, optionsFailed, editing, confirm } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [asking, setAsking] = useState<PersonRow | null>(null)
  const href = useListHref()
  const redirectTo = href({ [CONFIRM]: null, [EDIT]: null })
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined)

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: FACE_PATH, label: 'Facial recognition' }}
        title="Enrol and verify faces"
        description={
          <Text c="dimmed" maw={760}>
            Enrol a person from one to five photos, then verify a new photo against them or find who it shows. Each
            photo must show one face, large and sharp enough; the result says how close the face is and whether it looks
            live.
          </Text>
        }
      />
      {confirm ? (
        <ConfirmActionPanel {...deleting(confirm, redirectTo)} title="Delete person" cancelHref={redirectTo} />
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
        <Section title="Enrol" text="Add a person with reference photos.">
          <EnrolForm accept={accept} lastResult={resultFor('enrol')} />
        </Section>
        <Section title="Verify" text="Is this the person they claim to be?">
          {optionsFailed ? (
            <Alert color="yellow" mb="sm" role="alert" title="The people could not be loaded">
              Reload the page in a moment.
            </Alert>
          ) : null}
          <VerifyForm accept={accept} people={options} lastResult={resultFor('verify')} />
        </Section>
        <Section title="Identify" text="Who is this, among the people enrolled?">
          <IdentifyForm accept={accept} lastResult={resultFor('identify')} />
        </Section>
      </SimpleGrid>
      <Card padding="md" component="section" aria-labelledby="people-title">
        <Title order={2} size="h4" id="people-title" mb="sm">
          Your enrolled people
        </Title>
        <PeopleList
          people={people.list?.results ?? null}
          failure={{ title: 'The people could not be loaded', message: people.error }}
          empty="No one enrolled yet. Enrol someone above to verify photos against them."
          emptyPadding="lg"
          editing={editing}
          editResult={actionData?.intent === 'edit' ? actionData.result : undefined}
          editHref={(id) => href({ [EDIT]: String(id), [CONFIRM]: null })}
          closeHref={redirectTo}
          confirmHref={(id) => href({ [CONFIRM]: String(id), [EDIT]: null })}
          onDelete={setAsking}
          footer={
            people.list ? (
              <ListPager
                noun={['person', 'people']}
                label="People pages"
                page={page}
                totalPages={people.list.total_pages}
                count={people.list.count}
                hrefFor={(n) => href({ page: String(n), [CONFIRM]: null, [EDIT]: null })}
              />
            ) : null
          }
        />
      </Card>
      <ConfirmModal title="Delete person" target={asking} onClose={() => setAsking(null)}>
        {(asking, controls) => <ConfirmActionForm {...deleting(asking, redirectTo)} {...controls} />}
      </ConfirmModal>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
