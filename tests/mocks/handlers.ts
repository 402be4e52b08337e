import { setupServer } from 'msw/node'
import { accountHandlers } from './accounts'
import { evaluationHandlers } from './evaluations'
import { lookupHandlers } from './lookups'
import { notificationHandlers } from './notifications'
import { templateHandlers } from './templates'

export { UPSTREAM, state as mockState, resetMockState, error as errorReply, ok as okReply } from './auth'

export const handlers = [
  ...accountHandlers,
  ...notificationHandlers,
  ...lookupHandlers,
  ...evaluationHandlers,
  ...templateHandlers,
]
export const server = setupServer(...handlers)
