import { z } from 'zod'

export const lookupItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
})
export type LookupItem = z.infer<typeof lookupItem>
export const lookupList = z.array(lookupItem)
