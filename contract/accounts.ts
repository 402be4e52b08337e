import { z } from 'zod'

import { roles } from './roles'

export { roleLabel, roles, type Role } from './roles'
export const role = z.enum(roles)

export const loginBody = z.object({
  email: z
    .string({ required_error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .email('Enter a valid email address')
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ required_error: 'Password is required' })
    .min(1, 'Password is required')
    .max(256, 'Password is too long'),
})
export type LoginBody = z.infer<typeof loginBody>

export const user = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  role: role,
  is_active: z.boolean(),
  last_login: z.string().nullable(),
})
export type User = z.infer<typeof user>

export const tokenPair = z.object({
  access: z.string(),
  refresh: z.string(),
})
export type TokenPair = z.infer<typeof tokenPair>

export const loginResult = tokenPair.extend({ user })
export type LoginResult = z.infer<typeof loginResult>

export const refreshBody = z.object({ refresh: z.string().min(1).max(4096) })
export type RefreshBody = z.infer<typeof refreshBody>

/** Logout takes the refresh token to revoke (optional: without it, only the access token's session ends). */
export const logoutBody = z.object({ refresh: z.string().min(1).max(4096).optional() })
export type LogoutBody = z.infer<typeof logoutBody>

export const userDetail = user
export type UserDetail = z.infer<typeof userDetail>
