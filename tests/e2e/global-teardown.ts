import { running } from './global-setup'

export default async function globalTeardown() {
  await running.e2eStack?.stop()
  running.e2eStack = undefined
}
