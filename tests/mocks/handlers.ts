import { setupServer } from 'msw/node'
import { accessMgmtHandlers } from './access-mgmt'
import { accountHandlers } from './accounts'
import { scoringHandlers } from './agent-scoring'
import { chatbotHandlers } from './chatbot'
import { dashboardHandlers } from './dashboards'
import { emrHandlers } from './emr'
import { evaluationHandlers } from './evaluations'
import { faceHandlers } from './face'
import { lookupHandlers } from './lookups'
import { notificationHandlers } from './notifications'
import { ocrHandlers } from './ocr'
import { reshubHandlers } from './reshub'
import { speechHandlers } from './speech'
import { summarizationHandlers } from './summarization'
import { templateHandlers } from './templates'
import { userHandlers } from './users'

export { UPSTREAM, state as mockState, resetMockState, error as errorReply, ok as okReply } from './auth'

export const handlers = [
  ...accountHandlers,
  ...notificationHandlers,
  ...lookupHandlers,
  ...evaluationHandlers,
  ...templateHandlers,
  ...userHandlers,
  ...accessMgmtHandlers,
  ...dashboardHandlers,
  ...speechHandlers,
  ...summarizationHandlers,
  ...faceHandlers,
  ...ocrHandlers,
  ...scoringHandlers,
  ...chatbotHandlers,
  ...reshubHandlers,
  ...emrHandlers,
]
export const server = setupServer(...handlers)
