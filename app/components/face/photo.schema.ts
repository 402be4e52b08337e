import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { personFields, verifyFields } from '#contract/face'
import { PHOTO_MAX_BYTES, PHOTOS_PER_PERSON } from '#contract/limits'
import { PHOTO_MAX_MB } from './photo-intents'
import { isFile } from '~/lib/form-file'

// A file input left empty posts a nameless, empty file (or, from some clients, an empty field); the
// camera input beside the file input often does.
const chosenFiles = (value: unknown) =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v) => v !== '' && !(isFile(v) && v.size === 0 && v.name === ''),
  )

/** Each file's problem, said on the field itself (not on an item of it) and naming the file. */
const files = z.array(z.custom<File>(isFile, { message: 'Choose a photo' })).superRefine((list, ctx) => {
  for (const file of list) {
    const name = file.name || 'The photo'
    if (file.size === 0) ctx.addIssue({ code: 'custom', message: `${name} is empty` })
    else if (file.size > PHOTO_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: `${name} is larger than ${PHOTO_MAX_MB} MB` })
    }
  }
})

const photos = z.preprocess(
  chosenFiles,
  files
    .refine((list) => list.length >= 1, 'Choose at least one photo of the person')
    .refine((list) => list.length <= PHOTOS_PER_PERSON, `Choose at most ${PHOTOS_PER_PERSON} photos`),
)
/** One photo, from the file input or the camera input beside it. */
const photo = z.preprocess(
  chosenFiles,
  files
    .refine((list) => list.length >= 1, 'Choose a photo')
    .refine((list) => list.length <= 1, 'Choose one photo: from a file or from the camera')
    .transform((list) => list[0]!),
)

export const enrolForm = personFields.extend({ photos })
const personId = z
  .string({ required_error: 'Choose a person' })
  .trim()
  .min(1, 'Choose a person')
  .pipe(verifyFields.shape.person_id)

export const verifyForm = z.object({ person_id: personId, photo })
export const identifyForm = z.object({ photo })
export const editForm = personFields.extend({ person_id: personId })

const parse =
  <S extends z.ZodTypeAny>(schema: S) =>
  (formData: FormData) =>
    parseWithZod(formData, { schema, disableAutoCoercion: true })

export const parseEnrolForm = parse(enrolForm)
export const parseVerifyForm = parse(verifyForm)
export const parseIdentifyForm = parse(identifyForm)
export const parseEditForm = parse(editForm)
