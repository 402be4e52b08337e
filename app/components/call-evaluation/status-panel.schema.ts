import { parseWithZod } from '@conform-to/zod'
import { changeStatusForm } from '#contract/evaluations'

/** A change of an evaluation's status, checked by the contract (a dispute needs its reason). */
export const parseStatusForm = (formData: FormData) => parseWithZod(formData, { schema: changeStatusForm })
