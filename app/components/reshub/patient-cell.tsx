import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { Appointment } from '#contract/reshub'

/** Where a patient's record opens in the reservation hub. */
export const recordHref = (patientId: number, base = '/reshub/emr') => `${base}?patient=${patientId}`

/** A patient in a list: the name (to the record), the MRN, and the no-show flag. */
export function PatientCell({ patient }: { patient: Appointment['patient'] }) {
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Anchor component={Link} to={recordHref(patient.id)} fw={500} size="sm">
          {patient.name}
        </Anchor>
        {patient.flagged ? (
          <Badge color="red" variant="outline" size="xs" title={`${patient.no_shows} no-shows on record`}>
            {patient.no_shows} no-shows
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {patient.mrn} · {patient.phone}
      </Text>
    </Stack>
  )
}
