import '@mantine/charts/styles.css'
import { DonutChart } from '@mantine/charts'

// Loaded only in the browser after hydration (recharts draws nothing on the server); aria-hidden
// because its figures are in the table beside it.

export type StatusSlice = { name: string; value: number; color: string }

export default function StatusDonut({ data, size }: { data: StatusSlice[]; size: number }) {
  return (
    <DonutChart
      size={size}
      thickness={28}
      data={data}
      tooltipDataSource="segment"
      valueFormatter={(v) => `${Math.round(v * 10) / 10}%`}
      withLabelsLine={false}
      mx="auto"
      aria-hidden
    />
  )
}
