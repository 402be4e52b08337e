import { createTheme } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', radius: 'md' } },
    Button: { defaultProps: { radius: 'md' } },
  },
})

export const PRODUCT_NAME = 'AI Demo Portal'

export function pageTitle(page: string) {
  return `${page} · ${PRODUCT_NAME}`
}
