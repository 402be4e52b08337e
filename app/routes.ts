import { index, route, type RouteConfig } from '@remix-run/route-config'

export default [
  index('routes/login.tsx', { id: 'routes/index' }),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.ts'),
  route('resources/notifications', 'routes/resources/notifications.ts'),
  route('resources/call-audio/:recordingId', 'routes/resources/call-audio.ts'),
  route('resources/user-export', 'routes/resources/user-export.ts'),
  route('resources/evaluation-export', 'routes/resources/evaluation-export.ts'),
  route('resources/scoring-export', 'routes/resources/scoring-export.ts'),
  route('resources/image/*', 'routes/resources/image.ts'),
  route('resources/chat-audio/:messageId', 'routes/resources/chat-audio.ts'),
  route('resources/chat-transcript/:conversationId', 'routes/resources/chat-transcript.ts'),
  route('resources/chat-export', 'routes/resources/chat-export.ts'),
  route('resources/chat-stream', 'routes/resources/chat-stream.ts'),
  route('resources/reshub-ics/:id', 'routes/resources/reshub-ics.ts'),
  route('demo-portal', 'routes/demo-portal/layout.tsx', [
    index('routes/demo-portal/home.tsx'),
    route('solutions/call-evaluation', 'routes/demo-portal/call-evaluation/layout.tsx', [
      // call evaluation pages
      index('routes/demo-portal/call-evaluation/index.ts'),
      route('evaluation-dashboard', 'routes/demo-portal/call-evaluation/evaluation-dashboard.tsx'),
      route('agent-performance-dashboard', 'routes/demo-portal/call-evaluation/agent-performance-dashboard.tsx'),
      route('evaluation-list', 'routes/demo-portal/call-evaluation/evaluation-list.tsx'),
      route('evaluation-detail/:userId', 'routes/demo-portal/call-evaluation/evaluation-detail.tsx'),
      route('manage-template', 'routes/demo-portal/call-evaluation/manage-template/list.tsx'),
      route('manage-template/add', 'routes/demo-portal/call-evaluation/manage-template/edit.tsx', {
        id: 'routes/demo-portal/call-evaluation/manage-template/add',
      }),
      route('manage-template/:internalTemplateId', 'routes/demo-portal/call-evaluation/manage-template/edit.tsx'),
      route('manage-user', 'routes/demo-portal/call-evaluation/manage-user/list.tsx'),
      route('manage-user/add', 'routes/demo-portal/call-evaluation/manage-user/edit.tsx', {
        id: 'routes/demo-portal/call-evaluation/manage-user/add',
      }),
      route('manage-user/upload-template.csv', 'routes/demo-portal/call-evaluation/manage-user/upload-template.ts'),
      route('manage-user/:id', 'routes/demo-portal/call-evaluation/manage-user/edit.tsx'),
    ]),
    // document OCR solution (`:type` is a KPI bucket's list, `:type/:subtype` one document of it)
    route('solutions/ocr', 'routes/demo-portal/solutions/ocr/index.tsx'),
    route('solutions/ocr/demo', 'routes/demo-portal/solutions/ocr/demo.tsx'),
    route('solutions/ocr/demo/upload', 'routes/demo-portal/solutions/ocr/upload.ts'),
    route('solutions/ocr/:type', 'routes/demo-portal/solutions/ocr/bucket.tsx'),
    route('solutions/ocr/:type/:subtype', 'routes/demo-portal/solutions/ocr/document.tsx'),
    // AI agent scoring solution (`:type` is a bucket's queue, `:type/:subtype` one interaction of it)
    route('solutions/ai-agent-scoring', 'routes/demo-portal/solutions/ai-agent-scoring/index.tsx'),
    route('solutions/ai-agent-scoring/calibration', 'routes/demo-portal/solutions/ai-agent-scoring/calibration.tsx'),
    route('solutions/ai-agent-scoring/demo', 'routes/demo-portal/solutions/ai-agent-scoring/demo.tsx'),
    route('solutions/ai-agent-scoring/:type', 'routes/demo-portal/solutions/ai-agent-scoring/bucket.tsx'),
    route('solutions/ai-agent-scoring/:type/:subtype', 'routes/demo-portal/solutions/ai-agent-scoring/item.tsx'),
    // facial recognition solution (`:type` is a KPI bucket's scans, `:type/:subtype` one scan)
    route('solutions/facial-recognition', 'routes/demo-portal/solutions/face-recognition/index.tsx'),
    route('solutions/face-recognition/demo', 'routes/demo-portal/solutions/face-recognition/demo.tsx'),
    route('solutions/face-recognition/:type', 'routes/demo-portal/solutions/face-recognition/bucket.tsx'),
    route('solutions/face-recognition/:type/:subtype', 'routes/demo-portal/solutions/face-recognition/scan.tsx'),
    // speech recognition capability (`demo?recording_id=N` is one recording's page; demo/upload takes the form's XHR)
    route('capabilities/speech-recognition', 'routes/demo-portal/capabilities/speech-recognition/index.tsx'),
    route('capabilities/speech-recognition/demo', 'routes/demo-portal/capabilities/speech-recognition/demo.tsx'),
    route(
      'capabilities/speech-recognition/demo/upload',
      'routes/demo-portal/capabilities/speech-recognition/upload.ts',
    ),
    route('capabilities/speech-recognition/:type', 'routes/demo-portal/capabilities/speech-recognition/history.tsx'),
    // summarization capability
    route('capabilities/summarization', 'routes/demo-portal/capabilities/summarization/index.tsx'),
    route('capabilities/summarization/demo', 'routes/demo-portal/capabilities/summarization/demo.tsx'),
    route('capabilities/summarization/detail', 'routes/demo-portal/capabilities/summarization/detail.tsx'),
    route('capabilities/summarization/:type', 'routes/demo-portal/capabilities/summarization/history.tsx'),
    // chatbot capability: the three faces, the knowledge base and the handoff queue, then the
    // history (`:type` is past_history or one channel, `:type/:conversationId` one conversation)
    route('capabilities/chatbot', 'routes/demo-portal/capabilities/chatbot/index.tsx'),
    route('capabilities/chatbot/chatWithUs', 'routes/demo-portal/capabilities/chatbot/chat-with-us.tsx'),
    route('capabilities/chatbot/trelliChat', 'routes/demo-portal/capabilities/chatbot/trelli-chat.tsx'),
    route('capabilities/chatbot/trelliTalk', 'routes/demo-portal/capabilities/chatbot/trelli-talk.tsx'),
    route('capabilities/chatbot/knowledge-base', 'routes/demo-portal/capabilities/chatbot/knowledge-base.tsx'),
    route('capabilities/chatbot/knowledge-base/add', 'routes/demo-portal/capabilities/chatbot/article-edit.tsx', {
      id: 'routes/demo-portal/capabilities/chatbot/article-add',
    }),
    route('capabilities/chatbot/knowledge-base/:articleId', 'routes/demo-portal/capabilities/chatbot/article-edit.tsx'),
    route('capabilities/chatbot/handoffs', 'routes/demo-portal/capabilities/chatbot/handoffs.tsx'),
    route('capabilities/chatbot/:type', 'routes/demo-portal/capabilities/chatbot/history.tsx'),
    route('capabilities/chatbot/:type/:conversationId', 'routes/demo-portal/capabilities/chatbot/conversation.tsx'),
    // the EMR in the demo portal's frame (the same module as /reshub/emr)
    route('emr', 'routes/reshub/emr.tsx', { id: 'routes/demo-portal/emr' }),
    // an unknown address, shown inside the frame
    route('*', 'routes/demo-portal/not-found.tsx'),
  ]),
  // reservation hub: today at a site, the calendar and booking, the lists by status, the EMR
  route('reshub', 'routes/reshub/layout.tsx', [
    index('routes/reshub/home.tsx'),
    route('calendar', 'routes/reshub/calendar.tsx'),
    route('emr', 'routes/reshub/emr.tsx'),
    route(':type', 'routes/reshub/list.tsx'),
    route('*', 'routes/demo-portal/not-found.tsx', { id: 'routes/reshub/not-found' }),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
