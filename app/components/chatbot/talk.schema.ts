import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { TALK_FILE_MAX_BYTES } from '#contract/limits'
import { TALK_MAX_MB } from './talk-file'
import { isEmptyFileInput, isFile } from '~/lib/form-file'

export const CHOOSE_RECORDING = 'Record or choose your question'
export const TOO_LARGE = `The recording is larger than ${TALK_MAX_MB} MB: ask in under two minutes`

// A file input left empty posts a nameless, empty file.
const chosen = (value: unknown) => (isEmptyFileInput(value) ? undefined : value)

const id = z.coerce.number().int().positive().max(2_147_483_647)

/** The voice form: the campaign, the conversation going on, and the recording (the API sniffs what it is). */
export const talkForm = z.object({
  campaign_id: id,
  conversation_id: z.preprocess((v) => (v === '' ? undefined : v), id.optional()),
  file: z.preprocess(
    chosen,
    z
      .custom<File>(isFile, { message: CHOOSE_RECORDING })
      .refine((f) => f.size > 0, 'The recording is empty')
      .refine((f) => f.size <= TALK_FILE_MAX_BYTES, TOO_LARGE),
  ),
})

export const parseTalkForm = (formData: FormData) =>
  parseWithZod(formData, { schema: talkForm, disableAutoCoercion: true })
