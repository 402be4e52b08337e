import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { hashPassword } from './auth/password'
import { findUserByEmail } from './modules/accounts/store'
import { users } from './db/schema'
import { loadEnvOrExit } from './env'
import { openConfiguredDatabase } from './runtime'
import { eq } from 'drizzle-orm'

const fields = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(256),
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
})

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
})

async function ask() {
  const answers = {
    email: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
  }
  const missing = Object.entries(answers).filter(([, v]) => !v)
  if (missing.length === 0) return answers
  if (!process.stdin.isTTY) {
    console.error('Missing --email, --password, --first-name or --last-name (and no terminal to ask).')
    process.exit(1)
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  const labels: Record<string, string> = {
    email: 'Email',
    password: 'Password (at least 8 characters)',
    firstName: 'First name',
    lastName: 'Last name',
  }
  for (const [key] of missing) answers[key as keyof typeof answers] = await rl.question(`${labels[key]}: `)
  rl.close()
  return answers
}

const env = loadEnvOrExit()
const parsed = fields.safeParse(await ask())
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`)
  process.exit(1)
}
const input = parsed.data
const database = await openConfiguredDatabase(env)
try {
  const passwordHash = await hashPassword(input.password)
  const existing = await findUserByEmail(database.db, input.email)
  const values = { firstName: input.firstName, lastName: input.lastName, role: 'admin' as const, isActive: true }
  if (existing) {
    await database.db
      .update(users)
      .set({ ...values, passwordHash, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
    console.log(`Updated ${input.email}: now an active admin with the new password.`)
  } else {
    await database.db.insert(users).values({ ...values, email: input.email, passwordHash })
    console.log(`Created admin ${input.email}.`)
  }
} finally {
  await database.close()
}
