import { z } from 'zod'

export const campaign = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  client: z.string(),
  is_active: z.boolean(),
})
export type Campaign = z.infer<typeof campaign>
export const campaignList = z.array(campaign)

export const service = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  name: z.string(),
})
export type Service = z.infer<typeof service>
export const serviceList = z.array(service)
export const serviceQuery = z.object({ campaign_id: z.coerce.number().int().positive().max(2_147_483_647).optional() })

export const evaluationType = z.object({ id: z.number().int(), code: z.string(), name: z.string() })
export type EvaluationType = z.infer<typeof evaluationType>
export const evaluationTypeList = z.array(evaluationType)
