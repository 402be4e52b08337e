import { index, route, type RouteConfig } from '@remix-run/route-config'

export default [
  index('routes/login.tsx', { id: 'routes/index' }),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.ts'),
  route('resources/notifications', 'routes/resources/notifications.ts'),
  route('demo-portal', 'routes/demo-portal/layout.tsx', [
    index('routes/demo-portal/home.tsx'),
    route('solutions/call-evaluation', 'routes/demo-portal/call-evaluation/layout.tsx', [
      // call evaluation pages
    ]),
  ]),
  route('reshub', 'routes/reshub/layout.tsx', [index('routes/reshub/home.tsx')]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
