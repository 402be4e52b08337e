import { Card, Stack, Text, Title } from '@mantine/core'
import type { NotesSummary, PatientList, PatientRecord } from '#contract/emr'
import { BackLink } from '~/components/layout/page-header'
import { PatientMatches, PatientSearchForm } from './patient-search'
import { PatientRecordView } from './patient-record'

type Part<T> = { value: T | null; error: string | null } | null

/** The EMR page in either frame (`/reshub/emr`, `/demo-portal/emr`): the search, its matches, or one record. */
export function EmrPage({
  action,
  q,
  search,
  record,
  summary,
  bookHref,
}: {
  action: string
  q: string
  search: Part<PatientList>
  record: PatientRecord | null
  summary: Part<NotesSummary>
  bookHref?: (patientId: number) => string
}) {
  if (record) {
    return (
      <Stack gap="md">
        <BackLink to={action}>Patient search</BackLink>
        <PatientRecordView action={action} record={record} summary={summary} bookHref={bookHref?.(record.id)} />
      </Stack>
    )
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Patient records</Title>
        <Text c="dimmed" mt={6} maw={720}>
          Find the caller's record by name, phone number, date of birth or MRN. Every opening of a record is logged.
        </Text>
      </div>
      <Card padding="md">
        <PatientSearchForm action={action} q={q} />
      </Card>
      {search ? <PatientMatches action={action} rows={search.value?.results ?? null} error={search.error} /> : null}
    </Stack>
  )
}
