export { JobStatusBadge as StatusBadge, NoScriptRefresh, usePollWhile } from '~/components/layout/job-progress'
