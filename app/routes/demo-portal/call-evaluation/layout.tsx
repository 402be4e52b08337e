import { Outlet } from '@remix-run/react'
import { SectionTabs } from '~/components/call-evaluation/section-tabs'

export default function CallEvaluationLayout() {
  return (
    <>
      <SectionTabs />
      <Outlet />
    </>
  )
}
