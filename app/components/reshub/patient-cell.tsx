import { Link } from '@remix-run/react'
import type { Appointment } from '#contract/reshub'
import look from '~/components/layout/look.module.css'
import css from './appointment.module.css'

/** Where a patient's record opens in the reservation hub. */
export const recordHref = (patientId: number, base = '/reshub/emr') => `${base}?patient=${patientId}`

/** A patient in a list: the name (to the record), the MRN, and the no-show flag. */
export type ShownPatient = Pick<Appointment['patient'], 'id' | 'name' | 'mrn' | 'phone' | 'flagged' | 'no_shows'>

export function PatientCell({ patient }: { patient: ShownPatient }) {
  return (
    <div>
      <div className={css.patientLine}>
        <Link to={recordHref(patient.id)} className={`mantine-focus-auto ${look.anchor} ${look.sm} ${css.patientName}`}>
          {patient.name}
        </Link>
        {patient.flagged ? (
          <span className={css.flag} title={`${patient.no_shows} no-shows on record`}>
            {patient.no_shows} no-shows
          </span>
        ) : null}
      </div>
      <p className={`${look.text} ${look.xs} ${look.dimmed}`}>
        {patient.mrn} · {patient.phone}
      </p>
    </div>
  )
}
