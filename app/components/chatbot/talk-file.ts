import { TALK_FILE_MAX_BYTES } from '#contract/limits'

/** The spoken question's size limit, without the schema (that loads with the form's checks). */
export const TALK_MAX_MB = TALK_FILE_MAX_BYTES / 1024 / 1024
