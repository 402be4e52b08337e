import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { NotesSummary, PatientRecord } from '#contract/emr'
import { DataTable } from '~/components/layout/data-table'
import { StatusBadge } from '~/components/reshub/status'
import { siteDateTime } from '~/components/reshub/time'
import { noteAnchor, NotesSummaryCard } from './notes-summary'

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Table variant="vertical" withTableBorder={false} layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={150}>{label}</Table.Th>
            <Table.Td>{value || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card padding="md" withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  )
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—')

/**
 * A patient's record: demographics, appointments, encounters, problems, medications and allergies
 * for everyone who may open it; the clinical notes and their draft AI summary for clinicians and
 * admins only (the API leaves them out for anyone else, and says so with `can_read_notes`).
 */
export function PatientRecordView({
  action,
  record,
  summary,
  bookHref,
}: {
  action: string
  record: PatientRecord
  summary: { value: NotesSummary | null; error: string | null } | null
  bookHref?: string
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Group gap="xs">
            <Title order={1}>{record.name}</Title>
            {record.flagged ? (
              <Badge color="red" variant="light">
                {record.no_shows} no-shows
              </Badge>
            ) : null}
          </Group>
          <Text c="dimmed">
            {record.mrn} · born {record.birth_date} · {record.gender}
          </Text>
        </div>
        {bookHref ? (
          <Button component={Link} to={bookHref} variant="light">
            Book an appointment
          </Button>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section id="demographics" title="Demographics">
          <Facts
            rows={[
              ['Phone', record.phone],
              ['Email', record.email],
              ['Address', record.address],
              ['Preferred language', record.preferred_language],
              ['Date of birth', record.birth_date],
            ]}
          />
        </Section>
        <Section id="allergies" title="Allergies">
          {record.allergies.length ? (
            <Stack gap={4}>
              {record.allergies.map((a) => (
                <Group key={a.id} gap="xs">
                  <Text size="sm" fw={500}>
                    {a.substance}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {a.reaction}
                  </Text>
                  {a.criticality === 'high' ? (
                    <Badge color="red" size="xs">
                      High criticality
                    </Badge>
                  ) : null}
                </Group>
              ))}
            </Stack>
          ) : (
            <Text size="sm">No known allergies.</Text>
          )}
        </Section>
      </SimpleGrid>
      {record.can_read_notes && summary ? (
        <NotesSummaryCard action={action} patientId={record.id} summary={summary.value} error={summary.error} />
      ) : null}
      <Section id="appointments" title="Appointments">
        <DataTable
          label="Appointments"
          rows={record.appointments}
          rowKey={(a) => a.id}
          empty="No appointments."
          minWidth={600}
          columns={[
            { header: 'When', cell: (a) => siteDateTime(a.start, a.time_zone) },
            { header: 'With', cell: (a) => `${a.practitioner.name} · ${a.service.name}` },
            { header: 'Site', cell: (a) => a.site.name },
            { header: 'Status', td: { miw: 120 }, cell: (a) => <StatusBadge status={a.status} /> },
            { header: 'Booking note', cell: (a) => a.booking_note || '—' },
          ]}
        />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section id="problems" title="Problems">
          {record.problems.length ? (
            <Stack gap={4}>
              {record.problems.map((p) => (
                <Text key={p.id} size="sm">
                  {p.description}{' '}
                  <Text component="span" c="dimmed" size="xs">
                    ({p.clinical_status}, since {day(p.onset_date)})
                  </Text>
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="sm">None recorded.</Text>
          )}
        </Section>
        <Section id="medications" title="Medications">
          {record.medications.length ? (
            <Stack gap={4}>
              {record.medications.map((m) => (
                <Text key={m.id} size="sm">
                  {m.name}, {m.dosage}{' '}
                  <Text component="span" c="dimmed" size="xs">
                    ({m.status})
                  </Text>
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="sm">None recorded.</Text>
          )}
        </Section>
      </SimpleGrid>
      <Section id="encounters" title="Encounters">
        <DataTable
          label="Encounters"
          rows={record.encounters}
          rowKey={(e) => e.id}
          empty="No encounters yet."
          minWidth={560}
          columns={[
            { header: 'Started', cell: (e) => day(e.started_at) },
            { header: 'Reason', cell: (e) => e.reason },
            { header: 'With', cell: (e) => [e.practitioner, e.site].filter(Boolean).join(', ') || '—' },
            { header: 'Status', cell: (e) => e.status },
          ]}
        />
      </Section>
      <Section id="notes" title="Clinical notes">
        {record.can_read_notes ? (
          record.notes.length ? (
            <Stack gap="sm">
              {record.notes.map((n) => (
                <article key={n.id} id={noteAnchor(n.id)} aria-labelledby={`${noteAnchor(n.id)}-title`} tabIndex={-1}>
                  <Text fw={600} size="sm" id={`${noteAnchor(n.id)}-title`}>
                    {n.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {n.written_at.slice(0, 10)}
                    {n.author ? ` · ${n.author}` : ''}
                  </Text>
                  <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                    {n.text}
                  </Text>
                </article>
              ))}
            </Stack>
          ) : (
            <Text size="sm">No notes yet.</Text>
          )
        ) : (
          <Alert color="gray" variant="light" title="For clinicians only">
            Clinical notes and their summary are read by clinicians and admins. The contact centre sees demographics,
            appointments and booking notes.
          </Alert>
        )}
      </Section>
    </Stack>
  )
}
