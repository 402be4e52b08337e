import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { TALK_FILE_MAX_BYTES } from '#contract/chatbot'

export const TALK_MAX_MB = TALK_FILE_MAX_BYTES / 1024 / 1024
export const CHOOSE_RECORDING = 'Record or choose your question'
export const TOO_LARGE = `The recording is larger than ${TALK_MAX_MB} MB: ask in under two minutes`

// By its shape, not `instanceof`: the form's File may come from another realm (a test's DOM, the server's parser).
const isFile = (value: unknown): value is File =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as File).name === 'string' &&
  typeof (value as File).size === 'number' &&
  typeof (value as File).arrayBuffer === 'function'
// A file input left empty posts a nameless, empty file.
const chosen = (value: unknown) => (!isFile(value) || (value.size === 0 && value.name === '') ? undefined : value)

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
