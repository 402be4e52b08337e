import { PHOTO_MAX_BYTES } from '#contract/limits'

/** The face demo's form intents and limits, without the schemas (those load with the form's checks). */
export const PHOTO_MAX_MB = PHOTO_MAX_BYTES / 1024 / 1024
export const ENROL_INTENT = 'enrol'
export const VERIFY_INTENT = 'verify'
export const IDENTIFY_INTENT = 'identify'
export const EDIT_INTENT = 'edit'
export const DELETE_INTENT = 'delete'
