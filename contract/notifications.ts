import { z } from 'zod'
import { paged } from './envelope'

export const notification = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
})
export type Notification = z.infer<typeof notification>

export const notificationQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  /** Optional filter: `true` only read ones, `false` only unread ones. */
  is_read: z
    .enum(['true', 'false'], { message: "must be 'true' or 'false'" })
    .transform((v) => v === 'true')
    .optional(),
})
export type NotificationQuery = z.input<typeof notificationQuery>

/** The list carries the unread total too, so the bell can show it without a second call. */
export const notificationList = paged(notification).extend({ unread_count: z.number().int().nonnegative() })
export type NotificationList = z.infer<typeof notificationList>

export const markReadResult = z.object({ id: z.number().int(), is_read: z.literal(true) })
