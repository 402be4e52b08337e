import { parseWithZod } from '@conform-to/zod'
import { loginBody } from '#contract/accounts'

// Loaded after hydration so zod stays out of the login page's first-load JavaScript.
export const validateLogin = (formData: FormData) => parseWithZod(formData, { schema: loginBody })
