import { Donut } from '~/components/charts/svg-charts'

// Drawn by the server; hidden from assistive technology because its figures are in the table beside it.

export type StatusSlice = { name: string; value: number; color: string }

export function StatusDonut({ data, size }: { data: StatusSlice[]; size: number }) {
  return <Donut data={data} size={size} thickness={28} format={(v) => `${Math.round(v * 10) / 10}%`} />
}
