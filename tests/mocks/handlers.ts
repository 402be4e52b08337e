import { setupServer } from 'msw/node'
import { accountHandlers } from './accounts'
import { lookupHandlers } from './lookups'
import { notificationHandlers } from './notifications'

export { UPSTREAM, state as mockState, resetMockState, error as errorReply, ok as okReply } from './auth'

export const handlers = [...accountHandlers, ...notificationHandlers, ...lookupHandlers]
export const server = setupServer(...handlers)
