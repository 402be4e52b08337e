import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { createScoringBody, SCORING_TEXT_FILE_MAX_BYTES } from '#contract/agent-scoring'
import { RECORDING_MAX_BYTES } from '#contract/limits'
import { isEmptyFileInput, isFile } from '~/lib/form-file'

export const CHOOSE_FILE = 'Choose a conversation file or a call recording'
export const FILE_TOO_LARGE = `A recording is at most ${RECORDING_MAX_BYTES / 1024 / 1024} MB, a conversation file ${SCORING_TEXT_FILE_MAX_BYTES / 1024 / 1024} MB`

const blank = (v: unknown) => (v === '' ? undefined : v)
const id = z.coerce.number({ invalid_type_error: 'Choose one' }).int().positive('Choose one').max(2_147_483_647)
const who = {
  agent_id: z.preprocess(blank, id.optional()).refine((v) => v !== undefined, 'Choose the agent'),
  campaign_id: z.preprocess(blank, id.optional()).refine((v) => v !== undefined, 'Choose the campaign'),
  template_internal_id: z.preprocess(blank, z.string().uuid('Choose a template').optional()),
}

/** A pasted conversation, as create/ takes it as JSON. */
export const pasteForm = z.object({
  channel: z.enum(['chat', 'email'], { message: 'Choose chat or e-mail' }),
  text: createScoringBody.shape.text,
  ...who,
})

const chosen = (value: unknown) => (isEmptyFileInput(value) ? undefined : value)

/** A conversation file or a call's audio, with the same fields (the channel follows the file unless a .txt is an e-mail). */
export const uploadForm = z.object({
  file: z.preprocess(
    chosen,
    z
      .custom<File>(isFile, { message: CHOOSE_FILE })
      .refine((f) => f.size > 0, 'The file is empty')
      .refine((f) => f.size <= RECORDING_MAX_BYTES, FILE_TOO_LARGE),
  ),
  channel: z.preprocess(blank, z.enum(['chat', 'email']).optional()),
  ...who,
})

export const parsePasteForm = (form: FormData) => parseWithZod(form, { schema: pasteForm, disableAutoCoercion: true })
export const parseUploadForm = (form: FormData) => parseWithZod(form, { schema: uploadForm, disableAutoCoercion: true })
