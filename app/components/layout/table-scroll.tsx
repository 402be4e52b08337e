import { Box, type BoxProps, type ElementProps } from '@mantine/core'
import { useMergedRef } from '@mantine/hooks'
import { forwardRef, useEffect, useRef, useState } from 'react'
import classes from './table-scroll.module.css'

export type TableScrollProps = BoxProps &
  ElementProps<'div'> & {
    /** The table's own width: narrower boxes scroll sideways. */
    minWidth?: number | string
    /** Taller tables scroll inside the box. */
    maxHeight?: number | string
  }

/** Whether the box's content is larger than the box (so that it scrolls), kept up to date. */
function useOverflows() {
  const ref = useRef<HTMLDivElement>(null)
  const [overflows, setOverflows] = useState(false)
  useEffect(() => {
    const box = ref.current
    if (!box) return
    const measure = () => setOverflows(box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(box)
    if (box.firstElementChild) observer.observe(box.firstElementChild)
    return () => observer.disconnect()
  }, [])
  return [ref, overflows] as const
}

/**
 * A table's box that scrolls natively when the table is wider (or taller) than it. Used instead of
 * Mantine's Table.ScrollContainer, whose custom scrollbars (ScrollArea, with part of floating-ui)
 * cost every page that shows a table about 15 kB of gzipped JavaScript; vite.config.ts hands
 * Mantine's Table this component too, so that its ScrollArea is never bundled (issue 20). A box that
 * scrolls takes focus, so that a keyboard can scroll it too.
 */
export const TableScroll = forwardRef<HTMLDivElement, TableScrollProps & { type?: unknown; scrollAreaProps?: unknown }>(
  // `type` and `scrollAreaProps` are Mantine's props for its ScrollArea: there is none here
  function TableScroll(
    { minWidth, maxHeight, type: _type, scrollAreaProps: _scrollArea, children, style, ...others },
    ref,
  ) {
    const [box, overflows] = useOverflows()
    const merged = useMergedRef(ref, box)
    return (
      <Box
        ref={merged}
        tabIndex={overflows ? 0 : undefined}
        className={classes.scroll}
        {...others}
        style={[{ maxHeight }, style]}
      >
        <div style={{ minWidth }}>{children}</div>
      </Box>
    )
  },
)
