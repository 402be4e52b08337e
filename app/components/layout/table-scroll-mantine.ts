// What Mantine's Table module imports as its ScrollContainer in the browser build (vite.config.ts).
export { TableScroll as TableScrollContainer } from './table-scroll'
