/** Upstream paths (SPEC §7, ARCHITECTURE §4). Every path ends with a slash. */
export const paths = {
  login: '/api/accounts/login/',
  logout: '/api/accounts/logout/',
  userDetail: '/api/accounts/user-detail/',
  tokenRefresh: '/api/accounts/token/refresh/',
  notifications: '/api/notification_center/notifications/',
  notificationRead: (id: number | string) => `/api/notification_center/notifications/${id}/read/`,
  lookupDomain: '/api/base/lookups/domain/',
  lookupLanguage: '/api/base/lookups/language/',
  health: '/api/health/',
  campaigns: '/api/call_evaluation/campaigns/',
  services: '/api/call_evaluation/services/',
  evaluationTypes: '/api/call_evaluation/lookup/evaluation-type/',
  template: '/api/call_evaluation/template/',
  createTemplate: '/api/call_evaluation/create-template/',
  updateTemplate: '/api/call_evaluation/update-template/',
} as const
