import { Anchor, Button, Group, TextInput } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { IconSearch } from '~/components/icons'
import type { PatientSummary } from '#contract/emr'
import { DataTable } from '~/components/layout/data-table'

/** The EMR's search: a name, a phone number, a date of birth or an MRN, as a GET form. */
export function PatientSearchForm({ action, q }: { action: string; q: string }) {
  return (
    <Form method="get" action={action} role="search" aria-label="Find a patient">
      <Group align="flex-end" gap="sm">
        <TextInput
          name="q"
          type="search"
          label="Patient"
          description="Name, phone number, date of birth (1956-03-14 or 14/03/1956) or MRN"
          defaultValue={q}
          maxLength={100}
          required
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '1 1 320px' }}
        />
        <Button type="submit">Search</Button>
      </Group>
    </Form>
  )
}

/** The search's matches, each opening its record. */
export function PatientMatches({
  action,
  rows,
  error,
}: {
  action: string
  rows: PatientSummary[] | null
  error: string | null
}) {
  return (
    <DataTable
      label="Matching patients"
      rows={rows}
      rowKey={(p) => p.id}
      failure={error ? { title: 'The search failed', message: error } : undefined}
      empty="No patient matches. Check the spelling, or search by date of birth or phone number."
      minWidth={640}
      columns={[
        {
          header: 'Patient',
          cell: (p) => (
            <Anchor component={Link} to={`${action}?patient=${p.id}`} fw={500}>
              {p.name}
            </Anchor>
          ),
        },
        { header: 'Date of birth', cell: (p) => p.birth_date },
        { header: 'MRN', cell: (p) => p.mrn },
        { header: 'Phone', cell: (p) => p.phone },
        { header: 'Language', cell: (p) => p.preferred_language },
      ]}
    />
  )
}
