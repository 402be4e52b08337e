import { validatorCompiler } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { withoutControlChars } from '#contract/envelope'

/**
 * The contract's validator for every request part (params, query, body), refusing NUL and other
 * control characters in any string first: PostgreSQL cannot store NUL, and no field wants them.
 */
export const requestValidatorCompiler: typeof validatorCompiler = (route) =>
  validatorCompiler({ ...route, schema: withoutControlChars(route.schema as z.ZodTypeAny) })
