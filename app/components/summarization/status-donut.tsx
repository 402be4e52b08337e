import '@mantine/charts/styles.css'
import { DonutChart } from '@mantine/charts'

// Loaded only in the browser after hydration (recharts draws nothing on the server); aria-hidden
// because its figures are in the table beside it, and so nothing in it may take focus (recharts 3's
// keyboard layer makes the chart's <svg> tabbable unless it is turned off).

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
      pieChartProps={{ accessibilityLayer: false }}
      pieProps={{ rootTabIndex: -1 }}
      mx="auto"
      aria-hidden
    />
  )
}
