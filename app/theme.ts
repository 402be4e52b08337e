import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core'

/**
 * Text that passes WCAG AA (4.5:1) wherever it sits. Mantine's shades 7–9 of the paler palettes are
 * too light for text (red 7 3.6:1, teal 8 3.7:1, orange 9 4.1:1 on gray 0), and they are what
 * `c="red"`, `c="teal.8"`, filled buttons and the light variants draw with. These shades are the same
 * hues mixed with black until they reach 4.6, 5.2 and 6.0:1 on gray 0 (scripted, not picked by eye);
 * yellow 7 stays bright for filled warnings, whose text autoContrast makes black.
 */
const darker: Partial<Record<string, Partial<Record<7 | 8 | 9, string>>>> = {
  red: { 7: '#d13636', 8: '#c72c2c', 9: '#b72626' },
  pink: { 7: '#d03169' },
  grape: { 7: '#ac3dc7' },
  blue: { 7: '#1973c3', 8: '#186ab6', 9: '#1761a6' },
  cyan: { 7: '#0d7b8c', 8: '#0a7284', 9: '#0a697a' },
  teal: { 7: '#09815e', 8: '#077855', 9: '#076d4e' },
  green: { 7: '#288037', 8: '#247834', 9: '#226d31' },
  lime: { 7: '#4f7d0f', 8: '#46740a', 9: '#416909' },
  yellow: { 8: '#975800', 9: '#934c00' },
  orange: { 7: '#be4f05', 8: '#b54509', 9: '#a9380c' },
}
const colors = Object.fromEntries(
  Object.entries(darker).map(([name, shades]) => {
    const palette: string[] = [...DEFAULT_THEME.colors[name]]
    for (const [shade, hex] of Object.entries(shades ?? {})) palette[Number(shade)] = hex
    return [name, palette as unknown as MantineColorsTuple]
  }),
)

export const theme = createTheme({
  colors,
  primaryColor: 'indigo',
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  // white or black text on filled buttons, badges and avatars, whichever reads on the colour
  autoContrast: true,
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', radius: 'md' } },
    Button: { defaultProps: { radius: 'md' } },
    // a link inside a sentence must not rely on colour alone (WCAG 1.4.1)
    Anchor: { defaultProps: { underline: 'always' } },
    // a table that scrolls sideways inside its box can be scrolled from the keyboard
    TableScrollContainer: { defaultProps: { tabIndex: 0 } },
  },
})

/**
 * Mantine's dimmed text (gray 6, 3.2:1 on gray 0) becomes gray 7 (7.8:1), and the light and outline
 * variants (the active nav link, light badges and buttons, avatars) draw with shade 9 instead of 7
 * (indigo 7 is 4.3:1 on its own tint).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // field errors and the text of a field in error (Mantine's red 6 is 3.3:1 on white)
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors).flatMap((color) => [
        [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`],
        [`--mantine-color-${color}-outline`, `var(--mantine-color-${color}-9)`],
      ]),
    ),
    '--mantine-primary-color-light-color': 'var(--mantine-color-indigo-9)',
  },
  dark: {},
})

export const PRODUCT_NAME = 'AI Demo Portal'

export function pageTitle(page: string) {
  return `${page} · ${PRODUCT_NAME}`
}
