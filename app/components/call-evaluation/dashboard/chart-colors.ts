// The dashboards' chart colours (Mantine's "colour.shade"), each at least 3:1 against the white
// card, as WCAG asks of the parts of a graphic that carry its meaning.

/** Slices of a whole, in order: distinct hues, none of them grey. */
export const SLICE_COLORS = ['indigo.6', 'teal.8', 'orange.8', 'grape.6', 'cyan.8', 'pink.7', 'lime.9', 'blue.9']
/** The slice of everything not shown on its own. */
export const OTHER_COLOR = 'gray.6'

/** A "colour.shade" as CSS: the charts' own (for the legend's swatches beside the chart). */
export { cssColor } from '~/components/charts/svg-charts'
