import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

// OWASP's argon2id minimum (19 MiB, 2 passes); verify() reads the parameters from each hash
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

let dummyHash: Promise<string> | undefined

/** Verifies; with no stored hash it still spends one verification so unknown emails take as long. */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash(randomBytes(16).toString('hex'), options)
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}
